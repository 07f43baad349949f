import { consoleApi, STAFF_COOKIE } from '@contract/console';
import { STAFF_MESSAGES, STAFF_RULES, staffSignInSchema } from '@contract/staff';
import { Hono } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../../app-env';
import { AppError, tooManyRequests } from '../../errors';
import { body, ok } from '../../http';
import { forgiveRateLimitHit, hitRateLimit } from '../../services/rate-limit';
import type { ConsoleDeps } from './deps';
import { isJson, requireStaff } from './require-staff';

const COOKIE_PATH = '/admin/api';

/**
 * Sign-in, the signed-in account, sign-out. Sign-in is limited per address as well as per
 * account (the lock in accounts.ts). The address's limit is of failures: each call is counted
 * before it is judged (calls sent at once each take a place) and forgiven once it signs in, so an
 * office behind one address, its staff signing in every morning, is never refused. The cookie is
 * HttpOnly, SameSite=Strict, scoped to the console's API, Secure when the site is served over HTTPS.
 */
export const sessionRoutes = ({ db, clock, accounts, addressOf, secureCookie }: ConsoleDeps) =>
  new Hono<AppEnv>()
    .post(consoleApi.signIn.path, async (c) => {
      if (!isJson(c)) throw new AppError(415, STAFF_MESSAGES.jsonOnly);
      const bucket = `staff-sign-in:${addressOf(c)}`;
      const at = clock.now();
      const wait = await hitRateLimit(
        db,
        bucket,
        STAFF_RULES.failedSignInsPerAddress,
        STAFF_RULES.signInWindowSeconds,
        at,
      );
      if (wait !== null) throw tooManyRequests(STAFF_MESSAGES.tooManySignIns, wait);
      const { token, me } = await accounts.signIn(await body(c, staffSignInSchema));
      await forgiveRateLimitHit(db, bucket, STAFF_RULES.signInWindowSeconds, at);
      setCookie(c, STAFF_COOKIE, token, {
        httpOnly: true,
        sameSite: 'Strict',
        secure: secureCookie(),
        path: COOKIE_PATH,
        maxAge: STAFF_RULES.sessionHours * 3600,
      });
      return ok(c, me, '登录成功');
    })
    .get(consoleApi.me.path, requireStaff(accounts), (c) => {
      const { tokenHash: _, ...me } = c.get('staff');
      return ok(c, me);
    })
    .post(consoleApi.signOut.path, requireStaff(accounts), async (c) => {
      await accounts.signOut(c.get('staff'));
      deleteCookie(c, STAFF_COOKIE, { path: COOKIE_PATH, secure: secureCookie() });
      return ok(c, null, '已退出');
    });
