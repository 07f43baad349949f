import { CONSOLE_API_PREFIX, consoleApi } from '@contract/console';
import { STAFF_ROLES } from '@contract/staff';
import { BODY_LIMIT_BYTES } from '@server/body-limit';
import { consoleCall, signedInStaff, signInRequest, type TestStaff, totpCode } from '@tests/support/staff';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 34: the console's answers carry believers' full phones and names, and a reception
 * computer is shared. Every `/admin/api/*` answer says `Cache-Control: no-store`, whatever it is:
 * data, a refusal, a sign-in, an unknown path, a body over the limit, an upload, a CSV export.
 */
const SAMPLE_PARAMS: Record<string, string> = {
  no: 'NOSUCHORDER01',
  id: '999999',
  kind: 'statue',
  map: '1-A',
  day: '2026-11-26',
};
const pathOf = (path: string) =>
  path.replace(/:(\w+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? '999999');

/** Every call the contract names but signing in and out (those are judged on their own below). */
const calls = (Object.keys(consoleApi) as (keyof typeof consoleApi)[])
  .filter((name) => name !== 'signIn' && name !== 'signOut')
  .map((name) => ({ name, method: consoleApi[name].method, path: pathOf(consoleApi[name].path) }));
/** The answers that are bytes, not JSON, the contract names in comments only. */
const CSV_AND_PHOTO = [
  '/admin/api/rosters/ceremony/2026-11-26.csv',
  '/admin/api/rosters/assembly/999999.csv',
  '/admin/api/volunteers/999999/photo',
];

describe.each(databaseKinds())('console answers are never cached (%s)', (kind) => {
  const t = useTestApp(kind);
  let everyRole: TestStaff;
  beforeAll(async () => {
    everyRole = await signedInStaff(t, [...STAFF_ROLES], 'nostore');
  });
  const noStore = (headers: Headers) => headers.get('cache-control');

  it.each(calls)('$method $path says no-store without a session and with one', async ({ method, path }) => {
    const refused = await consoleCall(t, method, path);
    expect([refused.status, noStore(refused.headers)]).toEqual([401, 'no-store']);
    const answered = await consoleCall(t, method, path, { cookie: everyRole.cookie });
    expect(noStore(answered.headers), `${answered.status} ${answered.body.msg}`).toBe('no-store');
  });

  it('says no-store on a CSV export, a volunteer’s photo, and their refusals', async () => {
    for (const path of CSV_AND_PHOTO) {
      const signedIn = await t.app.request(path, { headers: { cookie: everyRole.cookie } });
      expect(signedIn.status, path).toBeLessThan(500);
      expect(noStore(signedIn.headers), `${path} ${signedIn.status}`).toBe('no-store');
      expect(noStore((await t.app.request(path)).headers), path).toBe('no-store');
    }
    const csv = await t.app.request(CSV_AND_PHOTO[0] ?? '', { headers: { cookie: everyRole.cookie } });
    expect([csv.status, csv.headers.get('content-type')]).toEqual([200, 'text/csv; charset=utf-8']);
  });

  it('says no-store on a sign-in, its refusal and a sign-out', async () => {
    const staff = await signedInStaff(t, ['clerk'], 'nostoresignin');
    const wrong = await signInRequest(t, {
      username: staff.username,
      password: 'not-the-password',
      code: '000000',
    });
    expect([wrong.status, noStore(wrong.headers)]).toEqual([401, 'no-store']);
    t.clock.advance(30);
    const signedIn = await signInRequest(t, {
      username: staff.username,
      password: staff.password,
      code: await totpCode(staff.totpSecret, t.clock.now()),
    });
    expect([signedIn.status, noStore(signedIn.headers)]).toEqual([200, 'no-store']);
    const out = await consoleCall(t, 'POST', consoleApi.signOut.path, { cookie: staff.cookie });
    expect(noStore(out.headers)).toBe('no-store');
  });

  it('says no-store on an unknown console path, a body over the limit and an upload without its header', async () => {
    for (const path of [CONSOLE_API_PREFIX, `${CONSOLE_API_PREFIX}/`, `${CONSOLE_API_PREFIX}/no-such-call`]) {
      const res = await consoleCall(t, 'GET', path, { cookie: everyRole.cookie });
      expect([res.status, noStore(res.headers)], path).toEqual([404, 'no-store']);
    }
    const big = await t.app.request(consoleApi.siteSettingsSave.path, {
      method: 'PUT',
      headers: { cookie: everyRole.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'x'.repeat(BODY_LIMIT_BYTES) }),
    });
    expect([big.status, noStore(big.headers)]).toEqual([413, 'no-store']);
    const upload = await t.app.request(consoleApi.uploadImage.path, {
      method: 'POST',
      headers: { cookie: everyRole.cookie },
      body: new FormData(),
    });
    expect([upload.status, noStore(upload.headers)]).toEqual([415, 'no-store']);
  });

  it('leaves the site’s own answers to their own caching', async () => {
    const site = await t.app.request('/healthz');
    expect(noStore(site.headers)).toBeNull();
  });
});
