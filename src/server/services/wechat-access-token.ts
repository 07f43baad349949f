import { WECHAT_LOGIN_MESSAGES } from '@contract/wechat-login';
import { addMilliseconds, addSeconds } from 'date-fns';
import { sql } from 'kysely';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { AppError } from '../errors';
import type { WechatOauth } from '../gateways/wechat-oauth';
import type { Logger } from '../logger';

/** A token is asked for again this long before WeChat's expiry: never used in its last minutes. */
export const ACCESS_TOKEN_MARGIN_MS = 5 * 60_000;

/**
 * The 服务号's access_token, shared by every instance through the database (issue 37). WeChat
 * keeps one token per AppID: a new one voids the old, so two instances refreshing each on its
 * own would void each other's. Here a fresh token is read by anyone; a stale one is replaced
 * under the AppID's advisory lock, and whoever waited for the lock reads the token the holder
 * stored instead of asking WeChat again.
 */
export const createWechatAccessToken = ({
  db,
  clock,
  logger,
  oauth,
}: {
  db: Db;
  clock: Clock;
  logger: Logger;
  oauth: WechatOauth;
}) => {
  const freshToken = async (reader: Db) =>
    (
      await reader
        .selectFrom('wechat_access_tokens')
        .select('token')
        .where('appid', '=', oauth.appid)
        .where('expires_at', '>', addMilliseconds(clock.now(), ACCESS_TOKEN_MARGIN_MS))
        .executeTakeFirst()
    )?.token;

  return {
    /** A token valid for at least the margin: the shared one, or a new one asked by this instance alone. */
    async current(): Promise<string> {
      const shared = await freshToken(db);
      if (shared) return shared;
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext(${`wechat-access-token:${oauth.appid}`}))`.execute(
          trx,
        );
        const stored = await freshToken(trx);
        if (stored) return stored;
        const issued = await oauth.issueAccessToken();
        if (!issued.ok) {
          logger.warn('wechat.access_token_failed', { errcode: issued.errcode });
          throw new AppError(503, WECHAT_LOGIN_MESSAGES.unavailable);
        }
        const expiresAt = addSeconds(clock.now(), issued.expiresInSeconds);
        await trx
          .insertInto('wechat_access_tokens')
          .values({ appid: oauth.appid, token: issued.token, expires_at: expiresAt })
          .onConflict((oc) => oc.column('appid').doUpdateSet({ token: issued.token, expires_at: expiresAt }))
          .execute();
        return issued.token;
      });
    },
  };
};

export type WechatAccessToken = ReturnType<typeof createWechatAccessToken>;
