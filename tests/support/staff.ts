import { randomBytes, scryptSync } from 'node:crypto';
import type { StaffRole, TotpEnrolment } from '@contract/staff';
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

/** scrypt at a cost a sign-in checks in about a millisecond (the console's own is N = 2^15, 32 MB: 0.3 s). */
const LOW_COST = { N: 2 ** 10, r: 8, p: 1 } as const;

/**
 * Gives the account a hash of STAFF_PASSWORD at a low cost, in the stored form the sign-in reads
 * (`scrypt$N$r$p$salt$hash`, services/staff/password.ts): a sign-in checks a password at the cost
 * stored beside its hash, so the account still signs in through the same code, 300 times faster.
 * For accounts whose test is not about the hash: the service's own full-cost hash is what
 * console-auth's sign-in tests, create-admin and the staff accounts' password changes sign in with.
 * An account of another database than `t`'s (database-roles.test.ts) is left as made.
 */
export const lowCostPassword = async (t: TestApp, account: { id: number; username: string }) => {
  const salt = randomBytes(16);
  const key = scryptSync(STAFF_PASSWORD.normalize('NFC'), salt, 32, LOW_COST);
  const stored = [
    'scrypt',
    LOW_COST.N,
    LOW_COST.r,
    LOW_COST.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ];
  await t.database.db
    .updateTable('staff_accounts')
    .set({ password_hash: stored.join('$') })
    .where('id', '=', account.id)
    .where('username', '=', account.username)
    .execute();
};

/**
 * Makes a staff account with `roles` through the service (as an administrator's console would)
 * and signs it in through the API. The clock moves on a TOTP step first, so every sign-in in a
 * suite uses a fresh code (a code is accepted once per account, but accounts are separate). Its
 * password is kept at a low cost (lowCostPassword): its sign-ins, this one and any later, take no 0.3 s.
 */
export const signedInStaff = async (t: TestApp, roles: StaffRole[], name = 'staff'): Promise<TestStaff> => {
  made += 1;
  const username = `${name}${made}`.toLowerCase();
  const enrolment: TotpEnrolment = await t.services.staffAccounts.create(
    { username, displayName: '测试员', password: STAFF_PASSWORD, roles },
    { id: null, username: 'test' },
  );
  await lowCostPassword(t, { id: enrolment.account.id, username });
  const cookie = await staffSignIn(t, username, STAFF_PASSWORD, enrolment.totpSecret);
  return {
    id: enrolment.account.id,
    username,
    password: STAFF_PASSWORD,
    totpSecret: enrolment.totpSecret,
    cookie,
  };
};

/**
 * Staff of a suite, one per key with its roles: made once (one full-cost password hash each, at
 * the suite's start) and signed in afresh before each test, since a console session ends after 30
 * idle minutes of the test's clock. `signInAgain` does the same in a test, after the clock moved;
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
