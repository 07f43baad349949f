import { createHash, randomBytes } from 'node:crypto';
import {
  STAFF_MESSAGES,
  STAFF_RULES,
  type StaffAccount,
  type StaffCreate,
  type StaffMe,
  type StaffRole,
  type StaffSignIn,
  type StaffUpdate,
  type TotpEnrolment,
} from '@contract/staff';
import { sql } from 'kysely';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../../errors';
import { hitRateLimit } from '../rate-limit';
import { audit, type StaffActor } from './audit';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password';
import { checkTotp, newTotp } from './totp';

/** A signed-in staff member, as a console call sees them. */
export interface StaffSession extends StaffMe {
  tokenHash: string;
}

const sessionHash = (token: string) => createHash('sha256').update(token).digest('hex');
const MINUTE = 60_000;

type AccountRow = {
  id: number;
  username: string;
  display_name: string;
  roles: string[];
  disabled: boolean;
  locked_until: Date | string | null;
  last_sign_in_at: Date | string | null;
  created_at: Date | string;
};
const iso = (at: Date | string) => new Date(at).toISOString();
const accountOf = (row: AccountRow): StaffAccount => ({
  id: row.id,
  username: row.username,
  displayName: row.display_name,
  roles: row.roles as StaffRole[],
  disabled: row.disabled,
  lockedUntil: row.locked_until ? iso(row.locked_until) : null,
  lastSignInAt: row.last_sign_in_at ? iso(row.last_sign_in_at) : null,
  createdAt: iso(row.created_at),
});
const ACCOUNT_COLUMNS = [
  'id',
  'username',
  'display_name',
  'roles',
  'disabled',
  'locked_until',
  'last_sign_in_at',
  'created_at',
] as const;

/**
 * Staff accounts and their sessions: sign-in with a password and a TOTP code (both always
 * checked, one answer whatever was wrong), a lock after `maxFailures` failures in a row, sessions
 * that end after `idleMinutes` without a call or `sessionHours` at the latest, and the
 * administrator's account management. Every sign-in, failed or not, and every change is audited.
 */
export const createStaffAccounts = ({ db, clock }: { db: Db; clock: Clock }) => {
  const enrolment = async (
    row: AccountRow,
    totp: { secret: string; uri: string },
  ): Promise<TotpEnrolment> => ({
    account: accountOf(row),
    totpUri: totp.uri,
    totpSecret: totp.secret,
  });

  /** Ends every open session of an account (disabled, new password, new TOTP secret). */
  const endSessions = (trx: Db, staffId: number, now: Date) =>
    trx
      .updateTable('staff_sessions')
      .set({ ended_at: now })
      .where('staff_id', '=', staffId)
      .where('ended_at', 'is', null)
      .execute();

  const adminsLeft = async (trx: Db, exceptId: number) => {
    const row = await trx
      .selectFrom('staff_accounts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('id', '!=', exceptId)
      .where('disabled', '=', false)
      .where(({ eb, val }) => eb(val('admin'), '=', eb.fn.any('roles')))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  return {
    /**
     * Signs in: the account's lock is checked first, then password and code are both checked
     * (a wrong password never tells whether the code was right). A success resets the failures
     * and opens a session; a failure counts, and the `maxFailures`-th locks the account.
     */
    async signIn(input: StaffSignIn): Promise<{ token: string; me: StaffMe }> {
      const now = clock.now();
      const account = await db
        .selectFrom('staff_accounts')
        .selectAll()
        .where('username', '=', input.username)
        .executeTakeFirst();
      const actor: StaffActor = { id: account?.id ?? null, username: input.username };
      const refuse = async (reason: string, status: 401 | 423, extra: Record<string, unknown> = {}) => {
        await audit(
          db,
          actor,
          'staff.signInFailed',
          `staff:${account?.id ?? input.username}`,
          {
            after: { reason, ...extra },
          },
          now,
        );
        throw status === 423
          ? new AppError(423, STAFF_MESSAGES.locked)
          : unauthorized(STAFF_MESSAGES.signInFailed);
      };
      if (!account) {
        await burnPasswordCheck(input.password);
        // An unknown name is locked like an account after as many failures: the 423 tells no one
        // which usernames exist.
        const wait = await hitRateLimit(
          db,
          `staff-sign-in-name:${input.username}`,
          STAFF_RULES.maxFailures - 1,
          STAFF_RULES.lockMinutes * 60,
          now,
        );
        return refuse('unknown', wait === null ? 401 : 423);
      }
      // Each attempt is counted before it is checked, in one statement (attempts sent at once each
      // take a number), and none is checked while the account is locked: at most `maxFailures`
      // guesses per lock, however many are in flight. A lock that has run out starts a new count.
      const attempt = await db
        .updateTable('staff_accounts')
        .set((eb) => ({
          failed_count: sql<number>`case when ${eb.ref('locked_until')} is not null then 1 else ${eb.ref('failed_count')} + 1 end`,
          locked_until: sql<Date | null>`case when (case when ${eb.ref('locked_until')} is not null then 1 else ${eb.ref('failed_count')} + 1 end) >= ${STAFF_RULES.maxFailures} then ${new Date(now.getTime() + STAFF_RULES.lockMinutes * MINUTE)}::timestamptz else null end`,
        }))
        .where('id', '=', account.id)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
        .returning(['failed_count', 'locked_until'])
        .executeTakeFirst();
      if (!attempt) return refuse('locked', 423);
      const passwordOk = await verifyPassword(input.password, account.password_hash);
      const lastStep = account.totp_last_step === null ? null : Number(account.totp_last_step);
      const step = await checkTotp(account.totp_secret, input.code, now, lastStep);
      if (!passwordOk || step === null) {
        const locked = attempt.locked_until !== null;
        return refuse(passwordOk ? 'code' : 'password', locked ? 423 : 401, {
          failures: attempt.failed_count,
          locked,
        });
      }
      if (account.disabled) {
        await audit(
          db,
          actor,
          'staff.signInFailed',
          `staff:${account.id}`,
          { after: { reason: 'disabled' } },
          now,
        );
        throw new AppError(403, STAFF_MESSAGES.disabled);
      }
      const token = randomBytes(32).toString('base64url');
      await db.transaction().execute(async (trx) => {
        // The step is taken only if no other sign-in took it (or a later one) first: a code is used once.
        const taken = await trx
          .updateTable('staff_accounts')
          .set({ totp_last_step: step, failed_count: 0, locked_until: null, last_sign_in_at: now })
          .where('id', '=', account.id)
          .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', String(step))]))
          .executeTakeFirst();
        if (taken.numUpdatedRows === 0n) throw unauthorized(STAFF_MESSAGES.signInFailed);
        await trx
          .insertInto('staff_sessions')
          .values({
            token_hash: sessionHash(token),
            staff_id: account.id,
            created_at: now,
            last_seen_at: now,
            expires_at: new Date(now.getTime() + STAFF_RULES.sessionHours * 60 * MINUTE),
          })
          .execute();
        await audit(trx, actor, 'staff.signedIn', `staff:${account.id}`, {}, now);
      });
      return {
        token,
        me: {
          id: account.id,
          username: account.username,
          displayName: account.display_name,
          roles: account.roles as StaffRole[],
        },
      };
    },

    /** The session of a console call: refused when unknown, ended, idle too long, past its end or its account disabled. */
    async sessionFor(token: string): Promise<StaffSession> {
      const now = clock.now();
      const hash = sessionHash(token);
      const row = await db
        .selectFrom('staff_sessions')
        .innerJoin('staff_accounts', 'staff_accounts.id', 'staff_sessions.staff_id')
        .select([
          'staff_sessions.last_seen_at',
          'staff_sessions.expires_at',
          'staff_sessions.ended_at',
          'staff_accounts.id',
          'staff_accounts.username',
          'staff_accounts.display_name',
          'staff_accounts.roles',
          'staff_accounts.disabled',
        ])
        .where('staff_sessions.token_hash', '=', hash)
        .executeTakeFirst();
      if (!row) throw unauthorized(STAFF_MESSAGES.signInRequired);
      const idleEnd = new Date(row.last_seen_at).getTime() + STAFF_RULES.idleMinutes * MINUTE;
      if (row.ended_at || row.disabled || new Date(row.expires_at) <= now || idleEnd <= now.getTime()) {
        throw unauthorized(STAFF_MESSAGES.sessionEnded);
      }
      // Seen again: written at most once a minute (every call of a busy console would otherwise write).
      if (now.getTime() - new Date(row.last_seen_at).getTime() > MINUTE) {
        await db
          .updateTable('staff_sessions')
          .set({ last_seen_at: now })
          .where('token_hash', '=', hash)
          .execute();
      }
      return {
        tokenHash: hash,
        id: row.id,
        username: row.username,
        displayName: row.display_name,
        roles: row.roles as StaffRole[],
      };
    },

    async signOut(session: StaffSession): Promise<void> {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('staff_sessions')
          .set({ ended_at: now })
          .where('token_hash', '=', session.tokenHash)
          .execute();
        await audit(trx, session, 'staff.signedOut', `staff:${session.id}`, {}, now);
      });
    },

    async list(): Promise<StaffAccount[]> {
      const rows = await db.selectFrom('staff_accounts').select(ACCOUNT_COLUMNS).orderBy('id').execute();
      return rows.map(accountOf);
    },

    /** A new account with its TOTP secret, answered once (the administrator shows its QR to the new member). */
    async create(input: StaffCreate, actor: StaffActor): Promise<TotpEnrolment> {
      const now = clock.now();
      const totp = newTotp(input.username);
      const passwordHash = await hashPassword(input.password);
      try {
        const row = await db.transaction().execute(async (trx) => {
          const created = await trx
            .insertInto('staff_accounts')
            .values({
              username: input.username,
              display_name: input.displayName,
              password_hash: passwordHash,
              totp_secret: totp.secret,
              roles: input.roles,
              created_at: now,
            })
            .returning(ACCOUNT_COLUMNS)
            .executeTakeFirstOrThrow();
          await audit(
            trx,
            actor,
            'staff.created',
            `staff:${created.id}`,
            {
              after: { username: input.username, displayName: input.displayName, roles: input.roles },
            },
            now,
          );
          return created;
        });
        return enrolment(row, totp);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(STAFF_MESSAGES.usernameTaken);
        throw error;
      }
    },

    /**
     * Name, roles, enabled, and a new password when one is given; saving also lifts a lock. At
     * least one enabled administrator stays: changes of accounts take one lock in turn, so two
     * administrators disabling each other at once cannot both succeed.
     */
    async update(id: number, input: StaffUpdate, actor: StaffActor): Promise<StaffAccount> {
      const now = clock.now();
      if (id === actor.id && input.disabled) throw badRequest(STAFF_MESSAGES.selfDisable);
      const passwordHash = input.password ? await hashPassword(input.password) : null;
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext('staff-accounts'))`.execute(trx);
        const before = await trx
          .selectFrom('staff_accounts')
          .select(ACCOUNT_COLUMNS)
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!before) throw notFound(STAFF_MESSAGES.accountNotFound);
        const staysAdmin = !input.disabled && input.roles.includes('admin');
        if (before.roles.includes('admin') && !staysAdmin && (await adminsLeft(trx, id)) === 0) {
          throw conflict(STAFF_MESSAGES.lastAdmin);
        }
        const after = await trx
          .updateTable('staff_accounts')
          .set({
            display_name: input.displayName,
            roles: input.roles,
            disabled: input.disabled,
            failed_count: 0,
            locked_until: null,
            ...(passwordHash ? { password_hash: passwordHash } : {}),
          })
          .where('id', '=', id)
          .returning(ACCOUNT_COLUMNS)
          .executeTakeFirstOrThrow();
        // A disabled account's sessions end at once, and so do they when its password is replaced.
        if (input.disabled || passwordHash) await endSessions(trx, id, now);
        const view = (a: StaffAccount) => ({
          displayName: a.displayName,
          roles: a.roles,
          disabled: a.disabled,
          lockedUntil: a.lockedUntil,
        });
        await audit(
          trx,
          actor,
          'staff.updated',
          `staff:${id}`,
          {
            before: view(accountOf(before)),
            after: { ...view(accountOf(after)), ...(passwordHash ? { passwordReplaced: true } : {}) },
          },
          now,
        );
        return accountOf(after);
      });
    },

    /** A new TOTP secret (a lost phone): the old codes stop working at once. */
    async resetTotp(id: number, actor: StaffActor): Promise<TotpEnrolment> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('staff_accounts')
          .select(ACCOUNT_COLUMNS)
          .where('id', '=', id)
          .executeTakeFirst();
        if (!row) throw notFound(STAFF_MESSAGES.accountNotFound);
        const totp = newTotp(row.username);
        await trx
          .updateTable('staff_accounts')
          .set({ totp_secret: totp.secret, totp_last_step: null })
          .where('id', '=', id)
          .execute();
        // A lost (or stolen) phone: whoever signed in with it is signed out.
        await endSessions(trx, id, now);
        await audit(trx, actor, 'staff.totpReset', `staff:${id}`, {}, now);
        return enrolment(row, totp);
      });
    },

    /**
     * The first administrator, made by `npm run staff -- create-admin` (its actor is the command).
     * Refused once any administrator exists: later accounts are made in the console.
     */
    async createFirstAdmin(input: Omit<StaffCreate, 'roles'>): Promise<TotpEnrolment> {
      // Only an enabled administrator counts: with every administrator disabled (or none left who
      // can sign in, once an administrator disables the others), the command makes a new one.
      const existing = await db
        .selectFrom('staff_accounts')
        .select('id')
        .where('disabled', '=', false)
        .where(({ eb, val }) => eb(val('admin'), '=', eb.fn.any('roles')))
        .executeTakeFirst();
      if (existing) throw conflict('已有启用的管理员账号：请由管理员在工作台中新建账号或重设密码');
      return this.create({ ...input, roles: ['admin'] }, { id: null, username: 'create-admin' });
    },
  };
};

export type StaffAccounts = ReturnType<typeof createStaffAccounts>;
