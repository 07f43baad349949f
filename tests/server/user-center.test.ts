import { BELIEVER_MESSAGES, believerApi, ENSHRINEMENT_STATUS } from '@contract/believer';
import { membershipApi } from '@contract/membership';
import { ORDER_STATE, RESERVED_MESSAGE } from '@contract/payment';
import { RENEWAL_MESSAGES } from '@contract/renewal';
import { statueApi } from '@contract/statue';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { lampOrder, payOrder, placeOrder } from '@tests/support/user-centre';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';

/** Donors' names: a lamp offered under each is an order of its own. */
const DONORS = ['陈居士', '李居士', '王居士', '张居士', '刘居士', '赵居士', '孙居士'];

const A = '13700010001';
const B = '13700010002';

const profile = (over: Record<string, unknown> = {}) => ({
  realName: '陈明',
  addres: '上海市静安区愚园路1号',
  cardId: '11010519491231002X',
  telNumber: '021-62566366',
  postCode: '200040',
  photo: '',
  ssqName: '上海市/市辖区/静安区',
  ssqCode: '31,3101,310106',
  birthDate: '1949-12-31',
  gender: '1',
  email: 'chen@example.com',
  ...over,
});

describe.each(databaseKinds())('the user centre on %s', (kind) => {
  const t = useTestApp(kind);
  let a = '';
  let b = '';
  let ids = { material: 0, statue: 0 };

  beforeAll(async () => {
    a = await t.login(A);
    b = await t.login(B);
    const preview = v.parse(
      statueApi.preview.response,
      (await t.call('GET', `${statueApi.preview.path}?location=2`)).body,
    );
    const statues = v.parse(
      statueApi.statues.response,
      (await t.call('GET', `${statueApi.statues.path}?location=2`)).body,
    );
    ids = { material: preview.data.fxMaterialList[0]?.ID ?? 0, statue: statues.data[0]?.ID ?? 0 };
  });

  const personal: [string, string, unknown?][] = [
    ['GET', believerApi.profile.path],
    ['PUT', believerApi.update.path, profile()],
    ['GET', believerApi.orders.path],
    ['GET', believerApi.activities.path],
    ['GET', believerApi.enshrinements.path],
    ['GET', membershipApi.mine.path],
    ['GET', `${membershipApi.lookup.path}?hyCode=HY2026000001&name=陈明`],
  ];
  it.each(personal)('refuses %s %s without a token or with a bad one', async (method, path, body) => {
    for (const token of [undefined, 'not-a-token']) {
      const res = await t.call(method, path, body, token);
      expect(res.status).toBe(401);
      expect(res.body.data).toBeUndefined();
    }
  });

  it('reads and updates my own profile, and never another believer’s', async () => {
    const updated = await t.call('PUT', believerApi.update.path, profile(), a);
    expect(updated.status).toBe(200);
    expect(updated.body.msg).toBe(BELIEVER_MESSAGES.updated);
    const mine = v.parse(
      believerApi.profile.response,
      (await t.call('GET', `${believerApi.profile.path}?phone=${A}`, undefined, a)).body,
    );
    expect(mine.data).toMatchObject({
      phone: A,
      realName: '陈明',
      cardId: '11010519491231002X',
      gender: '1',
    });
    expect(mine.data.xzCode).toMatch(/^XZ\d{8}$/);

    // B asks for A's phone: the answer is B's own profile, with none of A's facts.
    const other = await t.call('GET', `${believerApi.profile.path}?phone=${A}`, undefined, b);
    const theirs = v.parse(believerApi.profile.response, other.body).data;
    expect(theirs.phone).toBe(B);
    expect(JSON.stringify(theirs)).not.toContain('11010519491231002X');
    expect(JSON.stringify(theirs)).not.toContain('愚园路');
    // B's update changes B only.
    await t.call('PUT', believerApi.update.path, profile({ realName: '林月', cardId: '' }), b);
    const again = v.parse(
      believerApi.profile.response,
      (await t.call('GET', believerApi.profile.path, undefined, a)).body,
    );
    expect(again.data.realName).toBe('陈明');
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a wrong check digit', { cardId: '110105194912310021' }, BELIEVER_MESSAGES.idCard],
    ['a bad region', { cardId: '990105491231002' }, BELIEVER_MESSAGES.idCard],
    ['a birth date after today', { birthDate: '2026-11-23' }, BELIEVER_MESSAGES.birthFuture],
    ['no gender', { gender: '' }, BELIEVER_MESSAGES.gender],
  ])('refuses a profile with %s', async (_, over, message) => {
    const res = await t.call('PUT', believerApi.update.path, profile(over), a);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(message);
  });

  it('pages and filters my orders, newest first, and shows none to another believer', async () => {
    const c = await t.login('13700010003');
    const order = await lampOrder(t, '13700010003');
    const numbers: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      // Seven offerings, each under a name of its own (one name's unpaid offering is resumed).
      numbers.push(await placeOrder(t, { ...order, GD_FM: DONORS[i] }, c));
      t.clock.advance(5);
    }
    for (const no of numbers.slice(0, 3)) await payOrder(t, no);
    // A single-family ceremony's facts (written directly here: ceremony.test.ts books one for real)
    // give its order the day to come to the temple by.
    const first = await t.database.db
      .selectFrom('orders')
      .select('id')
      .where('out_trade_no', '=', numbers[0] as string)
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('ceremony_orders')
      .values({
        order_id: first.id,
        fs_type: '1',
        day: '2026-11-30',
        time_label: '08:30-10:00',
        tablet_type: '往生莲位',
        tier: '一堂',
        price_fen: 380_000,
        deposit_fen: 100_000,
        come_by: '2026-12-01',
      })
      .execute();
    const list = async (query: string, token = c) =>
      v.parse(
        believerApi.orders.response,
        (await t.call('GET', `${believerApi.orders.path}?${query}`, undefined, token)).body,
      ).data;

    const all = await list('status=-1&page=0&size=5');
    expect(all.totalElements).toBe(7);
    expect(all.content.map((o) => o.orderNo)).toEqual(numbers.slice(2).reverse());
    const second = await list('status=-1&page=1&size=5');
    expect(second.content.map((o) => o.orderNo)).toEqual(numbers.slice(0, 2).reverse());
    expect(second.content.map((o) => o.comeBy)).toEqual(['', '2026-12-01']);
    expect(all.content.every((o) => o.comeBy === '')).toBe(true);
    expect((await list('page=2&size=5')).content).toEqual([]);

    const paid = await list('status=1');
    expect(paid.totalElements).toBe(3);
    expect(paid.content.every((o) => o.orderState === 1 && o.codeImgUrl === '' && !o.payOnline)).toBe(true);
    const reserved = await list('status=0');
    expect(reserved.content.map((o) => o.orderNo)).toEqual(numbers.slice(3).reverse());
    expect(reserved.content[0]).toMatchObject({ orderState: 0, typeName: '功德供养' });
    expect(reserved.content[0]?.codeImgUrl).toContain(numbers[6]);
    expect(reserved.content[0]?.payOnline).toBe(true);
    // What 去支付 hands the QR dialog: the trade, what it is for, how much and until when.
    const unpaid = reserved.content[0];
    expect(unpaid).toMatchObject({ orderNo: numbers[6], payAmount: order.meritItemList[0]?.GDJ });
    expect(unpaid?.description).toContain(order.meritItemList[0]?.GD_NAME);
    // Placed 5 s ago (the loop's last step), held 15 minutes.
    expect(new Date(unpaid?.expireTime ?? '').getTime()).toBe(t.clock.now().getTime() - 5_000 + 15 * 60_000);

    // The QR's 15 minutes pass: the unpaid orders read closed and are no longer payable.
    t.clock.advance(16 * 60);
    expect((await list('status=0')).totalElements).toBe(0);
    const closed = await list('status=-1&size=10');
    expect(closed.content.filter((o) => o.orderState === 5)).toHaveLength(4);
    expect(closed.content.every((o) => o.codeImgUrl === '' && !o.payOnline)).toBe(true);

    for (const token of [a, b]) {
      const theirs = await list('status=-1&size=100', token);
      expect(theirs.content.some((o) => numbers.includes(o.orderNo))).toBe(false);
    }
    const refused = await t.call('GET', `${believerApi.orders.path}?size=7`, undefined, c);
    expect(refused.status).toBe(400);
  });

  it('gives the day to come by only to a paid ceremony: refunded, closed or unpaid ones have none', async () => {
    const phone = '13700010009';
    const c = await t.login(phone);
    const order = await lampOrder(t, phone);
    const placed: Record<'paid' | 'refunded' | 'closed' | 'unpaid', string> = {
      closed: await placeOrder(t, order, c),
      paid: '',
      refunded: '',
      unpaid: '',
    };
    // The first order's 15-minute hold runs out (it reads 已关闭); the others are placed after.
    t.clock.advance(16 * 60);
    placed.paid = await placeOrder(t, { ...order, GD_FM: DONORS[1] }, c);
    placed.refunded = await placeOrder(t, { ...order, GD_FM: DONORS[2] }, c);
    placed.unpaid = await placeOrder(t, { ...order, GD_FM: DONORS[3] }, c);
    await payOrder(t, placed.paid);
    await payOrder(t, placed.refunded);
    const db = t.database.db;
    await db
      .updateTable('orders')
      .set({ state: ORDER_STATE.refunded })
      .where('out_trade_no', '=', placed.refunded)
      .execute();
    const ids = await db
      .selectFrom('orders')
      .select(['id', 'out_trade_no'])
      .where('out_trade_no', 'in', Object.values(placed))
      .execute();
    await db
      .insertInto('ceremony_orders')
      .values(
        ids.map(({ id }) => ({
          order_id: id,
          fs_type: '1',
          day: '2026-11-30',
          time_label: '08:30-10:00',
          tablet_type: '往生莲位',
          tier: '一堂',
          price_fen: 380_000,
          deposit_fen: 100_000,
          come_by: '2026-12-01',
        })),
      )
      .execute();
    const res = await t.call('GET', `${believerApi.orders.path}?status=-1&size=10`, undefined, c);
    const rows = v.parse(believerApi.orders.response, res.body).data.content;
    const byNo = (no: string) => rows.find((o) => o.orderNo === no);
    expect(byNo(placed.paid)).toMatchObject({ orderState: ORDER_STATE.paid, comeBy: '2026-12-01' });
    expect(byNo(placed.refunded)).toMatchObject({ orderState: ORDER_STATE.refunded, comeBy: '' });
    expect(byNo(placed.closed)).toMatchObject({ orderState: ORDER_STATE.closed, comeBy: '' });
    expect(byNo(placed.unpaid)).toMatchObject({ orderState: ORDER_STATE.reserved, comeBy: '' });
  });

  it('pages my activity history and keeps it mine', async () => {
    const db = t.database.db;
    await db
      .insertInto('activity_records')
      .values(
        Array.from({ length: 6 }, (_, i) => ({
          phone: A,
          active_name: `法会${i}`,
          start_date: '2026-01-01',
          end_date: '2026-01-03',
          create_user_name: '客堂',
          created_at: new Date(Date.UTC(2026, 0, 1 + i)),
          amount_fen: 10000,
          status: i === 5 ? '待参加' : '已圆满',
        })),
      )
      .execute();
    const page = async (query: string, token: string) =>
      v.parse(
        believerApi.activities.response,
        (await t.call('GET', `${believerApi.activities.path}?${query}`, undefined, token)).body,
      ).data;
    const first = await page('page=0&size=5', a);
    expect(first.totalElements).toBe(6);
    expect(first.content[0]).toMatchObject({ activeName: '法会5', status: '待参加', activeAmount: 100 });
    expect((await page('page=1&size=5', a)).content.map((r) => r.activeName)).toEqual(['法会0']);
    expect((await page('page=0', b)).totalElements).toBe(0);
  });

  it('lists my paid statues with their term and renews a yearly one, priced on the server', async () => {
    const statue = {
      type: 7,
      CHANNEL: 'pc',
      LOCATION: '2',
      MATERIAL: ids.material,
      STATUE: ids.statue,
      FX_GROUP: '1',
      GF_TYPE: '2',
      POSITION: '1_2',
      GFJ_TOTAL: 2000,
      GD_NAMES: '陈居士',
      REMARK: '',
      MOBILE: A,
    };
    const no = await placeOrder(t, statue, a);
    const worship = async (token: string) =>
      v.parse(
        believerApi.enshrinements.response,
        (await t.call('GET', believerApi.enshrinements.path, undefined, token)).body,
      ).data;
    expect((await worship(a)).totalElements).toBe(0);
    await payOrder(t, no);
    const [item] = (await worship(a)).content;
    const paidDay = '2026-11-22';
    expect(item).toMatchObject({
      orderNo: no,
      gfType: '年供',
      GF_TYPE: '2',
      gfStatus: ENSHRINEMENT_STATUS.notOffered,
      LOCATION: '大殿外-东廊',
      FX_PRICE: 2000,
      END_DATE: '2027-11-22',
      RENEWABLE: true,
    });
    expect(item?.GF_CYCLE.startsWith(paidDay.slice(0, 4))).toBe(true);
    expect((await worship(b)).totalElements).toBe(0);
    const id = item?.ID ?? 0;

    const renewal = (over: Record<string, unknown> = {}) => ({
      type: 4,
      RENEW: 1,
      CHANNEL: 'pc',
      MOBILE: A,
      ID: id,
      YEARS: 2,
      GF_TYPE: '2',
      customAmount: 4000,
      FX_YD_FLAG: '0',
      ...over,
    });
    // Another believer cannot renew it; a tampered total or 4 years is refused.
    const theirs = await t.form('/portal/rs/payapi/v1/pay/prePay', renewal({ MOBILE: B }), b);
    expect([theirs.status, theirs.body.msg]).toEqual([400, RENEWAL_MESSAGES.notFound]);
    const cheap = await t.form('/portal/rs/payapi/v1/pay/prePay', renewal({ customAmount: 1 }), a);
    expect([cheap.status, cheap.body.msg]).toEqual([400, RENEWAL_MESSAGES.totalMismatch]);
    const long = await t.form(
      '/portal/rs/payapi/v1/pay/prePay',
      renewal({ YEARS: 4, customAmount: 8000 }),
      a,
    );
    expect([long.status, long.body.msg]).toEqual([400, RENEWAL_MESSAGES.years]);

    const renewed = await placeOrder(t, renewal(), a);
    await payOrder(t, renewed);
    expect((await worship(a)).content[0]?.END_DATE).toBe('2029-11-22');

    // At 10000 yuan and above: a reservation (FX_YD_FLAG 1), no QR.
    await t.database.db
      .updateTable('statue_groups')
      .set({ ng_price_fen: 400_000 })
      .where('location', '=', 2)
      .where('fx_group', '=', '1')
      .execute();
    const big = await t.form(
      '/portal/rs/payapi/v1/pay/prePay',
      renewal({ YEARS: 3, customAmount: 12000 }),
      a,
    );
    expect(big.status).toBe(200);
    expect(big.body.msg).toBe(RESERVED_MESSAGE);
    expect((big.body.data as { code_img_url: string }).code_img_url).toBe('');
    const flagged = await t.database.db
      .selectFrom('statue_renewals')
      .innerJoin('orders', 'orders.id', 'statue_renewals.order_id')
      .select(['statue_renewals.fx_yd_flag', 'orders.reservation', 'orders.amount_fen'])
      .where('orders.out_trade_no', '=', (big.body.data as { out_trade_no: string }).out_trade_no)
      .executeTakeFirstOrThrow();
    expect(flagged).toEqual({ fx_yd_flag: '1', reservation: true, amount_fen: 1_200_000 });
  });
});
