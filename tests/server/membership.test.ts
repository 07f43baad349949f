import { addDaysYmd } from '@contract/ceremony';
import { LOOKUP_LIMITS, MEMBERSHIP_MESSAGES, membershipApi } from '@contract/membership';
import { templeToday } from '@contract/temple-day';
import { sampleMembershipJoin } from '@tests/support/order-requests';
import type { AppInstance } from '@tests/support/test-app';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { payOrder, placeOrder, relogin } from '@tests/support/user-centre';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';

const PREPAY = '/portal/rs/payapi/v1/pay/prePay';
const A = '13700020001';
const B = '13700020002';

const join = (over: Record<string, unknown> = {}) => sampleMembershipJoin({ MOBILE: A, ...over });
const renew = (product: string, amount: number, over: Record<string, unknown> = {}) => ({
  type: 6,
  RENEW: 1,
  CHANNEL: 'pc',
  MOBILE: A,
  PRODUCT_ID: product,
  customAmount: amount,
  ...over,
});

describe.each(databaseKinds())('the charity society on %s', (kind) => {
  const t = useTestApp(kind);
  let a = '';
  let b = '';
  let code = '';

  beforeAll(async () => {
    a = await t.login(A);
    b = await t.login(B);
  });

  const mine = async (token: string) =>
    v.parse(
      membershipApi.mine.response,
      (await t.call('GET', membershipApi.mine.path, undefined, token)).body,
    ).data;
  const lookupPath = (hyCode: string, name: string) =>
    `${membershipApi.lookup.path}?${new URLSearchParams({ hyCode, name })}`;

  it('answers the package and relation dictionaries', async () => {
    const dict = v.parse(
      membershipApi.dict.response,
      (await t.call('GET', `${membershipApi.dict.path}?dictKey=WFS.COMMON.HY.PRODUCT`)).body,
    ).data;
    expect(dict['WFS.COMMON.HY.PRODUCT']?.[0]).toMatchObject({ ITEMNO: 'HY1', EXTINT1: 365, EXTINT2: 1 });
    const relations = v.parse(
      membershipApi.dictValues.response,
      (await t.call('GET', `${membershipApi.dictValues.path}?dictKey=WFS.HY.RELATION`)).body,
    ).data;
    expect(relations.map((r) => r.CNNAME)).toContain('朋友');
  });

  it('prices the join on the server and issues the member code on the first payment', async () => {
    const tampered = await t.form(PREPAY, join({ customAmount: 1 }), a);
    expect([tampered.status, tampered.body.msg]).toEqual([400, MEMBERSHIP_MESSAGES.totalMismatch]);
    const other = await t.form(PREPAY, join({ PRODUCT_ID: 'HY9' }), a);
    expect([other.status, other.body.msg]).toEqual([400, MEMBERSHIP_MESSAGES.unknownProduct]);
    const noGfr = await t.form(PREPAY, join({ GFR1: '' }), a);
    expect([noGfr.status, noGfr.body.msg]).toEqual([400, MEMBERSHIP_MESSAGES.gfr1]);

    const no = await placeOrder(t, join(), a);
    expect(await mine(a)).toBeNull();
    await payOrder(t, no);
    const member = await mine(a);
    expect(member).toMatchObject({
      HY_STATUS: '1',
      JOIN_DATE: '2026-11-22',
      END_DATE: '2027-11-22',
      NAME: '陈明',
    });
    expect(member?.HY_CODE).toMatch(/^HY2026\d{6}$/);
    code = member?.HY_CODE ?? '';
    const me = await t.call('GET', '/api/yxs-app/user/me', undefined, a);
    expect((me.body.data as { userType: number }).userType).toBe(2);

    const again = await t.form(PREPAY, join(), a);
    expect([again.status, again.body.msg]).toEqual([409, MEMBERSHIP_MESSAGES.alreadyMember]);
    expect(await mine(b)).toBeNull();
    const notMember = await t.form(PREPAY, renew('HY1', 365, { MOBILE: B }), b);
    expect([notMember.status, notMember.body.msg]).toEqual([400, MEMBERSHIP_MESSAGES.notMember]);
  });

  it('renews an active membership from its end date', async () => {
    const tampered = await t.form(PREPAY, renew('HY3', 365), a);
    expect([tampered.status, tampered.body.msg]).toEqual([400, MEMBERSHIP_MESSAGES.totalMismatch]);
    await payOrder(t, await placeOrder(t, renew('HY3', 1000), a));
    expect(await mine(a)).toMatchObject({ HY_CODE: code, HY_STATUS: '1', END_DATE: '2030-11-22' });
  });

  it('renews an expired membership from today', async () => {
    // Five years and a day later (2031-11-23): expired.
    t.clock.advance((5 * 365 + 2) * 86_400);
    a = await relogin(t, A);
    b = await relogin(t, B);
    expect(await mine(a)).toMatchObject({ HY_STATUS: '0', END_DATE: '2030-11-22' });
    await payOrder(t, await placeOrder(t, renew('HY1', 365), a));
    expect(await mine(a)).toMatchObject({
      HY_CODE: code,
      HY_STATUS: '1',
      END_DATE: '2032-11-23',
      JOIN_DATE: '2026-11-22',
    });
  });

  it('lets another believer renew by proxy with what the lookup answered, and nothing more', async () => {
    const miss = await t.call('GET', lookupPath(code, '陈亮'), undefined, b);
    expect([miss.status, miss.body.msg]).toEqual([404, MEMBERSHIP_MESSAGES.lookupFailed]);
    const found = await t.call('GET', lookupPath(code, '陈明'), undefined, b);
    expect(found.status).toBe(200);
    const answer = v.parse(membershipApi.lookup.response, found.body).data;
    expect(answer).toMatchObject({ NAME: '陈*', HY_STATUS: '1', END_DATE: '2032-11-23', SELF: false });
    expect(Object.keys(answer).sort()).toEqual(['END_DATE', 'HY_STATUS', 'ID', 'NAME', 'SELF']);

    const self = await t.call('GET', lookupPath(code, '陈明'), undefined, a);
    expect(v.parse(membershipApi.lookup.response, self.body).data.SELF).toBe(true);

    const proxy = (over: Record<string, unknown> = {}) =>
      renew('HY3', 1000, { MOBILE: B, TARGET_ID: answer.ID, RELATION: '4', ...over });
    const c = await t.login('13700020003');
    const stolen = await t.form(PREPAY, proxy({ MOBILE: '13700020003' }), c);
    expect([stolen.status, stolen.body.msg]).toEqual([400, MEMBERSHIP_MESSAGES.targetExpired]);
    const relation = await t.form(PREPAY, proxy({ RELATION: '99' }), b);
    expect([relation.status, relation.body.msg]).toEqual([400, MEMBERSHIP_MESSAGES.relation]);
    const tampered = await t.form(PREPAY, proxy({ customAmount: 365 }), b);
    expect([tampered.status, tampered.body.msg]).toEqual([400, MEMBERSHIP_MESSAGES.totalMismatch]);

    await payOrder(t, await placeOrder(t, proxy(), b));
    expect(await mine(a)).toMatchObject({ HY_CODE: code, END_DATE: '2035-11-23' });
    expect(await mine(b)).toBeNull();
    const stored = await t.database.db
      .selectFrom('membership_orders')
      .select(['kind', 'relation'])
      .where('kind', '=', 'proxy')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ kind: 'proxy', relation: '4' });

    // The token lasts 30 minutes.
    t.clock.advance(31 * 60);
    const late = await t.form(PREPAY, proxy(), b);
    expect([late.status, late.body.msg]).toEqual([400, MEMBERSHIP_MESSAGES.targetExpired]);
  });

  it('limits lookups per believer across two instances, in the database', async () => {
    t.clock.advance(LOOKUP_LIMITS.windowSeconds);
    const second = await t.secondInstance();
    const d = await t.login('13700020004');
    const instances: AppInstance[] = [t, second];
    const lookup = (i: number, token: string, address = '10.0.0.1') =>
      (instances[i % 2] ?? t).app.request(
        lookupPath(code, '陈亮'),
        { headers: { authorization: `Bearer ${token}` } },
        { incoming: { socket: { remoteAddress: address } } },
      );
    const statuses: number[] = [];
    for (let i = 0; i <= LOOKUP_LIMITS.perBeliever; i += 1) statuses.push((await lookup(i, d)).status);
    expect(statuses.slice(0, LOOKUP_LIMITS.perBeliever).every((s) => s === 404)).toBe(true);
    const over = await lookup(1, d);
    expect(over.status).toBe(429);
    expect(((await over.json()) as { msg: string }).msg).toBe(MEMBERSHIP_MESSAGES.tooManyLookups);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // Even a right guess is refused while over the limit; another believer is not.
    expect((await lookup(0, d)).status).toBe(429);
    const e = await t.login('13700020005');
    expect((await lookup(0, e, '10.0.0.2')).status).toBe(404);
    // The next window allows again.
    t.clock.advance(LOOKUP_LIMITS.windowSeconds);
    expect((await lookup(1, d)).status).toBe(404);
  });

  it('limits lookups per address across believers and instances', async () => {
    t.clock.advance(LOOKUP_LIMITS.windowSeconds);
    const second = await t.secondInstance();
    const instances: AppInstance[] = [t, second];
    const tokens: string[] = [];
    for (let i = 0; i < 4; i += 1) tokens.push(await t.login(`1370003000${i}`));
    t.clock.advance(LOOKUP_LIMITS.windowSeconds);
    const statuses: number[] = [];
    for (let i = 0; i < LOOKUP_LIMITS.perAddress + 1; i += 1) {
      const token = tokens[Math.floor(i / 8)] ?? '';
      const res = await (instances[i % 2] ?? t).app.request(
        lookupPath(code, '陈亮'),
        { headers: { authorization: `Bearer ${token}` } },
        { incoming: { socket: { remoteAddress: '10.7.7.7' } } },
      );
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 404)).toHaveLength(LOOKUP_LIMITS.perAddress);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('the join’s birth date on the server’s clock (DESIGN §4: time is injected)', () => {
  const t = useTestApp('pglite');
  const C = '13700020003';

  it('refuses a birth date after the clock’s today, and takes it once the clock reaches that day', async () => {
    const tomorrow = addDaysYmd(templeToday(t.clock.now()), 1);
    const order = sampleMembershipJoin({ MOBILE: C, BIRTH_DATE: tomorrow });
    // Born "tomorrow" by the clock: refused, though the machine's own clock may be days ahead.
    const early = await t.form(PREPAY, order, await t.login(C));
    expect([early.status, early.body.msg]).toEqual([400, MEMBERSHIP_MESSAGES.birthFuture]);
    t.clock.advance(86_400);
    const onTheDay = await t.form(PREPAY, order, await relogin(t, C));
    expect(onTheDay.status, onTheDay.body.msg).toBe(200);
  });
});
