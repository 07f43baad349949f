import { randomBytes, scryptSync } from 'node:crypto';
import type { StaffRole } from '@contract/staff';
import { audit } from '@server/services/staff/audit';
import { newTotp } from '@server/services/staff/totp';
import { generate } from 'otplib';
import { beforeAll, beforeEach, expect } from 'vitest';
import type { AppInstance, TestApp } from './test-app';

/** A staff member made for a test: their sign-in facts and, once signed in, the console cookie. */
export interface TestStaff {
  id: number;
  username: string;
  password: string;
  totpSecret: string;
  /** `temple_staff=<token>`, for the Cookie header. */
  cookie: string;
}

export const STAFF_PASSWORD = 'lotus-pond-2026-correct';

/** The TOTP code of `secret` at `at` (the test's clock), as an authenticator app shows it. */
export const totpCode = (secret: string, at: Date) =>
  generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

let made = 0;

/** scrypt at a cost a sign-in checks in about a millisecond (the console's own is N = 2^15, p = 4: 0.3 s and more). */
const LOW_COST = { N: 2 ** 10, r: 8, p: 1 } as const;

/**
 * STAFF_PASSWORD hashed at a low cost with a salt of its own, in the stored form the sign-in reads
 * (`scrypt$N$r$p$salt$hash`, services/staff/password.ts): a sign-in checks a password at the cost
 * stored beside its hash, so the account signs in through the same code, 300 times faster.
 */
const lowCostHash = () => {
  const salt = randomBytes(16);
  const key = scryptSync(STAFF_PASSWORD.normalize('NFC'), salt, 32, LOW_COST);
  return [
    'scrypt',
    LOW_COST.N,
    LOW_COST.r,
    LOW_COST.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
};

/**
 * A staff account with `roles`, written as the console's service writes one (services/staff/
 * accounts.ts, `create`: the account with its TOTP secret and the audit line staff.created, in one
 * transaction), its password STAFF_PASSWORD hashed at a low cost (lowCostHash). For accounts whose
 * test is not about making one or about the hash: the service's own creation and full-cost hash
 * are what console-staff-accounts (through the console), console-auth's sign-in tests and
 * create-admin test. The service's hash alone takes 0.3 s and more: about a hundred accounts
 * a run were made that way.
 */
export const quickStaffAccount = async (
  t: TestApp,
  username: string,
  roles: StaffRole[],
): Promise<{ id: number; username: string; totpSecret: string }> => {
  const now = t.clock.now();
  const totp = newTotp(username);
  const displayName = '测试员';
  const id = await t.database.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('staff_accounts')
      .values({
        username,
        display_name: displayName,
        password_hash: lowCostHash(),
        totp_secret: totp.secret,
        roles,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(
      trx,
      { id: null, username: 'test' },
      'staff.created',
      `staff:${row.id}`,
      { after: { username, displayName, roles } },
      now,
    );
    return row.id;
  });
  return { id, username, totpSecret: totp.secret };
};

/**
 * Makes a staff account with `roles` (quickStaffAccount) and signs it in through the API. Every
 * sign-in in a suite uses a fresh code (a code is accepted once per account, but accounts are
 * separate). `throughService` makes it through the service instead, at the full cost, for an app
 * whose database is not `t.database`'s (database-roles.test.ts: the server's own role).
 */
export const signedInStaff = async (
  t: TestApp,
  roles: StaffRole[],
  name = 'staff',
  { throughService = false } = {},
): Promise<TestStaff> => {
  made += 1;
  const username = `${name}${made}`.toLowerCase();
  const account = throughService
    ? await t.services.staffAccounts
        .create(
          { username, displayName: '测试员', password: STAFF_PASSWORD, roles },
          { id: null, username: 'test' },
        )
        .then((enrolment) => ({ id: enrolment.account.id, username, totpSecret: enrolment.totpSecret }))
    : await quickStaffAccount(t, username, roles);
  const cookie = await staffSignIn(t, username, STAFF_PASSWORD, account.totpSecret);
  return { ...account, password: STAFF_PASSWORD, cookie };
};

/**
 * Staff of a suite, one per key with its roles: made once (at the suite's start) and signed in
 * afresh before each test, since a console session ends after 30 idle minutes of the test's
 * clock. `signInAgain` does the same in a test, after the clock moved;
 * the clock moves a TOTP step first (a code is accepted once per account).
 */
export const useStaffSessions = <Key extends string>(t: TestApp, roles: Record<Key, StaffRole[]>) => {
  const keys = Object.keys(roles) as Key[];
  const accounts = {} as Record<Key, TestStaff>;
  const staff = Object.assign(accounts, {
    async signInAgain() {
      t.clock.advance(30);
      for (const key of keys) {
        const { username, password, totpSecret } = accounts[key];
        accounts[key] = { ...accounts[key], cookie: await staffSignIn(t, username, password, totpSecret) };
      }
    },
  });
  beforeAll(async () => {
    for (const key of keys) accounts[key] = await signedInStaff(t, roles[key], key);
  });
  beforeEach(() => staff.signInAgain());
  return staff;
};

/** Signs in through the API and answers the console cookie; fails the test on any refusal. */
export const staffSignIn = async (t: TestApp, username: string, password: string, secret: string) => {
  const res = await signInRequest(t, { username, password, code: await totpCode(secret, t.clock.now()) });
  expect(res.status, `sign-in of ${username}`).toBe(200);
  const cookie = /temple_staff=[^;]*/.exec(res.headers.get('set-cookie') ?? '')?.[0];
  if (!cookie) throw new Error('sign-in set no console cookie');
  return cookie;
};

export const signInRequest = (t: AppInstance, body: unknown, headers: Record<string, string> = {}) =>
  t.app.request('/admin/api/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

export interface ConsoleAnswer {
  status: number;
  body: { status?: number; msg: string; data?: unknown };
  headers: Headers;
}

/**
 * A console call with a staff cookie (or none, or anything else in `headers`): JSON in, JSON out.
 * No console call may answer a server error.
 */
export const consoleCall = async (
  t: AppInstance,
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ConsoleAnswer> => {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (method !== 'GET') headers['content-type'] ??= 'application/json';
  const res = await t.app.request(path, {
    method,
    headers,
    ...(method === 'GET' ? {} : { body: JSON.stringify(options.body ?? {}) }),
  });
  expect(res.status, `${method} ${path} answered a server error`).toBeLessThan(500);
  const type = res.headers.get('content-type') ?? '';
  const body = type.includes('json') ? await res.json() : { msg: await res.text() };
  return { status: res.status, body, headers: res.headers };
};
