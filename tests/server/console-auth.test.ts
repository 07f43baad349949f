import { STAFF_MESSAGES, STAFF_RULES } from '@contract/staff';
import {
  consoleCall,
  quickStaffAccount,
  STAFF_PASSWORD,
  signedInStaff,
  signInRequest,
  staffSignIn,
  totpCode,
} from '@tests/support/staff';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

/**
 * Issue 24: staff accounts apart from believers: password and TOTP, sessions of their own,
 * lockout, the audit log nobody edits.
 */
describe.each(databaseKinds())('staff sign-in and sessions (%s)', (kind) => {
  const t = useTestApp(kind);

  /** An account as the service makes it: its password hashed at the console's full cost. */
  const newAccount = async (roles: ('clerk' | 'admin' | 'finance')[] = ['clerk']) => {
    const username = `u${Math.random().toString(36).slice(2, 10)}`;
    const { totpSecret, account } = await t.services.staffAccounts.create(
      { username, displayName: '测试员', password: STAFF_PASSWORD, roles },
      { id: null, username: 'test' },
    );
    return { username, totpSecret, id: account.id };
  };
  /**
   * An account made at a low cost (quickStaffAccount): for the tests of codes, locks, limits and
   * the audit log, which sign in up to 25 times each and are not about making one or the hash.
   */
  const quickAccount = () => quickStaffAccount(t, `q${Math.random().toString(36).slice(2, 10)}`, ['clerk']);
  const signIn = async (username: string, password: string, code: string) => {
    const res = await signInRequest(t, { username, password, code });
    return {
      status: res.status,
      body: (await res.json()) as { msg: string },
      cookie: res.headers.get('set-cookie'),
    };
  };

  it('signs in with password and code, sets an HttpOnly SameSite=Strict cookie, and knows who is signed in', async () => {
    const a = await newAccount();
    t.clock.advance(30);
    const res = await signIn(a.username, STAFF_PASSWORD, await totpCode(a.totpSecret, t.clock.now()));
    expect(res.status).toBe(200);
    expect(res.cookie).toMatch(/temple_staff=[\w-]+/);
    expect(res.cookie).toMatch(/HttpOnly/);
    expect(res.cookie).toMatch(/SameSite=Strict/);
    expect(res.cookie).toMatch(/Path=\/admin\/api/);
    const cookie = /temple_staff=[^;]*/.exec(res.cookie ?? '')?.[0] ?? '';
    const me = await consoleCall(t, 'GET', '/admin/api/session', { cookie });
    expect(me.status).toBe(200);
    expect(me.body.data).toEqual({ id: a.id, username: a.username, displayName: '测试员', roles: ['clerk'] });
  });

  it('answers one message for a wrong password, a wrong code and an unknown name', async () => {
    const a = await quickAccount();
    t.clock.advance(30);
    const code = await totpCode(a.totpSecret, t.clock.now());
    const answers = [
      await signIn(a.username, 'wrong-password-123', code),
      await signIn(a.username, STAFF_PASSWORD, code === '000000' ? '111111' : '000000'),
      await signIn('nobody-here', STAFF_PASSWORD, code),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.body.msg).toBe(STAFF_MESSAGES.signInFailed);
      expect(answer.cookie).toBeNull();
    }
  });

  it('accepts a code once: the same code again is refused (replay)', async () => {
    const a = await quickAccount();
    t.clock.advance(30);
    const code = await totpCode(a.totpSecret, t.clock.now());
    expect((await signIn(a.username, STAFF_PASSWORD, code)).status).toBe(200);
    expect((await signIn(a.username, STAFF_PASSWORD, code)).status).toBe(401);
    t.clock.advance(30);
    expect(
      (await signIn(a.username, STAFF_PASSWORD, await totpCode(a.totpSecret, t.clock.now()))).status,
    ).toBe(200);
  });

  it(`locks the account after ${STAFF_RULES.maxFailures} failures, even against the right password and code, for ${STAFF_RULES.lockMinutes} minutes`, async () => {
    const a = await quickAccount();
    for (let i = 1; i < STAFF_RULES.maxFailures; i++) {
      expect((await signIn(a.username, `wrong-password-${i}xx`, '123456')).status).toBe(401);
    }
    const last = await signIn(a.username, 'wrong-password-last', '123456');
    expect(last.status).toBe(423);
    expect(last.body.msg).toBe(STAFF_MESSAGES.locked);
    t.clock.advance(30);
    const right = await signIn(a.username, STAFF_PASSWORD, await totpCode(a.totpSecret, t.clock.now()));
    expect(right.status).toBe(423);
    t.clock.advance(STAFF_RULES.lockMinutes * 60);
    const later = await signIn(a.username, STAFF_PASSWORD, await totpCode(a.totpSecret, t.clock.now()));
    expect(later.status).toBe(200);
  });

  it('counts guesses sent at once: no more than the allowed failures are ever checked', async () => {
    await sql`delete from rate_limits`.execute(t.database.db);
    const a = await newAccount();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn(a.username, `wrong-password-${i}xxx`, '123456')),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(STAFF_RULES.maxFailures - 1);
    expect(statuses.filter((status) => status === 423)).toHaveLength(20 - (STAFF_RULES.maxFailures - 1));
  });

  it('starts a new count once a lock has run out (one wrong try then does not lock again)', async () => {
    await sql`delete from rate_limits`.execute(t.database.db);
    const a = await quickAccount();
    for (let i = 0; i < STAFF_RULES.maxFailures; i++)
      await signIn(a.username, `wrong-password-${i}xx`, '123456');
    t.clock.advance(STAFF_RULES.lockMinutes * 60);
    expect((await signIn(a.username, 'wrong-password-again', '123456')).status).toBe(401);
    t.clock.advance(30);
    expect(
      (await signIn(a.username, STAFF_PASSWORD, await totpCode(a.totpSecret, t.clock.now()))).status,
    ).toBe(200);
  });

  it('locks an unknown name as it locks an account: a 423 tells no one which usernames exist', async () => {
    await sql`delete from rate_limits`.execute(t.database.db);
    const statuses: number[] = [];
    for (let i = 0; i < STAFF_RULES.maxFailures; i++)
      statuses.push((await signIn('nobody-at-all', `wrong-password-${i}xx`, '123456')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 423]);
  });

  it('a session ends after the idle time and after its last hour, and at sign-out', async () => {
    // One account, a session of its own for each ending (the clock has moved past a TOTP step each time).
    const s = await signedInStaff(t, ['clerk']);
    expect((await consoleCall(t, 'GET', '/admin/api/session', { cookie: s.cookie })).status).toBe(200);
    t.clock.advance(STAFF_RULES.idleMinutes * 60 + 1);
    const idle = await consoleCall(t, 'GET', '/admin/api/session', { cookie: s.cookie });
    expect(idle.status).toBe(401);
    expect(idle.body.msg).toBe(STAFF_MESSAGES.sessionEnded);

    const signInAgain = () => staffSignIn(t, s.username, s.password, s.totpSecret);
    const kept = await signInAgain();
    for (let h = 0; h < STAFF_RULES.sessionHours * 3; h++) {
      t.clock.advance(20 * 60);
      const res = await consoleCall(t, 'GET', '/admin/api/session', { cookie: kept });
      expect(res.status).toBe(h < STAFF_RULES.sessionHours * 3 - 1 ? 200 : 401);
    }

    const out = await signInAgain();
    expect((await consoleCall(t, 'POST', '/admin/api/session/end', { cookie: out })).status).toBe(200);
    expect((await consoleCall(t, 'GET', '/admin/api/session', { cookie: out })).status).toBe(401);
  });

  it('refuses a believer token, in the Authorization header or in the console cookie', async () => {
    const token = await t.login('13800001111');
    const asHeader = await consoleCall(t, 'GET', '/admin/api/session', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asHeader.status).toBe(401);
    const asCookie = await consoleCall(t, 'GET', '/admin/api/session', { cookie: `temple_staff=${token}` });
    expect(asCookie.status).toBe(401);
  });

  it('refuses a write that is not JSON (a cross-site form cannot send one)', async () => {
    const s = await signedInStaff(t, ['admin']);
    const res = await consoleCall(t, 'POST', '/admin/api/session/end', {
      cookie: s.cookie,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
  });

  it('writes sign-ins, failures and sign-outs to the audit log, which refuses UPDATE and DELETE', async () => {
    const a = await quickAccount();
    await signIn(a.username, 'wrong-password-123', '123456');
    const rows = await t.database.db
      .selectFrom('staff_audit')
      .select(['action', 'subject'])
      .where('subject', '=', `staff:${a.id}`)
      .execute();
    expect(rows.map((r) => r.action)).toEqual(['staff.created', 'staff.signInFailed']);
    await expect(sql`update staff_audit set action = 'x'`.execute(t.database.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from staff_audit`.execute(t.database.db)).rejects.toThrow(/append-only/);
  });

  /** Moves the clock to the start of the next window of the address's limit: the calls after it share one window. */
  const startOfSignInWindow = () => {
    const windowMs = STAFF_RULES.signInWindowSeconds * 1000;
    t.clock.advance((windowMs - (t.clock.now().getTime() % windowMs)) / 1000);
  };

  // The office's 25 sign-ins check a low-cost hash; the 20 unknown names below each still spend a
  // full-cost check (an unknown name takes as long as a known one).
  it('never counts sign-ins that succeed against the address: a whole office signs in from one address', {
    timeout: 180_000,
  }, async () => {
    await sql`delete from rate_limits`.execute(t.database.db);
    const office = await Promise.all(Array.from({ length: 5 }, () => quickAccount()));
    startOfSignInWindow();
    const statuses: number[] = [];
    // Five rounds of five clerks, a TOTP step apart (a code is accepted once): 25 in one window.
    for (let round = 0; round < 5; round++) {
      t.clock.advance(30);
      for (const a of office) {
        const code = await totpCode(a.totpSecret, t.clock.now());
        statuses.push((await signIn(a.username, STAFF_PASSWORD, code)).status);
      }
    }
    expect(statuses).toEqual(Array(25).fill(200));
  });

  // The failures are wrong passwords of four accounts, each one short of its own lock, and unknown
  // names for the rest: each unknown name spends a full-cost check, a low-cost account's try does not.
  it(`locks an address out after ${STAFF_RULES.failedSignInsPerAddress} failures across usernames, right password and code included`, {
    timeout: 180_000,
  }, async () => {
    await sql`delete from rate_limits`.execute(t.database.db);
    const accounts = await Promise.all(Array.from({ length: 4 }, () => quickAccount()));
    const [a] = accounts;
    if (!a) throw new Error('no account made');
    const perAccount = STAFF_RULES.maxFailures - 1;
    const tries = [
      ...accounts.flatMap((account) => Array.from({ length: perAccount }, () => account.username)),
      ...Array.from(
        { length: STAFF_RULES.failedSignInsPerAddress - accounts.length * perAccount },
        (_, i) => `guess${i}`,
      ),
    ];
    startOfSignInWindow();
    const statuses: number[] = [];
    for (const username of tries) {
      statuses.push((await signIn(username, 'wrong-password-123', '123456')).status);
    }
    expect(statuses).toEqual(Array(STAFF_RULES.failedSignInsPerAddress).fill(401));
    t.clock.advance(30);
    const res = await signInRequest(t, {
      username: a.username,
      password: STAFF_PASSWORD,
      code: await totpCode(a.totpSecret, t.clock.now()),
    });
    expect(res.status).toBe(429);
    expect(((await res.json()) as { msg: string }).msg).toBe(STAFF_MESSAGES.tooManySignIns);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.headers.get('set-cookie')).toBeNull();
  });
});
