import type { SessionUser } from './services/auth';
import type { StaffSession } from './services/staff/accounts';

/** What a request carries through Hono's context once the auth middleware has run. */
export interface AppEnv {
  Variables: { user: SessionUser; staff: StaffSession };
}
