import { addDaysYmd, type CalendarData, CEREMONY_MESSAGES, ceremonyApi } from '@contract/ceremony';
import { MEMORIAL_MESSAGES } from '@contract/memorial-entry';
import { prePayAnswer } from '@contract/payment';
import { templeToday } from '@contract/temple-day';
import { createSandboxGateway } from '@server/gateways/sandbox-gateway';
import { SAMPLE_DECEASED, sampleCeremonyOrder } from '@tests/support/order-requests';
import { TEST_SECRET, useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { relogin } from '@tests/support/user-centre';
import { Solar } from 'lunar-javascript';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';

const PREPAY = ceremonyApi.order.path;
const SLOT3 = '13:30-15:00';

/** YYYY-MM-DD of a calendar DATE_STR (leading zeros stripped). */
const ymdOf = (dateStr: string) =>
  dateStr
    .split('-')
    .map((p, k) => (k === 0 ? p : p.padStart(2, '0')))
    .join('-');

describe.each(databaseKinds())('single-family ceremony booking on %s', (kind) => {
  const t = useTestApp(kind);
  const sandbox = createSandboxGateway(TEST_SECRET);
  let token = '';
  const phone = '13700008001';
  let bookable: string[] = [];
  let disabled: { day: string; assembly: boolean }[] = [];

  const get = async <S extends v.GenericSchema>(path: string, schema: S) => {
    const res = await t.call('GET', path);
    expect(res.status, res.body.msg).toBe(200);
    return v.parse(schema, res.body);
  };
  const calendar = async (startDate: string, endDate: string): Promise<CalendarData> =>
    (
      await get(
        `${ceremonyApi.calendar.path}?${new URLSearchParams({ startDate, endDate })}`,
        ceremonyApi.calendar.response,
      )
    ).data;
  const left = async (day: string, slot = SLOT3) =>
    (await calendar(day, day)).fsDataCcList[0]?.TIME_MAP[slot];
  const booking = (day: string, over: Record<string, unknown> = {}) =>
    sampleCeremonyOrder({ FS_DATE: day, FS_TIME: SLOT3, MOBILE: phone, ...over });
  const book = (payload: unknown, as = token) => t.form(PREPAY, payload, as);
  const refusal = async (payload: unknown) => {
    const res = await book(payload);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    return res.body.msg;
  };
  const stored = (no: string) =>
    t.database.db.selectFrom('orders').selectAll().where('out_trade_no', '=', no).executeTakeFirstOrThrow();

  beforeAll(async () => {
    token = await t.login(phone);
    const today = templeToday(t.clock.now());
    const data = await calendar(addDaysYmd(today, 8), addDaysYmd(today, 90));
    bookable = data.fsDataCcList.filter((d) => d.BOOKABLE).map((d) => ymdOf(d.DATE_STR));
    const assemblyDays = new Set(data.hoeDataList.map((h) => h.HOE_DATE));
    disabled = data.fsDataCcList
      .filter((d) => !d.BOOKABLE)
      .map((d) => ({ day: ymdOf(d.DATE_STR), assembly: assemblyDays.has(ymdOf(d.DATE_STR)) }));
    expect(bookable.length).toBeGreaterThan(5);
  });

  it('lists the types and their prices in the contract shape, as JSON data', async () => {
    for (const path of [ceremonyApi.fsList.path, ceremonyApi.pwList.path]) {
      const list = await get(path, ceremonyApi.fsList.response);
      expect(list.data.ls.map((l) => l.FS_TYPE)).toEqual(['1', '2']);
    }
    const prices = await get(`${ceremonyApi.pwByType.path}?pwType=1`, ceremonyApi.pwByType.response);
    expect(prices.data).toContainEqual({ FS_TYPE: '1', FS_CONTENT: '往生莲位', MANY: '一堂', PRICE: 3800 });
    const detail = await get(`${ceremonyApi.fsByType.path}?fsType=2`, ceremonyApi.fsByType.response);
    expect(detail.data.FS_NAME).toBe('延生普佛');
    expect(detail.data.SLOTS).toContain(SLOT3);
    expect(detail.data.priceList.every((p) => p.FS_TYPE === '2')).toBe(true);
    for (const bad of [`${ceremonyApi.pwByType.path}?pwType=3`, `${ceremonyApi.fsByType.path}`]) {
      const res = await t.call('GET', bad);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(CEREMONY_MESSAGES.unknownType);
    }
  });

  it('answers the calendar, with 002’s default range and the day rules', async () => {
    const today = templeToday(t.clock.now());
    for (const path of [ceremonyApi.calendar.path, ceremonyApi.calendarInterval.path]) {
      const data = (await get(path, ceremonyApi.calendar.response)).data;
      expect(data.startDate.slice(8)).toBe('20');
      expect(data.endDate.slice(8)).toBe('10');
      expect(data.startDate < today && today < data.endDate).toBe(true);
      const first = data.fsDataCcList[0];
      expect(first?.DATE_STR).toMatch(/^\d{4}-[1-9]\d?-[1-9]\d?$/);
      expect(first?.TIME_MAP).toEqual({ '08:30-10:00': 2, '10:30-12:00': 2, [SLOT3]: 3, '15:30-17:00': 2 });
    }
    const week = await calendar(today, addDaysYmd(today, 7));
    expect(week.fsDataCcList.every((d) => !d.BOOKABLE)).toBe(true);
    // Each closed day says why, in the contract's words; a bookable day has no refusal.
    expect(week.fsDataCcList.map((d) => d.REFUSAL)).toEqual(Array(8).fill(CEREMONY_MESSAGES.tooSoon));
    const later = await calendar(addDaysYmd(today, 8), addDaysYmd(today, 90));
    for (const d of later.fsDataCcList) expect(d.REFUSAL === null).toBe(d.BOOKABLE);
    expect(new Set(later.fsDataCcList.map((d) => d.REFUSAL))).toContain(CEREMONY_MESSAGES.lunarDay);
    expect(disabled.length).toBeGreaterThan(0);
    for (const [q, message] of [
      ['startDate=2026-12-01', CEREMONY_MESSAGES.range],
      ['startDate=2026-12-01&endDate=2026-11-01', CEREMONY_MESSAGES.range],
      ['startDate=2026-01-01&endDate=2026-12-31', CEREMONY_MESSAGES.range],
      ['startDate=2026-02-30&endDate=2026-03-01', CEREMONY_MESSAGES.date],
    ] as const) {
      const res = await t.call('GET', `${ceremonyApi.calendar.path}?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.msg).toBe(message);
    }
  });

  it('books a session for a 1000-yuan deposit, and records the day to come by once paid', async () => {
    const day = bookable[0] as string;
    expect(await left(day)).toBe(3);
    const res = await book(booking(day));
    expect(res.status, res.body.msg).toBe(200);
    const no = v.parse(prePayAnswer, res.body).data.out_trade_no;
    const order = await stored(no);
    expect(order.amount_fen).toBe(100_000);
    expect(order.type).toBe(2);
    expect(await left(day)).toBe(2);
    const facts = await t.database.db
      .selectFrom('ceremony_orders')
      .selectAll()
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(facts).toMatchObject({
      day,
      time_label: SLOT3,
      tablet_type: '往生莲位',
      price_fen: 380_000,
      come_by: null,
    });
    const entries = await t.database.db
      .selectFrom('order_entries')
      .selectAll()
      .where('order_id', '=', order.id)
      .execute();
    expect(entries).toMatchObject([
      { kind: '往生', tablet1: '父母张三', ys1: '张小明', birth1: '1930-01-01', death1: '2020-01-01' },
    ]);
    const { body, signature } = sandbox.signedNotification(no, order.amount_fen, t.clock.now());
    const paid = await t.app.request('/pay/notify/sandbox', {
      method: 'POST',
      body,
      headers: { 'x-sandbox-signature': signature },
    });
    expect(paid.status).toBe(200);
    expect((await stored(no)).state).toBe(1);
    const after = await t.database.db
      .selectFrom('ceremony_orders')
      .select('come_by')
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(after.come_by).toBe(addDaysYmd(templeToday(t.clock.now()), 7));
    expect(await left(day)).toBe(2);
  });

  it('stores each deceased entry with its own 阳上 names, and refuses names that do not pair with the entries', async () => {
    const family = await t.login('13700007998');
    const payload = booking(bookable.at(-1) as string, {
      jyList: [SAMPLE_DECEASED, { JY1: '祖父母李四', BIRTH_DAY1: '1920-03-01', DEATH_DAY1: '2010-05-01' }],
      ysList: [{ YS1: '张小明' }, { YS1: '李小红', YS2: '李小军' }],
    });
    const res = await book(payload, family);
    expect(res.status, res.body.msg).toBe(200);
    const order = await stored(v.parse(prePayAnswer, res.body).data.out_trade_no);
    const entries = await t.database.db
      .selectFrom('order_entries')
      .select(['tablet1', 'ys1', 'ys2'])
      .where('order_id', '=', order.id)
      .orderBy('position')
      .execute();
    expect(entries).toEqual([
      { tablet1: '父母张三', ys1: '张小明', ys2: '' },
      { tablet1: '祖父母李四', ys1: '李小红', ys2: '李小军' },
    ]);
    // One row of names for two deceased entries: whose names they are is not known.
    expect(await refusal({ ...payload, ysList: [{ YS1: '张小明' }] })).toBe(CEREMONY_MESSAGES.petitioner);
  });

  it('refuses disabled days, unknown slots and tampered amounts in Chinese', async () => {
    const today = templeToday(t.clock.now());
    expect(await refusal(booking(addDaysYmd(today, 3)))).toBe(CEREMONY_MESSAGES.tooSoon);
    expect(await refusal(booking(addDaysYmd(today, 400)))).toBe(CEREMONY_MESSAGES.tooLate);
    const closed = disabled[0];
    if (!closed) throw new Error('no disabled day in the range');
    expect(await refusal(booking(closed.day))).toBe(
      closed.assembly ? CEREMONY_MESSAGES.assemblyDay : CEREMONY_MESSAGES.lunarDay,
    );
    // A lunar 1st or 15th without an assembly, found with lunar-javascript independently of the server.
    const lunarDay = (d: string) => {
      const [y, m, dd] = d.split('-').map(Number) as [number, number, number];
      return [1, 15].includes(Solar.fromYmd(y, m, dd).getLunar().getDay());
    };
    const lunar = Array.from({ length: 60 }, (_, k) => addDaysYmd(today, 8 + k)).find(
      (d) => lunarDay(d) && !disabled.some((x) => x.day === d && x.assembly),
    );
    if (!lunar) throw new Error('no lunar 1st or 15th in 60 days');
    expect(disabled.map((d) => d.day)).toContain(lunar);
    expect(await refusal(booking(lunar))).toBe(CEREMONY_MESSAGES.lunarDay);
    const day = bookable[1] as string;
    expect(await refusal(booking(day, { MONEY: 1 }))).toBe(CEREMONY_MESSAGES.money);
    expect(await refusal(booking(day, { MONEY: 0.01 }))).toBe(CEREMONY_MESSAGES.money);
    expect(await refusal(booking(day, { GDJ_TOTAL: 1 }))).toBe(CEREMONY_MESSAGES.totalMismatch);
    expect(await refusal(booking(day, { MANY: '九堂' }))).toBe(CEREMONY_MESSAGES.unknownTier);
    // A tablet type none chosen, or one the type has no price for: an option unconfirmed (000 §5).
    expect(await refusal(booking(day, { FS_CONTENT: '' }))).toBe(CEREMONY_MESSAGES.unknownTier);
    expect(await refusal(booking(day, { FS_CONTENT: '延生禄位' }))).toBe(CEREMONY_MESSAGES.unknownTier);
    expect(await refusal(booking(day, { FS_TIME: '23:00-24:00' }))).toBe(CEREMONY_MESSAGES.unknownSlot);
    expect(await refusal(booking(day, { FS_CAUSE: '超荐😀' }))).toBe(CEREMONY_MESSAGES.cause);
    expect(await left(day)).toBe(3);
  });

  it('never books more than the sessions: 30 believers race for 3 across two instances', async () => {
    const tokens = await t.believers(
      Array.from({ length: 30 }, (_, i) => `1372000${String(i).padStart(4, '0')}`),
    );
    const day = bookable[2] as string;
    expect(await left(day)).toBe(3);
    const bodies = await t.raceOrders(tokens, booking(day), ceremonyApi.fsList.path);
    expect(bodies.filter((b) => b.status === 200)).toHaveLength(3);
    const refused = bodies.filter((b) => b.status !== 200);
    expect(refused).toHaveLength(27);
    for (const r of refused)
      expect(r).toEqual({ status: 409, body: expect.objectContaining({ msg: CEREMONY_MESSAGES.soldOut }) });
    expect(await left(day)).toBe(0);
    const rows = await t.database.db
      .selectFrom('ceremony_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(3);
  });

  it('gives the session of an expired unpaid booking back', async () => {
    const day = bookable[3] as string;
    const payload = booking(day, { FS_TIME: '08:30-10:00' });
    const first = await book(payload);
    expect(first.status, first.body.msg).toBe(200);
    // Sent again, the believer's unpaid booking is the same booking: it holds one session, not two.
    const again = await book(payload);
    expect(v.parse(prePayAnswer, again.body).data.out_trade_no).toBe(
      v.parse(prePayAnswer, first.body).data.out_trade_no,
    );
    expect(await left(day, '08:30-10:00')).toBe(1);
    const second = await book(payload, await t.login('13720009902'));
    expect(second.status, second.body.msg).toBe(200);
    const other = await t.login('13720009901');
    expect(await book(payload, other)).toMatchObject({
      status: 409,
      body: { msg: CEREMONY_MESSAGES.soldOut },
    });
    expect(await left(day, '08:30-10:00')).toBe(0);
    t.clock.advance(16 * 60);
    expect(await t.sweep()).toBeGreaterThan(0);
    const no = v.parse(prePayAnswer, first.body).data.out_trade_no;
    expect((await stored(no)).state).toBe(5);
    expect(await left(day, '08:30-10:00')).toBe(2);
    expect((await book(payload, other)).status).toBe(200);
    expect(await left(day, '08:30-10:00')).toBe(1);
  });
});

describe('the entries’ dates on the server’s clock (DESIGN §4: time is injected)', () => {
  const t = useTestApp('pglite');
  const phone = '13700008002';

  it('judges a death date against the clock’s today, and follows the clock when it moves', async () => {
    let token = await t.login(phone);
    const today = templeToday(t.clock.now());
    const range = new URLSearchParams({ startDate: addDaysYmd(today, 10), endDate: addDaysYmd(today, 60) });
    const res = await t.call('GET', `${ceremonyApi.calendar.path}?${range}`);
    const day = v
      .parse(ceremonyApi.calendar.response, res.body)
      .data.fsDataCcList.find((d) => d.BOOKABLE && (d.TIME_MAP[SLOT3] ?? 0) > 0)?.DATE_STR;
    if (!day) throw new Error('no bookable day in the range');
    // Died "tomorrow" by the clock: refused, though the machine's own clock may be days ahead.
    const tomorrow = addDaysYmd(today, 1);
    const booking = sampleCeremonyOrder({
      FS_DATE: ymdOf(day),
      MOBILE: phone,
      jyList: [{ ...SAMPLE_DECEASED, DEATH_DAY1: tomorrow }],
    });
    const early = await t.form(PREPAY, booking, token);
    expect([early.status, early.body.msg]).toEqual([400, MEMORIAL_MESSAGES.deathTooLate]);
    // A day later by the clock, the same date is today: taken.
    t.clock.advance(86_400);
    token = await relogin(t, phone);
    const onTheDay = await t.form(PREPAY, booking, token);
    expect(onTheDay.status, onTheDay.body.msg).toBe(200);
  });
});

describe('the temple’s day (Asia/Shanghai, whatever the server’s zone)', () => {
  it.each([
    ['2026-11-22T15:59:59Z', '2026-11-22'],
    ['2026-11-22T16:00:00Z', '2026-11-23'],
    ['2026-12-31T16:30:00Z', '2027-01-01'],
  ])('%s is %s in the temple', (instant, day) => {
    expect(templeToday(new Date(instant))).toBe(day);
  });
});
