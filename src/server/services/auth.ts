import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { AUTH_MESSAGES, AUTH_RULES, type Session, type SmsCodePurpose, type UserInfo } from '@contract/auth';
import { CODE_CHECK_LIMITS, SMS_LIMITS } from '@contract/rate-limits';
import { addDays, addSeconds, differenceInSeconds } from 'date-fns';
import { sql } from 'kysely';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { AppError, badRequest, conflict, tooManyRequests, unauthorized } from '../errors';
import type { SmsProvider } from '../gateways/sms';
import { hitRateLimits } from './rate-limit';

/** Which sessions were just revoked: one token (logout) or every token of a user. */
export type Revoked = { tokenHash: string } | { userId: number };

export interface AuthDeps {
  db: Db;
  clock: Clock;
  sms: SmsProvider;
  secret: string;
  /** Told once a revocation is committed, so sessions held in memory (the payment poll's) drop it at once. */
  onRevoked?: (revoked: Revoked) => void;
}

export interface SessionUser extends UserInfo {
  id: number;
}

/** A token as the database keeps it: only its hash is stored. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The token's session with its believer and expiry, unless revoked; the caller judges expiry against its clock. */
export const readSession = (db: Db, hash: string) =>
  db
    .selectFrom('auth_tokens')
    .innerJoin('users', 'users.id', 'auth_tokens.user_id')
    .select([
      'auth_tokens.token_hash',
      'auth_tokens.expires_at',
      'users.id',
      'users.phone',
      'users.user_type',
      'users.real_name',
    ])
    .where('auth_tokens.token_hash', '=', hash)
    .where('auth_tokens.revoked_at', 'is', null)
    .executeTakeFirst();

export type SessionRow = NonNullable<Awaited<ReturnType<typeof readSession>>>;

/**
 * Which of these token hashes no longer have a live session (revoked, or gone): the answer
 * is usually empty, so checking every polled token costs one small read.
 */
export const endedSessions = async (db: Db, hashes: readonly string[]): Promise<string[]> => {
  const { rows } = await sql<{ token_hash: string }>`
    select p.token_hash from unnest(${hashes}::text[]) as p(token_hash)
    where not exists (
      select 1 from auth_tokens t where t.token_hash = p.token_hash and t.revoked_at is null
    )`.execute(db);
  return rows.map((row) => row.token_hash);
};

export const sessionUser = (row: SessionRow): SessionUser => ({
  id: row.id,
  phone: row.phone,
  userType: row.user_type,
  realName: row.real_name,
});

export const createAuthService = ({ db, clock, sms, secret, onRevoked = () => {} }: AuthDeps) => {
  const hashCode = (phone: string, purpose: SmsCodePurpose, code: string) =>
    createHmac('sha256', secret).update(`${phone}:${purpose}:${code}`).digest('hex');

  const findUser = (phone: string) =>
    db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();

  const issueToken = async (user: {
    id: number;
    phone: string;
    user_type: number;
    real_name: string | null;
  }) => {
    const token = randomBytes(32).toString('base64url');
    const now = clock.now();
    await db
      .insertInto('auth_tokens')
      .values({
        token_hash: tokenHash(token),
        user_id: user.id,
        created_at: now,
        expires_at: addDays(now, AUTH_RULES.tokenTtlDays),
        revoked_at: null,
      })
      .execute();
    return {
      token,
      userInfo: { phone: user.phone, userType: user.user_type, realName: user.real_name },
    } satisfies Session;
  };

  /**
   * Checks a code and spends it. A wrong try is counted and committed even though the call is
   * refused, so the limit holds across requests; the row lock keeps concurrent tries honest.
   * Every check of the phone also counts against CODE_CHECK_LIMITS.perPhone, across its codes,
   * per caller's address: a stranger's wrong tries from elsewhere never lock the believer out.
   */
  const verifyCode = async (phone: string, purpose: SmsCodePurpose, code: string, address?: string) => {
    const now = clock.now();
    const bucket = `code-check:phone:${phone}:addr:${address ?? 'server'}`;
    const wait = await hitRateLimits(db, bucket, [CODE_CHECK_LIMITS.perPhone], now);
    if (wait !== null) throw tooManyRequests(AUTH_MESSAGES.checksTooMany(wait), wait);
    const refusal = await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('sms_codes')
        .selectAll()
        .where('phone', '=', phone)
        .where('purpose', '=', purpose)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .forUpdate()
        .executeTakeFirst();
      if (!row || row.used_at) return AUTH_MESSAGES.codeMissing;
      if (row.wrong_tries >= AUTH_RULES.maxWrongTries) return AUTH_MESSAGES.codeLocked;
      if (row.expires_at <= now) return AUTH_MESSAGES.codeExpired;
      const expected = Buffer.from(row.code_hash, 'hex');
      const given = Buffer.from(hashCode(phone, purpose, code), 'hex');
      if (!timingSafeEqual(expected, given)) {
        const wrongTries = row.wrong_tries + 1;
        await trx
          .updateTable('sms_codes')
          .set({ wrong_tries: wrongTries })
          .where('id', '=', row.id)
          .execute();
        const left = AUTH_RULES.maxWrongTries - wrongTries;
        return left > 0 ? AUTH_MESSAGES.codeWrong(left) : AUTH_MESSAGES.codeLocked;
      }
      await trx.updateTable('sms_codes').set({ used_at: now }).where('id', '=', row.id).execute();
      return null;
    });
    if (refusal) throw badRequest(refusal);
  };

  /** Counts a login or register call from `address` (every one, whatever it answers). */
  const guardChecksFrom = async (address: string | undefined) => {
    if (address === undefined) return;
    const wait = await hitRateLimits(
      db,
      `code-check:addr:${address}`,
      [CODE_CHECK_LIMITS.perAddress],
      clock.now(),
    );
    if (wait !== null) throw tooManyRequests(AUTH_MESSAGES.checksTooMany(wait), wait);
  };

  return {
    /** Checks a code of `purpose` for `phone` and spends it (400 with the reason otherwise). */
    verifyCode,

    /**
     * Sends a code of `purpose` to `phone`. A call from `address` (the HTTP caller's; absent for
     * the server's own sends) counts against SMS_LIMITS.perAddress first, whatever it answers:
     * the answer tells a registered phone from an unknown one, so that limit is the rate at
     * which an address can check phones. The phone gets one code per cooldown and at most
     * SMS_LIMITS.perPhone; both checked under the phone's lock, so racing sends count once each.
     */
    async sendCode(phone: string, purpose: SmsCodePurpose, address?: string): Promise<void> {
      const now = clock.now();
      if (address !== undefined) {
        const wait = await hitRateLimits(db, `sms:addr:${address}`, SMS_LIMITS.perAddress, now);
        if (wait !== null) throw tooManyRequests(AUTH_MESSAGES.addressSendsTooMany(wait), wait);
      }
      const registered = Boolean(await findUser(phone));
      if (purpose === 'login' && !registered) throw badRequest(AUTH_MESSAGES.notRegistered);
      if (purpose === 'register' && registered) throw conflict(AUTH_MESSAGES.alreadyRegistered);
      const code = String(randomInt(0, 1_000_000)).padStart(AUTH_RULES.codeLength, '0');
      const refusal = await db.transaction().execute(async (trx) => {
        // One code per phone per cooldown, even when two requests race.
        await sql`select pg_advisory_xact_lock(hashtext(${`sms:${phone}`}))`.execute(trx);
        const last = await trx
          .selectFrom('sms_codes')
          .select('created_at')
          .where('phone', '=', phone)
          .orderBy('created_at', 'desc')
          .limit(1)
          .executeTakeFirst();
        const since = last ? differenceInSeconds(now, last.created_at) : Number.POSITIVE_INFINITY;
        if (since < AUTH_RULES.resendSeconds) {
          const wait = AUTH_RULES.resendSeconds - since;
          return tooManyRequests(AUTH_MESSAGES.tooSoon(wait), wait);
        }
        // Counted in this transaction: committed with the code, or with the refusal.
        const wait = await hitRateLimits(trx, `sms:phone:${phone}`, SMS_LIMITS.perPhone, now);
        if (wait !== null) return tooManyRequests(AUTH_MESSAGES.phoneSendsTooMany(wait), wait);
        const { id } = await trx
          .insertInto('sms_codes')
          .values({
            phone,
            purpose,
            code_hash: hashCode(phone, purpose, code),
            created_at: now,
            expires_at: addSeconds(now, AUTH_RULES.codeTtlSeconds),
            used_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { sent: id };
      });
      if (refusal instanceof AppError) throw refusal;
      const minutes = String(AUTH_RULES.codeTtlSeconds / 60);
      await sms.send(
        { phone, template: 'login_code', params: { code, minutes }, ref: `code-${refusal.sent}` },
        now,
      );
    },

    /** Logs in with a code; a call from `address` counts against CODE_CHECK_LIMITS.perAddress. */
    async login(phone: string, code: string, address?: string): Promise<Session> {
      await guardChecksFrom(address);
      const user = await findUser(phone);
      if (!user) throw badRequest(AUTH_MESSAGES.notRegistered);
      await verifyCode(phone, 'login', code, address);
      return issueToken(user);
    },

    async register(phone: string, code: string, realName: string, address?: string): Promise<Session> {
      await guardChecksFrom(address);
      if (await findUser(phone)) throw conflict(AUTH_MESSAGES.alreadyRegistered);
      await verifyCode(phone, 'register', code, address);
      const user = await db
        .insertInto('users')
        .values({ phone, real_name: realName, created_at: clock.now() })
        .onConflict((oc) => oc.column('phone').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!user) throw conflict(AUTH_MESSAGES.alreadyRegistered);
      return issueToken(user);
    },

    async logout(token: string): Promise<void> {
      const hash = tokenHash(token);
      await db
        .updateTable('auth_tokens')
        .set({ revoked_at: clock.now() })
        .where('token_hash', '=', hash)
        .where('revoked_at', 'is', null)
        .execute();
      onRevoked({ tokenHash: hash });
    },

    /** Every token of a user revoked (an administrator's or the user's own "log out everywhere"). */
    async revokeAll(phone: string): Promise<void> {
      const user = await findUser(phone);
      if (!user) return;
      await db
        .updateTable('auth_tokens')
        .set({ revoked_at: clock.now() })
        .where('user_id', '=', user.id)
        .where('revoked_at', 'is', null)
        .execute();
      onRevoked({ userId: user.id });
    },

    async userForToken(token: string): Promise<SessionUser> {
      const row = await readSession(db, tokenHash(token));
      if (!row || row.expires_at <= clock.now()) throw unauthorized(AUTH_MESSAGES.unauthorized);
      return sessionUser(row);
    },
  };
};

export type AuthService = ReturnType<typeof createAuthService>;
