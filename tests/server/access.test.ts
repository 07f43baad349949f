import { AUTH_MESSAGES, AUTH_RULES, authApi } from '@contract/auth';
import { believerApi } from '@contract/believer';
import { CONSOLE_API_PREFIX } from '@contract/console';
import { membershipApi } from '@contract/membership';
import { PAYMENT_MESSAGES, payApi } from '@contract/payment';
import { PHOTO_MESSAGES, PHOTO_RULES, PHOTO_URL_PREFIX, photoApi } from '@contract/photo';
import {
  VOLUNTEER_MESSAGES,
  VOLUNTEER_PHOTO_RULES,
  VOLUNTEER_PHOTO_URL_PREFIX,
  volunteerApi,
} from '@contract/volunteer';
import { WECHAT_LOGIN_MESSAGES, wechatLoginApi } from '@contract/wechat-login';
import { picture } from '@tests/support/pictures';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { lampOrder, placeOrder, relogin } from '@tests/support/user-centre';
import { volunteerApplication } from '@tests/support/volunteer';
import { beforeAll, describe, expect, it } from 'vitest';

const PREPAY = '/portal/rs/payapi/v1/pay/prePay';
const PHOTO_ROUTE = `GET ${PHOTO_URL_PREFIX}:id`;
const VOLUNTEER_PHOTO_ROUTE = `GET ${VOLUNTEER_PHOTO_URL_PREFIX}:id`;
/** Routes that answer 401 without being a believer's: why each is not in the table. */
const NOT_A_BELIEVERS: Record<string, string> = {
  'POST /pay/notify/sandbox': "the gateway's notification, refused without its signature",
};
const A = '13700061001';
const B = '13700061002';

/** What believer A owns that B's calls could name: a photo, a volunteer photo, an order. */
interface Owned {
  photo: string;
  volunteerPhoto: string;
  order: string;
}

type Call = (token: string | null) => Promise<Response>;

/**
 * Every endpoint that reads or writes a believer's data (issue 13), called with no token, a
 * revoked token, an expired token and another believer's token: 401 with the login message for
 * the first three; for the fourth, whatever names A's order or photo answers as if it did not
 * exist, and no answer carries A's phone, order or photo. The believer endpoints are found by
 * asking every route of the app without a token: one that answers 401 and is not in the table
 * fails the test, so a new one cannot go untested.
 */
describe.each(databaseKinds())('access to believer endpoints on %s', (kind) => {
  const t = useTestApp(kind);
  let a = '';
  let b = '';
  const owned: Owned = { photo: '', volunteerPhoto: '', order: '' };
  let png = new Uint8Array();
  let volunteerPng = new Uint8Array();

  const send = async (path: string, init: RequestInit, token: string | null): Promise<Response> => {
    const headers = new Headers(init.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    return t.app.request(path, { ...init, headers });
  };
  const get =
    (path: string): Call =>
    (token) =>
      send(path, {}, token);
  const postJson =
    (path: string, body: () => unknown): Call =>
    (token) =>
      send(
        path,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body()) },
        token,
      );
  const postForm =
    (path: string, jsonObject: () => unknown): Call =>
    (token) =>
      send(
        path,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ jsonObject: JSON.stringify(jsonObject()) }).toString(),
        },
        token,
      );
  const upload =
    (path: string, field: string, bytes: () => Uint8Array): Call =>
    (token) => {
      const form = new FormData();
      form.append(field, new File([new Uint8Array(bytes())], 'photo.png', { type: 'image/png' }));
      return send(path, { method: 'POST', body: form }, token);
    };
  let lamp: unknown = null;

  /**
   * Each believer endpoint by its route (`METHOD path` as Hono lists it), and the call that names
   * what A owns where the endpoint names anything. `refusesOther` is what B is answered there.
   */
  const table: Record<string, { call: Call; refusesOther?: { status: number; msg: string } }> = {
    [`GET ${authApi.me.path}`]: { call: get(authApi.me.path) },
    [`GET ${believerApi.profile.path}`]: { call: get(`${believerApi.profile.path}?phone=${A}`) },
    [`PUT ${believerApi.update.path}`]: {
      call: (token) =>
        send(
          believerApi.update.path,
          {
            method: 'PUT',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ phone: A, realName: '改名', sex: 1 }),
          },
          token,
        ),
    },
    [`GET ${believerApi.orders.path}`]: { call: get(believerApi.orders.path) },
    [`GET ${believerApi.activities.path}`]: {
      call: get(believerApi.activities.path),
    },
    [`GET ${believerApi.enshrinements.path}`]: {
      call: get(believerApi.enshrinements.path),
    },
    [`POST ${photoApi.upload.path}`]: { call: upload(photoApi.upload.path, PHOTO_RULES.field, () => png) },
    [PHOTO_ROUTE]: {
      call: (token) => get(owned.photo)(token),
      refusesOther: { status: 404, msg: PHOTO_MESSAGES.notFound },
    },
    [VOLUNTEER_PHOTO_ROUTE]: {
      call: (token) => get(owned.volunteerPhoto)(token),
      refusesOther: { status: 404, msg: PHOTO_MESSAGES.notFound },
    },
    [`GET ${membershipApi.mine.path}`]: { call: get(membershipApi.mine.path) },
    [`GET ${membershipApi.lookup.path}`]: {
      call: get(`${membershipApi.lookup.path}?hyCode=HY0001&name=${encodeURIComponent('陈亮')}`),
    },
    [`POST ${PREPAY}`]: {
      call: postForm(PREPAY, () => lamp),
    },
    [`POST ${payApi.payResult.path}`]: {
      call: postForm(payApi.payResult.path, () => ({ out_trade_no: owned.order })),
      refusesOther: { status: 404, msg: PAYMENT_MESSAGES.notFound },
    },
    [`POST ${payApi.cancelOrder.path}`]: {
      call: postForm(payApi.cancelOrder.path, () => ({ out_trade_no: owned.order })),
      refusesOther: { status: 404, msg: PAYMENT_MESSAGES.notFound },
    },
    [`POST ${payApi.payOn.path}`]: {
      call: postForm(payApi.payOn.path, () => ({ out_trade_no: owned.order, channel: 'native' })),
      refusesOther: { status: 409, msg: PAYMENT_MESSAGES.notOpen },
    },
    // B binds nothing of A's: a visit is its own tab's (wechat-login.test.ts).
    [`POST ${wechatLoginApi.bind.path}`]: {
      call: postJson(wechatLoginApi.bind.path, () => ({ visit: 'A'.repeat(43) })),
      refusesOther: { status: 409, msg: WECHAT_LOGIN_MESSAGES.visitUnknown },
    },
    [`POST ${wechatLoginApi.unbind.path}`]: { call: postJson(wechatLoginApi.unbind.path, () => ({})) },
    [`GET ${wechatLoginApi.binding.path}`]: { call: get(wechatLoginApi.binding.path) },
    [`GET ${volunteerApi.mine.path}`]: { call: get(volunteerApi.mine.path) },
    [`POST ${volunteerApi.sendCode.path}`]: {
      call: postJson(volunteerApi.sendCode.path, () => ({ phone: '13700061003', type: 'volunteer' })),
    },
    [`POST ${volunteerApi.apply.path}`]: {
      call: postJson(volunteerApi.apply.path, () =>
        volunteerApplication({ mobile: '13700061004', photo: owned.volunteerPhoto }),
      ),
      refusesOther: { status: 400, msg: VOLUNTEER_MESSAGES.photoNotOurs },
    },
  };

  beforeAll(async () => {
    a = await t.login(A);
    b = await t.login(B);
    png = await picture('png');
    volunteerPng = await picture('png', { size: VOLUNTEER_PHOTO_RULES.minExclusiveBytes + 1 });
    lamp = await lampOrder(t, A);
    const photo = await upload(photoApi.upload.path, PHOTO_RULES.field, () => png)(a);
    owned.photo = ((await photo.json()) as { data: { url: string } }).data.url;
    const volunteer = await upload(
      volunteerApi.uploadPhoto.path,
      VOLUNTEER_PHOTO_RULES.field,
      () => volunteerPng,
    )(a);
    owned.volunteerPhoto = ((await volunteer.json()) as { data: { url: string } }).data.url;
    owned.order = await placeOrder(t, lamp, a);
    expect(owned.photo).toMatch(/photo\/[0-9a-f]{32}/);
    expect(owned.volunteerPhoto).toMatch(/photo\/[0-9a-f]{32}/);
  }, 30_000);

  /** Answers 401 with the login message, and nothing of A. */
  const expectUnauthorized = async (what: string, res: Response) => {
    const text = await res.text();
    expect([what, res.status]).toEqual([what, 401]);
    expect(JSON.parse(text).msg, what).toBe(AUTH_MESSAGES.unauthorized);
  };
  const callAll = async (token: string | null) => {
    for (const [what, { call }] of Object.entries(table)) await expectUnauthorized(what, await call(token));
  };

  it('the table covers every route that needs a believer (found by asking each without a token)', async () => {
    const seen = new Set<string>();
    const believerRoutes: string[] = [];
    for (const route of t.app.routes) {
      const key = `${route.method} ${route.path}`;
      if (route.method === 'ALL' || seen.has(key)) continue;
      seen.add(key);
      const path = route.path.replace(/:file\{[^}]*\}/, 'x.svg').replace(/:[a-zA-Z]+/g, 'x');
      const res = await t.app.request(path, { method: route.method });
      await res.arrayBuffer();
      // The staff console's calls answer 401 to anyone without a staff session: console-access.test.ts walks them.
      const staffOnly = route.path.startsWith(CONSOLE_API_PREFIX);
      if (res.status === 401 && !(key in NOT_A_BELIEVERS) && !staffOnly) believerRoutes.push(key);
    }
    expect(believerRoutes.sort()).toEqual(Object.keys(table).sort());
  });

  it('answers 401 to a call without a token', async () => {
    await callAll(null);
  });

  it("never answers B with A's data, and refuses B what names A's order or photo", async () => {
    for (const [what, { call, refusesOther }] of Object.entries(table)) {
      const res = await call(b);
      const text = await res.text();
      expect(res.status, what).toBeLessThan(500);
      for (const secret of [A, owned.order, owned.photo, owned.volunteerPhoto])
        expect(text.includes(secret), `${what} answered B with A's ${secret}`).toBe(false);
      if (refusesOther)
        expect([what, res.status, JSON.parse(text).msg]).toEqual([
          what,
          refusesOther.status,
          refusesOther.msg,
        ]);
    }
    // A still reads its own: the refusals were about B, not the calls.
    expect((await table[PHOTO_ROUTE]?.call(a))?.status).toBe(200);
    expect((await table[`POST ${payApi.payResult.path}`]?.call(a))?.status).toBe(200);
  });

  it('answers 401 to a token after its logout, on every endpoint (the poll held in memory too)', async () => {
    const token = await relogin(t, A);
    const poll = table[`POST ${payApi.payResult.path}`];
    expect((await poll?.call(token))?.status).toBe(200);
    expect((await poll?.call(token))?.status).toBe(200);
    const out = await t.call('POST', authApi.logout.path, undefined, token);
    expect(out.status).toBe(200);
    await callAll(token);
    // A's other session is not touched.
    expect((await table[`GET ${authApi.me.path}`]?.call(a))?.status).toBe(200);
  });

  // Last: it moves the clock past every token's life.
  it('answers 401 to a token past its life, on every endpoint', async () => {
    const poll = table[`POST ${payApi.payResult.path}`];
    expect((await poll?.call(a))?.status).toBe(200);
    t.clock.advance(AUTH_RULES.tokenTtlDays * 86_400 + 1);
    await callAll(a);
  });
});
