import { AUTH_MESSAGES } from '@contract/auth';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { unauthorized } from '../errors';
import type { AuthService } from '../services/auth';

/** The main client sends `Bearer <token>`, the portal client the bare token (spec 002 section 6). */
export const tokenOf = (authorization: string | undefined): string | null => {
  const header = authorization?.trim();
  if (!header) return null;
  return header.replace(/^Bearer\s+/i, '') || null;
};

export const bearerToken = (c: Context): string | null => tokenOf(c.req.header('authorization'));

/** Where a token's believer is found: the auth service, or the payment poll's sessions held in memory. */
export type SessionSource = Pick<AuthService, 'userForToken'>;

/** A 401 for a missing, expired or revoked token; otherwise the user is on the context. */
export const requireUser = (auth: SessionSource) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const token = bearerToken(c);
    if (!token) throw unauthorized(AUTH_MESSAGES.unauthorized);
    c.set('user', await auth.userForToken(token));
    await next();
  });
