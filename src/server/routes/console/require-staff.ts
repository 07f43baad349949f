import { STAFF_COOKIE } from '@contract/console';
import { hasPermission, STAFF_MESSAGES, type StaffPermission } from '@contract/staff';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../app-env';
import { AppError, unauthorized } from '../../errors';
import type { StaffAccounts } from '../../services/staff/accounts';

/** The console's session token: its own HttpOnly cookie, never a believer's Authorization header. */
export const staffTokenOf = (c: Context): string | null => getCookie(c, STAFF_COOKIE) || null;

/**
 * Every console call but sign-in passes here: a staff session from the console's cookie (a
 * believer's token is not one, wherever it is sent), then a JSON body on every write (a form
 * posted from another site cannot send one without CORS: with SameSite=Strict, the CSRF guard).
 */
export const requireStaff = (accounts: StaffAccounts) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const token = staffTokenOf(c);
    if (!token) throw unauthorized(STAFF_MESSAGES.signInRequired);
    c.set('staff', await accounts.sessionFor(token));
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && !isJson(c)) {
      throw new AppError(415, STAFF_MESSAGES.jsonOnly);
    }
    await next();
  });

export const isJson = (c: Context) =>
  (c.req.header('content-type') ?? '').toLowerCase().startsWith('application/json');

/** A 403 unless the signed-in staff member's roles allow `permission` (after requireStaff). */
export const allow = (permission: StaffPermission) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!hasPermission(c.get('staff').roles, permission)) throw new AppError(403, STAFF_MESSAGES.forbidden);
    await next();
  });
