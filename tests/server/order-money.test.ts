import { assemblyApi } from '@contract/assembly';
import { believerApi, myOrderItem } from '@contract/believer';
import { addDaysYmd, ceremonyApi } from '@contract/ceremony';
import {
  CONSOLE_MESSAGES,
  consoleApi,
  orderDetailSchema,
  rosterSchema,
  todaySchema,
} from '@contract/console';
import { moneySummary, type OrderMoney } from '@contract/order-money';
import { templeToday } from '@contract/temple-day';
import { createSandboxGateway } from '@server/gateways/sandbox-gateway';
import {
  largeTabletReservation,
  sampleCeremonyOrder,
  sampleMembershipJoin,
  sampleStatueOrder,
  sampleTabletOrder,
} from '@tests/support/order-requests';
import { consoleCall, signedInStaff, type TestStaff } from '@tests/support/staff';
import { TEST_SECRET, useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { lampOrder, payOrder, placeOrder, relogin } from '@tests/support/user-centre';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';

const MY_ORDERS = believerApi.orders.path;
const ASSEMBLY = '观音菩萨圣诞法会';
const SLOT = '13:30-15:00';

/**
 * Issue 34: an order's money is explicit for every kind — its price, what was paid, what is still
 * owed and by when (price = paid + owed while it is open) — on the believer's 我的订单 and in the
 * console. A single-family ceremony paid by its 1000-yuan deposit owes the rest at the temple: the
 * clerk records it as a counter payment (audited, with its SMS), and only then is it fully paid.
 */
describe.each(databaseKinds())('order money on %s', (kind) => {
  const t = useTestApp(kind);
  let clerk: TestStaff;
  let believers = 0;
  const believer = async () => {
    const phone = `1370034${String(believers++).padStart(4, '0')}`;
    return { phone, token: await t.login(phone) };
  };
  const call = (method: string, path: string, body?: unknown) =>
    consoleCall(t, method, path, { cookie: clerk.cookie, body });
  const detail = async (no: string) => {
    const res = await call('GET', consoleApi.order.path.replace(':no', no));
    expect(res.status, res.body.msg).toBe(200);
    return v.parse(orderDetailSchema, res.body.data);
  };
  const mine = async (no: string, token: string) => {
    const res = await t.call('GET', `${MY_ORDERS}?status=-1&size=100`, undefined, token);
    const items = v.parse(v.array(myOrderItem), (res.body.data as { content: unknown }).content);
    return items.find((o) => o.orderNo === no);
  };
  /** The order's money as the believer and the console read it: the same, and price = paid + owed. */
  const moneyOf = async (no: string, token: string): Promise<OrderMoney> => {
    const [console, believerSide] = await Promise.all([detail(no), mine(no, token)]);
    expect(believerSide?.money).toEqual(console.order.money);
    const money = console.order.money;
    expect(money.paidFen + money.owedFen, 'price = paid + owed').toBe(money.priceFen);
    return money;
  };
  const payBalance = (no: string, amountFen: number, receiptNo = 'R-BAL-1') =>
    call('POST', consoleApi.recordPayment.path.replace(':no', no), {
      method: 'cash',
      amountFen,
      receiptNo,
      note: '法会当日到寺补缴',
    });

  let ceremonyDay = '';
  beforeAll(async () => {
    clerk = await signedInStaff(t, ['clerk'], 'clerk');
    const today = templeToday(t.clock.now());
    const calendar = await t.call(
      'GET',
      `${ceremonyApi.calendar.path}?${new URLSearchParams({ startDate: addDaysYmd(today, 8), endDate: addDaysYmd(today, 90) })}`,
    );
    const days = (calendar.body.data as { fsDataCcList: { DATE_STR: string; BOOKABLE: boolean }[] })
      .fsDataCcList;
    ceremonyDay = (days.find((day) => day.BOOKABLE)?.DATE_STR ?? '')
      .split('-')
      .map((p, k) => (k === 0 ? p : p.padStart(2, '0')))
      .join('-');
  });

  const assemblyOrder = async (mobile: string) => {
    const list = (await t.call('GET', assemblyApi.list.path)).body.data as {
      ls: { HOE_NAME: string; HOE_YEAR: number }[];
    };
    const item = list.ls.find((a) => a.HOE_NAME === ASSEMBLY);
    const q = new URLSearchParams({ hoeYear: String(item?.HOE_YEAR), hoeName: ASSEMBLY });
    const { data } = v.parse(
      assemblyApi.detail.response,
      (await t.call('GET', `${assemblyApi.detail.path}?${q}`)).body,
    );
    const price = data.tabletGdjList.find((p) => p.HOE_TYPE === '延生' && p.TABLET_TYPE === '吉祥');
    const [start = '', end = ''] = data.hoe.HOE_YL_TIME.split('至');
    return {
      type: 1,
      HOE_NAME: ASSEMBLY,
      HOE_TYPE: '延生',
      TABLET_TYPE: '吉祥',
      HOE_GDJ: price?.GDJ,
      HOE_TIME: data.hoe.HOE_NL_TIME,
      START_DATE: start,
      END_DATE: end,
      HOE_GDJ_TOTAL: (price?.TABLET_PRICE ?? 0) + (price?.GDJ ?? 0),
      HOE_YEAR: data.hoe.HOE_YEAR,
      DATA_SOURCE: '3',
      PAY_METHOD: '3',
      QUANTITY: 1,
      jyList: [],
      zzList: [{ ZZ1: '王小明' }],
      meritItemList: [],
      CHANNEL: 'pc',
      MOBILE: mobile,
    };
  };

  it.each([
    ['assembly', (mobile: string) => assemblyOrder(mobile)],
    ['merit', (mobile: string) => lampOrder(t, mobile)],
    ['tablet', (mobile: string) => Promise.resolve(sampleTabletOrder({ MOBILE: mobile }))],
    ['statue', (mobile: string) => Promise.resolve(sampleStatueOrder({ MOBILE: mobile }))],
    ['membership', (mobile: string) => Promise.resolve(sampleMembershipJoin({ MOBILE: mobile }))],
  ])('%s: one payment of the whole price; unpaid it owes all of it, paid nothing', async (_, request) => {
    const { phone, token } = await believer();
    const no = await placeOrder(t, await request(phone), token);
    const unpaid = await moneyOf(no, token);
    expect(unpaid).toMatchObject({ paidFen: 0, owedFen: unpaid.priceFen, settled: false });
    expect(unpaid.priceFen).toBe((await detail(no)).order.amountFen);
    await payOrder(t, no);
    const paid = await moneyOf(no, token);
    expect(paid).toEqual({
      priceFen: unpaid.priceFen,
      paidFen: unpaid.priceFen,
      owedFen: 0,
      owedBy: null,
      settled: true,
      depositFen: null,
    });
    expect(moneySummary(paid)).toMatch(/^已付清 ¥/);
    // Nothing is owed: the counter takes nothing more.
    const again = await payBalance(no, 1);
    expect([again.status, again.body.msg]).toEqual([409, CONSOLE_MESSAGES.nothingOwed]);
  });

  it('renewal of an enshrinement: one payment of the whole price, as every other kind', async () => {
    const { phone, token } = await believer();
    const statue = await placeOrder(t, sampleStatueOrder({ MOBILE: phone, POSITION: '1_3' }), token);
    await payOrder(t, statue);
    const worship = v.parse(
      believerApi.enshrinements.response,
      (await t.call('GET', believerApi.enshrinements.path, undefined, token)).body,
    ).data;
    const renewal = {
      type: 4,
      RENEW: 1,
      CHANNEL: 'pc',
      MOBILE: phone,
      ID: worship.content[0]?.ID,
      YEARS: 2,
      GF_TYPE: '2',
      customAmount: 4000,
      FX_YD_FLAG: '0',
    };
    const no = await placeOrder(t, renewal, token);
    expect(await moneyOf(no, token)).toMatchObject({ priceFen: 400_000, paidFen: 0, owedFen: 400_000 });
    await payOrder(t, no);
    expect(await moneyOf(no, token)).toMatchObject({
      priceFen: 400_000,
      paidFen: 400_000,
      owedFen: 0,
      settled: true,
    });
  });

  it('money that does not pay the order (another amount, flagged to be given back) is not counted as paid', async () => {
    const { phone, token } = await believer();
    const no = await placeOrder(t, await lampOrder(t, phone), token);
    const { priceFen } = await moneyOf(no, token);
    const { body, signature } = createSandboxGateway(TEST_SECRET).signedNotification(
      no,
      priceFen + 1,
      t.clock.now(),
    );
    const res = await t.app.request('/pay/notify/sandbox', {
      method: 'POST',
      body,
      headers: { 'x-sandbox-signature': signature },
    });
    expect(res.status).toBe(200);
    expect((await detail(no)).payments.map((p) => p.flag)).toEqual(['amount_mismatch']);
    expect(await moneyOf(no, token)).toMatchObject({ paidFen: 0, owedFen: priceFen, settled: false });
  });

  it('tablet reservation: a price with nothing paid, owed by the end of its hold, paid whole at the counter', async () => {
    const { phone, token } = await believer();
    const no = await placeOrder(t, largeTabletReservation('2_2', { MOBILE: phone }), token);
    const owed = await moneyOf(no, token);
    const { order } = await detail(no);
    expect(owed).toEqual({
      priceFen: 1_680_000,
      paidFen: 0,
      owedFen: 1_680_000,
      owedBy: templeToday(new Date(order.holdUntil)),
      settled: false,
      depositFen: null,
    });
    expect(moneySummary(owed)).toBe('待付 ¥16,800');
    const paid = await payBalance(no, 1_680_000, 'R-RES-1');
    expect(paid.status, paid.body.msg).toBe(200);
    expect(await moneyOf(no, token)).toMatchObject({ paidFen: 1_680_000, owedFen: 0, settled: true });
  });

  it('ceremony: the deposit paid online leaves the rest owed by the day to come by; the clerk records it and only then is it fully paid', async () => {
    const { phone, token } = await believer();
    const no = await placeOrder(
      t,
      sampleCeremonyOrder({
        FS_DATE: ceremonyDay,
        FS_TIME: SLOT,
        FS_TYPE: '2',
        FS_CONTENT: '延生禄位',
        MANY: '一堂',
        GDJ_TOTAL: 3800,
        FS_CAUSE: '为父母祈福延寿',
        FS_ADDRESS: '上海市静安区愚园路1号',
        REMARK: '上午到寺',
        jyList: [],
        ysList: [],
        zzList: [{ ZZ1: '王德明', BIRTH_DAY1: '1948-03-02' }],
        MOBILE: phone,
      }),
      token,
    );
    const qr = await moneyOf(no, token);
    expect(qr).toMatchObject({ priceFen: 380_000, paidFen: 0, owedFen: 380_000, depositFen: 100_000 });
    expect(moneySummary(qr)).toBe('待付定金 ¥1,000 · 余款 ¥2,800 到寺补缴');
    await payOrder(t, no);

    const deposit = await moneyOf(no, token);
    const comeBy = (await mine(no, token))?.comeBy;
    expect(comeBy).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(deposit).toEqual({
      priceFen: 380_000,
      paidFen: 100_000,
      owedFen: 280_000,
      owedBy: comeBy,
      settled: false,
      depositFen: 100_000,
    });
    expect(moneySummary(deposit)).toBe('已付定金 ¥1,000 · 待补 ¥2,800');

    // What the believer typed reaches the temple: the order's page and the day's roster.
    const page = await detail(no);
    expect(page.order.state).toBe(1);
    expect(page.ceremony).toEqual({
      cause: '为父母祈福延寿',
      address: '上海市静安区愚园路1号',
      remark: '上午到寺',
      tabletType: '延生禄位',
      tier: '一堂',
      comeBy,
    });
    expect(page.entries).toEqual([
      expect.objectContaining({ kind: '延生', tablets: ['王德明'], births: ['1948-03-02'], deaths: [''] }),
    ]);
    const roster = v.parse(
      rosterSchema,
      (await call('GET', consoleApi.ceremonyRoster.path.replace(':day', ceremonyDay))).body.data,
    );
    expect(roster.entries.find((e) => e.outTradeNo === no)).toMatchObject({
      cause: '为父母祈福延寿',
      address: '上海市静安区愚园路1号',
      remark: '上午到寺',
      births: ['1948-03-02'],
      money: deposit,
    });

    // The day's board lists the balance the day before the day to come by, and on the ceremony's day.
    const board = async (day: string) => {
      t.clock.advance((Date.parse(`${day}T02:00:00.000Z`) - t.clock.now().getTime()) / 1000);
      clerk = await signedInStaff(t, ['clerk'], `clerk-${day}`);
      const today = v.parse(todaySchema, (await call('GET', consoleApi.today.path)).body.data);
      return today.balancesDue.map((r) => [r.outTradeNo, moneySummary(r.money)]);
    };
    const due = [no, '已付定金 ¥1,000 · 待补 ¥2,800'];
    expect(await board(addDaysYmd(comeBy ?? '', -1))).toContainEqual(due);
    expect(await board(ceremonyDay)).toContainEqual(due);

    // Another amount is refused; the balance recorded settles it, once.
    const short = await payBalance(no, 100_000);
    expect([short.status, short.body.msg]).toEqual([400, CONSOLE_MESSAGES.amountMismatch]);
    const recorded = await payBalance(no, 280_000);
    expect(recorded.status, recorded.body.msg).toBe(200);
    const recorder = clerk.username;
    const settled = v.parse(orderDetailSchema, recorded.body.data);
    expect(settled.order.money).toEqual({
      priceFen: 380_000,
      paidFen: 380_000,
      owedFen: 0,
      owedBy: null,
      settled: true,
      depositFen: 100_000,
    });
    expect(settled.payments.map((p) => [p.gateway, p.amountFen, p.method, p.receiptNo])).toEqual([
      ['sandbox', 100_000, null, null],
      ['temple', 280_000, 'cash', 'R-BAL-1'],
    ]);
    expect(settled.history.map((h) => [h.what, h.by])).toContainEqual(['登记补缴余款', recorder]);
    expect(await moneyOf(no, token)).toMatchObject({ paidFen: 380_000, owedFen: 0, settled: true });
    // Settled, it leaves the board.
    expect((await board(ceremonyDay)).map(([n]) => n)).not.toContain(no);
    const again = await payBalance(no, 280_000, 'R-BAL-2');
    expect([again.status, again.body.msg]).toEqual([409, CONSOLE_MESSAGES.nothingOwed]);

    const audit = await t.database.db
      .selectFrom('staff_audit')
      .select(['username', 'before', 'after'])
      .where('action', '=', 'order.balanceRecorded')
      .where('subject', '=', `order:${no}`)
      .execute();
    expect(audit).toEqual([
      {
        username: recorder,
        before: { owedFen: 280_000 },
        after: {
          method: 'cash',
          amountFen: 280_000,
          receiptNo: 'R-BAL-1',
          note: '法会当日到寺补缴',
          owedFen: 0,
        },
      },
    ]);
    await t.sendMessages();
    const texts = t.outbox.forPhone(phone).map((m) => m.text);
    expect(texts.filter((text) => text.includes('补缴 2800 元，共付 3800 元，款项已付清'))).toHaveLength(1);
  });

  it('a reservation whose hold has ended owes nothing, before the sweeper closes it', async () => {
    const { phone, token } = await believer();
    const no = await placeOrder(t, largeTabletReservation('3_3', { MOBILE: phone }), token);
    t.clock.advance(8 * 24 * 3600);
    clerk = await signedInStaff(t, ['clerk'], 'clerk-later');
    const later = await relogin(t, phone);
    const { order } = await detail(no);
    expect(order.state).toBe(5);
    expect(order.money).toEqual({
      priceFen: 1_680_000,
      paidFen: 0,
      owedFen: 0,
      owedBy: null,
      settled: false,
      depositFen: null,
    });
    expect((await mine(no, later))?.money).toEqual(order.money);
    expect(moneySummary(order.money)).toBe('');
  });
});
