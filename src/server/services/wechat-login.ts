import { randomBytes } from 'node:crypto';
import { PHONE_PAYMENT_LIMITS } from '@contract/rate-limits';
import { WECHAT_LOGIN_MESSAGES } from '@contract/wechat-login';
import { subHours } from 'date-fns';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { isUniqueViolation } from '../db/errors';
import { AppError, conflict, notFound, tooManyRequests } from '../errors';
import type { WechatOauth } from '../gateways/wechat-oauth';
import type { Logger } from '../logger';
import { tokenHash } from './auth';
import { hitRateLimits } from './rate-limit';

/**
 * A visit serves its tab this long (an order's hold is 15 minutes; a page open longer asks WeChat
 * again, silently); retention deletes it after a day.
 */
const VISIT_HOURS = 2;

/**
 * WeChat's web login on the server (issue 37): codes exchanged for openids kept here behind visit
 * tokens, bindings made with the believer's consent, and the openid a JSAPI payment is made with.
 */
export const createWechatLoginService = ({
  db,
  clock,
  logger,
  oauth,
  h5,
}: {
  db: Db;
  clock: Clock;
  logger: Logger;
  oauth: WechatOauth | undefined;
  /** The payment gateway's: phone browsers pay at WeChat's H5 cashier. */
  h5: boolean;
}) => {
  const openidOfVisit = async (visit: string) =>
    (
      await db
        .selectFrom('wechat_visits')
        .select('openid')
        .where('token_hash', '=', tokenHash(visit))
        .where('created_at', '>', subHours(clock.now(), VISIT_HOURS))
        .executeTakeFirst()
    )?.openid;

  return {
    config: () => ({
      appid: oauth?.appid ?? '',
      authorizeUrl: oauth ? `${oauth.authorizeBase}/connect/oauth2/authorize` : '',
      h5,
    }),

    /**
     * Exchanges a code (once: WeChat refuses it the second time) for a visit token; each code
     * from `address` counts against PHONE_PAYMENT_LIMITS.visitsPerAddress first (429 over it).
     */
    async visit(code: string, address: string): Promise<{ visit: string; bound: boolean }> {
      if (!oauth) throw notFound(WECHAT_LOGIN_MESSAGES.notConfigured);
      const wait = await hitRateLimits(
        db,
        `wechat-visit:addr:${address}`,
        [PHONE_PAYMENT_LIMITS.visitsPerAddress],
        clock.now(),
      );
      if (wait !== null) throw tooManyRequests(WECHAT_LOGIN_MESSAGES.tooManyVisits(wait), wait);
      const exchanged = await oauth.exchange(code);
      if (!exchanged.ok && exchanged.reason === 'code')
        throw new AppError(400, WECHAT_LOGIN_MESSAGES.codeSpent);
      if (!exchanged.ok) {
        logger.warn('wechat.oauth_failed', { errcode: exchanged.errcode });
        throw new AppError(503, WECHAT_LOGIN_MESSAGES.unavailable, 5);
      }
      const visit = randomBytes(32).toString('base64url');
      await db
        .insertInto('wechat_visits')
        .values({ token_hash: tokenHash(visit), openid: exchanged.openid, created_at: clock.now() })
        .execute();
      const binding = await db
        .selectFrom('wechat_bindings')
        .select('user_id')
        .where('openid', '=', exchanged.openid)
        .executeTakeFirst();
      return { visit, bound: binding !== undefined };
    },

    /** Binds the visit's openid to the believer; an openid bound to another believer moves to this one. */
    async bind(userId: number, visit: string): Promise<void> {
      const openid = await openidOfVisit(visit);
      if (!openid) throw conflict(WECHAT_LOGIN_MESSAGES.visitUnknown);
      try {
        await db.transaction().execute(async (trx) => {
          await trx
            .deleteFrom('wechat_bindings')
            .where('openid', '=', openid)
            .where('user_id', '<>', userId)
            .execute();
          await trx
            .insertInto('wechat_bindings')
            .values({ user_id: userId, openid, bound_at: clock.now() })
            .onConflict((c) => c.column('user_id').doUpdateSet({ openid, bound_at: clock.now() }))
            .execute();
        });
      } catch (error) {
        // Two believers binding one WeChat at the same moment: the first bound, the second asks again.
        if (isUniqueViolation(error)) throw conflict(WECHAT_LOGIN_MESSAGES.bindRaced);
        throw error;
      }
    },

    /** Whether the believer has bound a WeChat. */
    async isBound(userId: number): Promise<boolean> {
      const binding = await db
        .selectFrom('wechat_bindings')
        .select('user_id')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return binding !== undefined;
    },

    /** Undoes the binding, and forgets every visit of that WeChat. */
    async unbind(userId: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const gone = await trx
          .deleteFrom('wechat_bindings')
          .where('user_id', '=', userId)
          .returning('openid')
          .executeTakeFirst();
        if (gone) await trx.deleteFrom('wechat_visits').where('openid', '=', gone.openid).execute();
      });
    },

    /** The openid a believer pays by JSAPI with: this tab's visit's, else their binding's. */
    async payerOpenid(userId: number, visit: string | undefined): Promise<string | undefined> {
      const fromVisit = visit ? await openidOfVisit(visit) : undefined;
      if (fromVisit) return fromVisit;
      const binding = await db
        .selectFrom('wechat_bindings')
        .select('openid')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return binding?.openid;
    },
  };
};

export type WechatLoginService = ReturnType<typeof createWechatLoginService>;
