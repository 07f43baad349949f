import { STAFF_MESSAGES } from '@contract/staff';
import { consoleCall, STAFF_PASSWORD, signedInStaff, staffSignIn } from '@tests/support/staff';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { describe, expect, it } from 'vitest';

/**
 * Issue 24: what an administrator does with accounts, and what it must never allow: a new password
 * or TOTP secret signs the account out; two administrators disabling each other at once leave one
 * enabled; the command makes a new administrator only when none enabled is left; old sessions go.
 */
describe.each(databaseKinds())('staff accounts (%s)', (kind) => {
  const t = useTestApp(kind);
  const update = (cookie: string, id: number, body: Record<string, unknown>) =>
    consoleCall(t, 'PUT', `/admin/api/staff/${id}`, { cookie, body });

  it('a new password signs the account out; the new one signs in, the old one no more', async () => {
    const admin = await signedInStaff(t, ['admin'], 'pwadmin');
    const clerk = await signedInStaff(t, ['clerk'], 'pwclerk');
    const changed = await update(admin.cookie, clerk.id, {
      displayName: '测试员',
      roles: ['clerk'],
      disabled: false,
      password: 'a-brand-new-pass-2026',
    });
    expect(changed.status, changed.body.msg).toBe(200);
    expect((await consoleCall(t, 'GET', '/admin/api/session', { cookie: clerk.cookie })).status).toBe(401);
    t.clock.advance(30);
    await staffSignIn(t, clerk.username, 'a-brand-new-pass-2026', clerk.totpSecret);
    t.clock.advance(30);
    const old = await t.app.request('/admin/api/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: clerk.username, password: STAFF_PASSWORD, code: '000000' }),
    });
    expect(old.status).toBe(401);
    // A short new password is refused in Chinese; an empty one keeps the password.
    const short = await update(admin.cookie, clerk.id, {
      displayName: '测试员',
      roles: ['clerk'],
      disabled: false,
      password: 'short',
    });
    expect([short.status, short.body.msg]).toEqual([400, STAFF_MESSAGES.passwordTooShort]);
  });

  it('refuses a name with markup (400 in Chinese) and keeps the account’s name', async () => {
    const admin = await signedInStaff(t, ['admin'], 'markupadmin');
    const clerk = await signedInStaff(t, ['clerk'], 'markupclerk');
    const name = () =>
      t.database.db
        .selectFrom('staff_accounts')
        .select('display_name')
        .where('id', '=', clerk.id)
        .executeTakeFirstOrThrow();
    const before = await name();
    const res = await update(admin.cookie, clerk.id, {
      displayName: '<b>监院</b>',
      roles: ['clerk'],
      disabled: false,
    });
    expect([res.status, res.body.msg]).toEqual([400, STAFF_MESSAGES.displayNameMarkup]);
    expect(await name()).toEqual(before);
  });

  it('a new TOTP secret signs the account out', async () => {
    const admin = await signedInStaff(t, ['admin'], 'totpadmin');
    const clerk = await signedInStaff(t, ['clerk'], 'totpclerk');
    const reset = await consoleCall(t, 'POST', `/admin/api/staff/${clerk.id}/totp`, { cookie: admin.cookie });
    expect(reset.status, reset.body.msg).toBe(200);
    expect((await consoleCall(t, 'GET', '/admin/api/session', { cookie: clerk.cookie })).status).toBe(401);
  });

  it('two administrators disabling each other at once: one of them stays enabled', async () => {
    await t.database.db.updateTable('staff_accounts').set({ disabled: true }).execute();
    const a = await signedInStaff(t, ['admin'], 'racea');
    const b = await signedInStaff(t, ['admin'], 'raceb');
    const off = { displayName: '测试员', roles: ['clerk'], disabled: false };
    const answers = await Promise.all([update(a.cookie, b.id, off), update(b.cookie, a.id, off)]);
    // One wins; the other is refused: as the last administrator (409), or, when the winner's change
    // was committed before the other call was judged, as an administrator no more (403).
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    const loser = answers.find((r) => r.status !== 200);
    expect([
      [409, STAFF_MESSAGES.lastAdmin],
      [403, STAFF_MESSAGES.forbidden],
    ]).toContainEqual([loser?.status, loser?.body.msg]);
    const admins = await t.database.db
      .selectFrom('staff_accounts')
      .select('username')
      .where('disabled', '=', false)
      .where((eb) => eb(eb.val('admin'), '=', eb.fn.any('roles')))
      .execute();
    expect(admins).toHaveLength(1);
  });

  it('the command makes an administrator again only when no enabled one is left', async () => {
    await t.database.db.updateTable('staff_accounts').set({ disabled: true }).execute();
    await signedInStaff(t, ['admin'], 'enabled');
    const input = { username: 'again', displayName: '监院', password: STAFF_PASSWORD };
    await expect(t.services.staffAccounts.createFirstAdmin(input)).rejects.toThrow('已有启用的管理员账号');
    await t.database.db.updateTable('staff_accounts').set({ disabled: true }).execute();
    const made = await t.services.staffAccounts.createFirstAdmin(input);
    expect(made.account.roles).toEqual(['admin']);
  });

  it('the sweeper forgets sessions a day after they ended', async () => {
    const member = await signedInStaff(t, ['clerk'], 'purge');
    await consoleCall(t, 'POST', '/admin/api/session/end', { cookie: member.cookie });
    const count = () =>
      t.database.db
        .selectFrom('staff_sessions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('staff_id', '=', member.id)
        .executeTakeFirstOrThrow();
    await t.services.sweeper.run();
    expect(Number((await count()).n)).toBe(1);
    t.clock.advance(86_400 + 60);
    await t.services.sweeper.run();
    expect(Number((await count()).n)).toBe(0);
  });
});
