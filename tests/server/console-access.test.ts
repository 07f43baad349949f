import { CONSOLE_PERMISSIONS, consoleApi } from '@contract/console';
import {
  STAFF_MESSAGES,
  STAFF_PERMISSIONS,
  STAFF_ROLES,
  type StaffPermission,
  type StaffRole,
} from '@contract/staff';
import { consoleCall, signedInStaff, type TestStaff } from '@tests/support/staff';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 24: every console call refuses no session, a believer's token (in the Authorization header
 * or in the console's cookie), an ended session, and a member whose roles lack its permission (as
 * CONSOLE_PERMISSIONS in the contract says); a member with the permission gets past the check.
 */
const SAMPLE_PARAMS: Record<string, string> = {
  no: 'NOSUCHORDER01',
  // No such account, application or seat: a call let past its check changes nothing the others use.
  id: '999999',
  kind: 'statue',
  map: '1-A',
  day: '2026-11-26',
};
const pathOf = (path: string) => path.replace(/:(\w+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? '1');

type Call = { name: string; method: string; path: string; permission: StaffPermission | null };
/** Paths the contract names in comments only (bytes, not JSON): the CSVs and the photo. */
const EXTRA: Call[] = [
  {
    name: 'assemblyRosterCsv',
    method: 'GET',
    path: '/admin/api/rosters/assembly/999999.csv',
    permission: 'printRosters',
  },
  {
    name: 'ceremonyRosterCsv',
    method: 'GET',
    path: '/admin/api/rosters/ceremony/2026-11-26.csv',
    permission: 'printRosters',
  },
  {
    name: 'volunteerPhoto',
    method: 'GET',
    path: '/admin/api/volunteers/999999/photo',
    permission: 'reviewVolunteers',
  },
];
const calls: Call[] = [
  ...(Object.keys(consoleApi) as (keyof typeof consoleApi)[])
    .filter((name) => name !== 'signIn')
    .map((name) => ({
      name,
      method: consoleApi[name].method,
      path: pathOf(consoleApi[name].path),
      permission: CONSOLE_PERMISSIONS[name],
    })),
  ...EXTRA,
];
const guarded = calls.filter((call) => call.permission !== null);

/** The roles that lack a permission, and one that has it. */
const rolesWithout = (permission: keyof typeof STAFF_PERMISSIONS): StaffRole[] =>
  STAFF_ROLES.filter((role) => !(STAFF_PERMISSIONS[permission] as readonly StaffRole[]).includes(role));

describe.each(databaseKinds())('every console call is guarded (%s)', (kind) => {
  const t = useTestApp(kind);
  const byRole = {} as Record<StaffRole, TestStaff>;
  let believerToken = '';
  beforeAll(async () => {
    for (const role of STAFF_ROLES) byRole[role] = await signedInStaff(t, [role], role);
    believerToken = await t.login('13900002222');
  });

  it.each(calls)('$method $path refuses a call without a session', async ({ method, path }) => {
    const res = await consoleCall(t, method, path);
    expect(res.status).toBe(401);
    expect(res.body.msg).toBe(STAFF_MESSAGES.signInRequired);
  });

  it.each(calls)("$method $path refuses a believer's token", async ({ method, path }) => {
    const header = await consoleCall(t, method, path, {
      headers: { authorization: `Bearer ${believerToken}` },
    });
    expect(header.status).toBe(401);
    const cookie = await consoleCall(t, method, path, { cookie: `temple_staff=${believerToken}` });
    expect(cookie.status).toBe(401);
  });

  it.each(guarded)(
    '$method $path answers 403 to a role without its permission, and lets one with it past',
    async (call) => {
      const { permission } = call;
      if (!permission) throw new Error('guarded calls have a permission');
      for (const role of rolesWithout(permission)) {
        const res = await consoleCall(t, call.method, call.path, { cookie: byRole[role].cookie });
        expect(res.status, `${role} on ${call.method} ${call.path}`).toBe(403);
        expect(res.body.msg).toBe(STAFF_MESSAGES.forbidden);
      }
      const allowed = STAFF_PERMISSIONS[permission][0];
      const res = await consoleCall(t, call.method, call.path, { cookie: byRole[allowed].cookie });
      expect([401, 403], `${allowed} on ${call.method} ${call.path}`).not.toContain(res.status);
    },
  );

  // Last: moving the clock ends the sessions the other tests use.
  it('refuses every call once the session has ended (idle)', async () => {
    const member = await signedInStaff(t, [...STAFF_ROLES], 'idle');
    t.clock.advance(31 * 60);
    for (const { method, path } of calls) {
      const res = await consoleCall(t, method, path, { cookie: member.cookie });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.msg).toBe(STAFF_MESSAGES.sessionEnded);
    }
  });
});
