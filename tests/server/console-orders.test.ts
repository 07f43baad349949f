import { assemblyApi } from '@contract/assembly';
import { believerApi } from '@contract/believer';
import {
  CONSOLE_MESSAGES,
  consoleApi,
  orderDetailSchema,
  orderRowSchema,
  todaySchema,
} from '@contract/console';
import { prePayAnswer } from '@contract/payment';
import { STAFF_MESSAGES } from '@contract/staff';
import { tabletApi } from '@contract/tablet';
import { templeDateTime, templeToday } from '@contract/temple-day';
import { messageTime, reminderDue } from '@server/services/notifications';
import { ORDER_KINDS, orderExamples } from '@tests/support/fuzz-payloads';
import {
  largeTabletReservation,
  sampleCeremonyOrder,
  sampleTabletOrder,
} from '@tests/support/order-requests';
import { consoleCall, type TestStaff, useStaffSessions } from '@tests/support/staff';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { payOrder } from '@tests/support/user-centre';
import { addDays } from 'date-fns';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

const PREPAY = '/portal/rs/payapi/v1/pay/prePay';
const MY_ORDERS = believerApi.orders.path;
const TABLET_SEATS = tabletApi.seats.path;
const DAY = 24 * 3600;

/** A large tablet on the ground floor (16800 yuan): reserved 7 days, paid at the temple. */
const tabletReservation = (position: string, name?: string) => largeTabletReservation(position, {}, name);

const detailOf = (body: { data?: unknown }) => v.parse(orderDetailSchema, body.data);

/**
 * Issue 24: the console's orders: search (phone masked), an order's page, and what the 客堂 does at
 * the counter: record a payment taken at the temple, extend a reservation, cancel an unpaid order.
 */
describe.each(databaseKinds())('console orders on %s', (kind) => {
  const t = useTestApp(kind);
  const team = useStaffSessions(t, { clerk: ['clerk'], finance: ['finance'] });
  let believers = 0;
  const believer = async () => {
    const phone = `1370024${String(believers++).padStart(4, '0')}`;
    return { phone, token: await t.login(phone) };
  };
  const place = async (order: unknown, token: string) => {
    const res = await t.form(PREPAY, order, token);
    expect(res.status, res.body.msg).toBe(200);
    return v.parse(prePayAnswer, res.body).data.out_trade_no;
  };
  /** A believer's 7-day tablet reservation at seat `position` of 一层 大牌位 一室. */
  const reserved = async (position: string, name?: string) => {
    const who = await believer();
    return { ...who, no: await place(tabletReservation(position, name), who.token) };
  };
  const call = (method: string, path: string, staff: TestStaff, body?: unknown) =>
    consoleCall(t, method, path, { cookie: staff.cookie, body });
  const pay = (no: string, over: Record<string, unknown> = {}, staff = team.clerk) =>
    call('POST', `/admin/api/orders/${no}/payment`, staff, {
      method: 'cash',
      amountFen: 1_680_000,
      receiptNo: 'R-0001',
      note: '信众到寺交现金',
      ...over,
    });
  const seatStatus = async (position: string) => {
    const q = new URLSearchParams({ pwLocation: '1', pwType: '1', pwGroup: '1' });
    const res = await t.call('GET', `${TABLET_SEATS}?${q}`);
    const map = (res.body.data as { pwOrderDataMap: { seats: { POSITION: string; PW_STATUS: number }[] } })
      .pwOrderDataMap;
    return map.seats.find((s) => s.POSITION === position)?.PW_STATUS;
  };
  const stored = (no: string) =>
    t.database.db.selectFrom('orders').selectAll().where('out_trade_no', '=', no).executeTakeFirstOrThrow();
  const messagesOf = async (no: string) => {
    const { id } = await stored(no);
    return t.database.db
      .selectFrom('notifications')
      .select(['kind', 'due_at', 'params', 'sent_at'])
      .where('subject', '=', `order:${id}`)
      .orderBy('id')
      .execute();
  };

  const advance = async (seconds: number) => {
    t.clock.advance(seconds);
    await team.signInAgain();
  };

  it('records a payment at the counter: the believer’s order reads paid, the seat 已售未供, a confirmation queued', async () => {
    const { no, token, phone } = await reserved('1_1');
    expect(await seatStatus('1_1')).toBe(2);
    const res = await pay(no);
    expect(res.status, res.body.msg).toBe(200);
    const detail = detailOf(res.body);
    expect(detail.order).toMatchObject({ outTradeNo: no, state: 1, phone, amountFen: 1_680_000 });
    expect(detail.payments).toEqual([
      expect.objectContaining({
        gateway: 'temple',
        amountFen: 1_680_000,
        method: 'cash',
        receiptNo: 'R-0001',
        note: '信众到寺交现金',
        refundDue: false,
      }),
    ]);
    expect(detail.history.map((h) => [h.what, h.by])).toContainEqual(['登记到寺付款', team.clerk.username]);

    const mine = await t.call('GET', `${MY_ORDERS}?status=-1`, undefined, token);
    const listed = (mine.body.data as { content: { orderNo: string; orderState: number }[] }).content;
    expect(listed.find((o) => o.orderNo === no)?.orderState).toBe(1);
    expect(await seatStatus('1_1')).toBe(3);
    expect((await messagesOf(no)).map((m) => m.kind)).toContain('payment_confirmed');
    await t.sendMessages();
    expect(t.outbox.forPhone(phone).some((m) => m.text.includes(no))).toBe(true);

    const audit = await t.database.db
      .selectFrom('staff_audit')
      .select(['username', 'before', 'after'])
      .where('action', '=', 'order.paymentRecorded')
      .where('subject', '=', `order:${no}`)
      .execute();
    expect(audit).toEqual([
      {
        username: team.clerk.username,
        before: { state: 0 },
        after: expect.objectContaining({ state: 1, method: 'cash', receiptNo: 'R-0001' }),
      },
    ]);
    // Paid once: a second recording is refused.
    const again = await pay(no, { receiptNo: 'R-0002' });
    expect([again.status, again.body.msg]).toEqual([409, CONSOLE_MESSAGES.nothingOwed]);
  });

  it('refuses a payment of another amount, an online order, bad input, an unknown order and a role without 客堂', async () => {
    const { no } = await reserved('1_2');
    const wrong = await pay(no, { amountFen: 1_679_999 });
    expect([wrong.status, wrong.body.msg]).toEqual([400, CONSOLE_MESSAGES.amountMismatch]);
    const noMethod = await pay(no, { method: 'cheque' });
    expect([noMethod.status, noMethod.body.msg]).toEqual([400, CONSOLE_MESSAGES.methodEmpty]);
    const badReceipt = await pay(no, { receiptNo: '收据 1' });
    expect([badReceipt.status, badReceipt.body.msg]).toEqual([400, CONSOLE_MESSAGES.receiptInvalid]);
    const longNote = await pay(no, { note: '备'.repeat(201) });
    expect([longNote.status, longNote.body.msg]).toEqual([400, CONSOLE_MESSAGES.noteTooLong]);
    const forbidden = await pay(no, {}, team.finance);
    expect([forbidden.status, forbidden.body.msg]).toEqual([403, STAFF_MESSAGES.forbidden]);
    const unknown = await pay('WF20261122000000999999');
    expect([unknown.status, unknown.body.msg]).toEqual([404, CONSOLE_MESSAGES.orderNotFound]);
    const junk = await pay('not-an-order');
    expect([junk.status, junk.body.msg]).toEqual([400, CONSOLE_MESSAGES.orderNotFound]);
    const anonymous = await consoleCall(t, 'POST', `/admin/api/orders/${no}/payment`, { body: {} });
    expect([anonymous.status, anonymous.body.msg]).toEqual([401, STAFF_MESSAGES.signInRequired]);
    expect((await stored(no)).state).toBe(0);

    const online = await believer();
    const onlineNo = await place(sampleTabletOrder({ POSITION: '3_3' }), online.token);
    const refused = await pay(onlineNo, { amountFen: 280_000 });
    expect([refused.status, refused.body.msg]).toEqual([409, CONSOLE_MESSAGES.onlineOrder]);
    const { id } = await stored(no);
    expect(
      await t.database.db.selectFrom('payments').select('id').where('order_id', '=', id).execute(),
    ).toEqual([]);
  });

  it('closes a reservation whose 7 days ended when payment is recorded, and refuses it', async () => {
    const { no } = await reserved('1_3');
    await advance(7 * DAY + 60);
    const res = await pay(no);
    expect([res.status, res.body.msg]).toEqual([409, CONSOLE_MESSAGES.holdEnded]);
    // The close committed, the place is free again.
    expect((await stored(no)).state).toBe(5);
    expect(await seatStatus('1_3')).toBe(5);
  });

  it('extends a reservation: a later end, the reminder moved before it, the audit row with its reason', async () => {
    const { no } = await reserved('1_4');
    const before = await stored(no);
    const res = await call('POST', `/admin/api/orders/${no}/extend`, team.clerk, {
      days: 3,
      reason: '信众来电请求延期',
    });
    expect(res.status, res.body.msg).toBe(200);
    const holdUntil = addDays(before.hold_until, 3);
    expect(detailOf(res.body).order.holdUntil).toBe(holdUntil.toISOString());
    expect(detailOf(res.body).history.map((h) => h.what)).toContain('延长保留：信众来电请求延期');
    const reminder = (await messagesOf(no)).find((m) => m.kind === 'reservation_reminder');
    expect(reminder?.due_at).toEqual(reminderDue(holdUntil, t.clock.now()));
    expect(reminder?.params.deadline).toBe(messageTime(holdUntil));
    // Past the old end the reservation still holds its seat; past the new one it closes.
    await advance(7 * DAY + 60);
    await t.sweep();
    expect(await seatStatus('1_4')).toBe(2);
    expect((await stored(no)).state).toBe(0);
    await advance(3 * DAY);
    expect(await seatStatus('1_4')).toBe(5);

    const bad = await call('POST', `/admin/api/orders/${no}/extend`, team.clerk, { days: 8, reason: '再延' });
    expect([bad.status, bad.body.msg]).toEqual([400, CONSOLE_MESSAGES.daysInvalid]);
    const noReason = await call('POST', `/admin/api/orders/${no}/extend`, team.clerk, {
      days: 1,
      reason: ' ',
    });
    expect([noReason.status, noReason.body.msg]).toEqual([400, CONSOLE_MESSAGES.reasonEmpty]);
    const ended = await call('POST', `/admin/api/orders/${no}/extend`, team.clerk, {
      days: 1,
      reason: '再延',
    });
    expect([ended.status, ended.body.msg]).toEqual([409, CONSOLE_MESSAGES.holdEnded]);
  });

  it('extends only reservations: an online order’s QR expires with its hold', async () => {
    const online = await believer();
    const no = await place(sampleTabletOrder({ POSITION: '3_4' }), online.token);
    const res = await call('POST', `/admin/api/orders/${no}/extend`, team.clerk, { days: 1, reason: '延期' });
    expect([res.status, res.body.msg]).toEqual([409, CONSOLE_MESSAGES.notExtendable]);
  });

  it('cancels an unpaid order and frees its place; a paid one is not cancellable', async () => {
    const { no } = await reserved('1_5');
    const res = await call('POST', `/admin/api/orders/${no}/cancel`, team.clerk, { reason: '信众改订他位' });
    expect(res.status, res.body.msg).toBe(200);
    const detail = detailOf(res.body);
    expect(detail.order.state).toBe(5);
    expect(detail.places[0]).toMatch(/（已释放）$/);
    expect(detail.history.map((h) => [h.what, h.by])).toContainEqual([
      '取消订单：信众改订他位',
      team.clerk.username,
    ]);
    expect(await seatStatus('1_5')).toBe(5);
    const again = await call('POST', `/admin/api/orders/${no}/cancel`, team.clerk, { reason: '再取消' });
    expect([again.status, again.body.msg]).toEqual([409, CONSOLE_MESSAGES.notCancellable]);

    const paid = await reserved('1_6');
    expect((await pay(paid.no)).status).toBe(200);
    const refused = await call('POST', `/admin/api/orders/${paid.no}/cancel`, team.clerk, { reason: '取消' });
    expect([refused.status, refused.body.msg]).toEqual([409, CONSOLE_MESSAGES.notCancellable]);

    // An online order's QR is payable until it ends: the console does not close it under the believer.
    const online = await believer();
    const qr = await place(sampleTabletOrder({ POSITION: '3_5' }), online.token);
    const live = await call('POST', `/admin/api/orders/${qr}/cancel`, team.clerk, { reason: '取消' });
    expect([live.status, live.body.msg]).toEqual([409, CONSOLE_MESSAGES.onlineNotCancellable]);
    const kept = await call('GET', `/admin/api/orders/${qr}`, team.clerk);
    expect(detailOf(kept.body).order.state).toBe(0);
  });

  it('finds orders by number, phone and a name on the order, with the phone masked in the list', async () => {
    const { no, phone } = await reserved('2_1', '林默娘');
    const search = async (q: Record<string, string>) => {
      const res = await call('GET', `/admin/api/orders?${new URLSearchParams(q)}`, team.finance);
      expect(res.status, res.body.msg).toBe(200);
      return v.parse(consoleApi.orders.response, res.body).data;
    };
    for (const q of [no, no.slice(-8), phone, phone.slice(-4), '林默', '陈大明']) {
      const found = await search({ q });
      expect(
        found.rows.map((r) => r.outTradeNo),
        q,
      ).toContain(no);
    }
    const row = (await search({ q: '林默娘' })).rows[0];
    expect(v.parse(orderRowSchema, row)).toMatchObject({
      outTradeNo: no,
      phone: `${phone.slice(0, 3)}****${phone.slice(7)}`,
      names: ['林默娘', '陈大明'],
      reservation: true,
      state: 0,
    });
    expect((await search({ q: '无此人名' })).total).toBe(0);
    expect((await search({ q: '%' })).total).toBe(0);

    const all = await search({ sort: 'amount', dir: 'asc' });
    expect(all.total).toBeGreaterThan(1);
    const amounts = all.rows.map((r) => r.amountFen);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    const unpaid = await search({ state: '0', reservation: 'true' });
    expect(unpaid.rows.every((r) => r.state === 0 && r.reservation)).toBe(true);
    const closed = await search({ state: '5' });
    expect(closed.rows.every((r) => r.state === 5)).toBe(true);

    for (const [q, msg] of [
      [{ sort: 'phone' }, CONSOLE_MESSAGES.sortInvalid],
      [{ after: '0' }, CONSOLE_MESSAGES.pageInvalid],
      [{ after: '1_1', before: '1_1' }, CONSOLE_MESSAGES.pageInvalid],
      [{ q: '字'.repeat(41) }, CONSOLE_MESSAGES.searchTooLong],
    ] as const) {
      const res = await call('GET', `/admin/api/orders?${new URLSearchParams(q)}`, team.clerk);
      expect([res.status, res.body.msg]).toEqual([400, msg]);
    }
  });

  it('shows an order’s page: phone whole, lines, the tablet’s names, its place; an unknown number is not found', async () => {
    const { no, phone } = await reserved('2_2', '王阿婆');
    const res = await call('GET', `/admin/api/orders/${no}`, team.finance);
    expect(res.status, res.body.msg).toBe(200);
    const detail = detailOf(res.body);
    expect(detail.order).toMatchObject({ outTradeNo: no, phone, believerName: '测试居士' });
    expect(detail.lines).toEqual([
      expect.objectContaining({ quantity: 1, unitPriceFen: 1_680_000, amountFen: 1_680_000 }),
    ]);
    expect(detail.entries).toEqual([
      { position: 0, kind: '往生', tablets: ['王阿婆'], births: [''], deaths: [''], ys: ['陈大明'] },
    ]);
    expect(detail.places).toEqual(['大牌位·一层一室2排2号']);
    expect(detail.history[0]?.what).toBe('预约下单（到寺付款）');
    const unknown = await call('GET', '/admin/api/orders/WF20990101000000000001', team.clerk);
    expect([unknown.status, unknown.body.msg]).toEqual([404, CONSOLE_MESSAGES.orderNotFound]);
  });

  it('shows on an order’s page what its kind holds (an assembly type, a ceremony’s day, a niche, a tablet place); 我的订单 names each kind', async () => {
    const who = await believer();
    const examples = await orderExamples(t, who.token, who.phone);
    const pages: Record<string, unknown> = {};
    const numbers: Record<string, string> = {};
    const ceremonyDay = examples.ceremony(0).FS_DATE;
    for (const name of ORDER_KINDS) {
      const no = await place(examples[name](0), who.token);
      numbers[name] = no;
      const page = detailOf((await call('GET', `/admin/api/orders/${no}`, team.clerk)).body);
      pages[name] = {
        places: page.places,
        entries: page.entries.map((e) => [e.kind, ...e.tablets, ...e.ys].join(' ')),
        ceremony: page.ceremony?.tabletType ?? null,
      };
    }
    const none = { places: [], entries: [], ceremony: null };
    expect(pages).toEqual({
      assembly: { places: ['观音菩萨圣诞法会·延生·1位'], entries: ['延生 王小明'], ceremony: null },
      ceremony: {
        places: [`往生普佛·${ceremonyDay} 13:30-15:00`],
        entries: ['往生 父母张三 张小明'],
        ceremony: '往生莲位',
      },
      tablet: { places: ['小牌位·二层北3排1号'], entries: ['延生 陈大明'], ceremony: null },
      renewal: none,
      merit: none,
      membership: none,
      statue: { places: ['圣像·大殿外东廊4排1号'], entries: [], ceremony: null },
    });
    // 我的订单 names each kind in its 类型 column.
    const mine = await t.call('GET', `${MY_ORDERS}?status=-1&size=20`, undefined, who.token);
    const listed = (mine.body.data as { content: { orderNo: string; typeName: string }[] }).content;
    const typeOf = (no: string | undefined) => listed.find((o) => o.orderNo === no)?.typeName;
    expect(Object.fromEntries(ORDER_KINDS.map((name) => [name, typeOf(numbers[name])]))).toEqual({
      assembly: '法会报名',
      ceremony: '独姓佛事',
      tablet: '牌位供奉',
      renewal: '供奉续费',
      merit: '功德供养',
      membership: '功德会会员',
      statue: '圣像供奉',
    });
  });

  it('shows the day: reservations ending within 48 hours, messages due and unsent, when the sweeper last ran', async () => {
    const board = async () => {
      const res = await call('GET', '/admin/api/today', team.finance);
      expect(res.status, res.body.msg).toBe(200);
      return v.parse(todaySchema, res.body.data);
    };
    const { no, phone } = await reserved('5_1');
    expect((await board()).reservationsEndingSoon.map((r) => r.outTradeNo)).not.toContain(no);
    const unsent = (await board()).messagesUnsent;
    expect(unsent).toBeGreaterThan(0);
    await t.sendMessages();
    expect((await board()).messagesUnsent).toBeLessThan(unsent);

    await advance(5 * DAY + 12 * 3600);
    const soon = (await board()).reservationsEndingSoon.find((r) => r.outTradeNo === no);
    expect(soon).toMatchObject({ phone: `${phone.slice(0, 3)}****${phone.slice(7)}`, reservation: true });
    expect((await board()).sweeperLastRunAt).toBeNull();
    await t.services.sweeper.run();
    expect((await board()).sweeperLastRunAt).toBe(t.clock.now().toISOString());
    const clerkBoard = await call('GET', '/admin/api/today', team.clerk);
    expect(clerkBoard.status).toBe(200);
  });

  it('shows the day’s ceremonies by time and the assemblies under way, paid and pending', async () => {
    const board = async () =>
      v.parse(todaySchema, (await call('GET', '/admin/api/today', team.clerk)).body.data);
    const ceremony = await believer();
    // The first bookable day from 8 days on (a festival day takes no booking).
    let offset = 8;
    let booked = '';
    for (; offset < 40 && !booked; offset++) {
      const day = templeToday(addDays(t.clock.now(), offset));
      const res = await t.form(
        PREPAY,
        sampleCeremonyOrder({ FS_DATE: day, JF_DATE: templeDateTime(t.clock.now()) }),
        ceremony.token,
      );
      if (res.status === 200) booked = v.parse(prePayAnswer, res.body).data.out_trade_no;
    }
    const day = templeToday(addDays(t.clock.now(), offset - 1));
    await payOrder(t, booked);
    await advance((offset - 1) * DAY);
    const today = await board();
    expect(today.day).toBe(day);
    expect(today.ceremonies).toContainEqual(expect.objectContaining({ timeLabel: '13:30-15:00', paid: 1 }));

    const list = v.parse(assemblyApi.list.response, (await t.call('GET', assemblyApi.list.path)).body).data
      .ls;
    const next = list.find((a) => (a.HOE_YL_TIME.split('至')[0] ?? '') > templeToday(t.clock.now()));
    if (!next) throw new Error('no assembly to come in the seed');
    const q = new URLSearchParams({ hoeYear: String(next.HOE_YEAR), hoeName: next.HOE_NAME });
    const { hoe, tabletGdjList } = v.parse(
      assemblyApi.detail.response,
      (await t.call('GET', `${assemblyApi.detail.path}?${q}`)).body,
    ).data;
    const price = tabletGdjList[0];
    if (!price) throw new Error('an assembly without prices');
    const [start = '', end = ''] = hoe.HOE_YL_TIME.split('至');
    const registrant = await believer();
    const registration = {
      type: 1,
      HOE_NAME: hoe.HOE_NAME,
      HOE_TYPE: price.HOE_TYPE,
      TABLET_TYPE: price.TABLET_TYPE,
      HOE_GDJ: price.GDJ,
      HOE_TIME: hoe.HOE_NL_TIME,
      START_DATE: start,
      END_DATE: end,
      HOE_GDJ_TOTAL: price.TABLET_PRICE + price.GDJ,
      HOE_YEAR: hoe.HOE_YEAR,
      DATA_SOURCE: '3',
      PAY_METHOD: '3',
      QUANTITY: 1,
      jyList: price.HOE_TYPE === '延生' ? [] : [{ JY1: '父母张三', YS1: '张明' }],
      zzList: price.HOE_TYPE === '延生' ? [{ ZZ1: '王小明' }] : [],
      meritItemList: [],
      CHANNEL: 'pc',
      MOBILE: registrant.phone,
    };
    await payOrder(t, await place(registration, registrant.token));
    // A registration placed minutes before the assembly's first day still holds its place then.
    const firstDay = new Date(`${start}T00:00:00+08:00`).getTime();
    await advance((firstDay - 8 * 60_000 - t.clock.now().getTime()) / 1000);
    const pending = await believer();
    await place({ ...registration, MOBILE: pending.phone }, pending.token);
    await advance(10 * 60);
    expect((await board()).assemblies).toContainEqual({
      id: expect.any(Number),
      name: hoe.HOE_NAME,
      paid: 1,
      pending: 1,
    });
  });
});
