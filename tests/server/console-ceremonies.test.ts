import { addDaysYmd, type CalendarData, CEREMONY_MESSAGES, ceremonyApi } from '@contract/ceremony';
import {
  type CeremonyCatalogue,
  type CeremonySlot,
  type CeremonySlotsAnswer,
  type CeremonyTypeAnswer,
  type CeremonyTypeDraft,
  CEREMONY_CATALOGUE_MESSAGES as M,
} from '@contract/ceremony-catalogue';
import { consoleApi } from '@contract/console';
import { CONTENT_IMAGE_MESSAGES } from '@contract/content-image';
import { STAFF_MESSAGES } from '@contract/staff';
import { templeToday } from '@contract/temple-day';
import { VERSIONED_ITEM_MESSAGES } from '@contract/versioned-item';
import { sampleCeremonyOrder } from '@tests/support/order-requests';
import { consoleCall, signedInStaff, type TestStaff } from '@tests/support/staff';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { payOrder, placeOrder } from '@tests/support/user-centre';
import { beforeAll, describe, expect, it } from 'vitest';

const TYPE_PATH = (fsType: string) => consoleApi.ceremonyType.path.replace(':fsType', fsType);
const SLOTS = consoleApi.ceremonySlots.path;
const PREPAY = ceremonyApi.order.path;

/** YYYY-MM-DD of a calendar DATE_STR (leading zeros stripped). */
const ymdOf = (dateStr: string) =>
  dateStr
    .split('-')
    .map((p, k) => (k === 0 ? p : p.padStart(2, '0')))
    .join('-');

/**
 * Issue 25, the ceremonies of the catalogue (佛事设置): 内容 staff edit a type's name, photograph,
 * description and price table, and the day's slots with their sessions, each under a version check
 * (409, nothing lost); a price change never alters a booking made; a price or a slot that live
 * bookings hold is withdrawn, never deleted, and a slot never goes below the sessions a day has
 * booked (refused naming the day); every field's refusal is the contract's Chinese message.
 */
describe.each(databaseKinds())('the ceremony catalogue in the console (%s)', (kind) => {
  const t = useTestApp(kind);
  let editor: TestStaff;
  let clerk: TestStaff;
  let days: string[] = [];
  beforeAll(async () => {
    editor = await signedInStaff(t, ['content'], 'editor');
    clerk = await signedInStaff(t, ['clerk'], 'clerk');
    const today = templeToday(t.clock.now());
    const q = new URLSearchParams({ startDate: addDaysYmd(today, 8), endDate: addDaysYmd(today, 90) });
    const calendar = (await t.call('GET', `${ceremonyApi.calendar.path}?${q}`)).body.data as CalendarData;
    days = calendar.fsDataCcList.filter((d) => d.BOOKABLE).map((d) => ymdOf(d.DATE_STR));
    expect(days.length).toBeGreaterThan(8);
  });

  const get = async <T>(path: string) => {
    const res = await consoleCall(t, 'GET', path, { cookie: editor.cookie });
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data as T;
  };
  const saveType = (fsType: string, type: unknown, version: number, cookie = editor.cookie) =>
    consoleCall(t, 'PUT', TYPE_PATH(fsType), { cookie, body: { type, version } });
  const saveSlots = (slots: unknown, version: number) =>
    consoleCall(t, 'PUT', SLOTS, { cookie: editor.cookie, body: { slots, version } });
  /** The type's form as read (without the answer's counts). */
  const draftOf = (answer: CeremonyTypeAnswer): CeremonyTypeDraft => ({
    ...answer.type,
    prices: answer.type.prices.map(({ liveOrders: _, ...p }) => p),
  });
  const slotsOf = (answer: CeremonySlotsAnswer): CeremonySlot[] =>
    answer.slots.map(({ timeLabel, sessions, withdrawn }) => ({ timeLabel, sessions, withdrawn }));
  const booking = (day: string, mobile: string, over: Record<string, unknown> = {}) =>
    sampleCeremonyOrder({ FS_DATE: day, MOBILE: mobile, ...over });
  const publicPrices = async (fsType: string) =>
    (await t.call('GET', `${ceremonyApi.pwByType.path}?pwType=${fsType}`)).body.data as {
      FS_CONTENT: string;
      MANY: string;
      PRICE: number;
    }[];

  it('lists the types and the slots; a saved type shows on the site at once and is audited before and after', async () => {
    const catalogue = await get<CeremonyCatalogue>(consoleApi.ceremonies.path);
    expect(catalogue.types.map((type) => [type.fsType, type.name, type.prices])).toEqual([
      ['1', '往生普佛', 6],
      ['2', '延生普佛', 6],
    ]);
    expect(catalogue.types[0]?.fromYuan).toBe(3800);
    expect(catalogue.slots.slots.map((slot) => [slot.timeLabel, slot.sessions])).toEqual([
      ['08:30-10:00', 2],
      ['10:30-12:00', 2],
      ['13:30-15:00', 3],
      ['15:30-17:00', 2],
    ]);

    const read = await get<CeremonyTypeAnswer>(TYPE_PATH('2'));
    const changed = { ...draftOf(read), name: '延生祈福普佛', particulars: '为在世亲眷礼佛祈福。' };
    const res = await saveType('2', changed, read.version);
    expect(res.status, res.body.msg).toBe(200);
    expect((res.body.data as CeremonyTypeAnswer).version).toBe(read.version + 1);
    const detail = (await t.call('GET', `${ceremonyApi.fsByType.path}?fsType=2`)).body.data as {
      FS_NAME: string;
      PARTICULARS: string;
    };
    expect(detail).toMatchObject({ FS_NAME: '延生祈福普佛', PARTICULARS: '为在世亲眷礼佛祈福。' });
    const audit = await t.database.db
      .selectFrom('staff_audit')
      .select(['action', 'username', 'before', 'after'])
      .where('subject', '=', 'ceremony-type:2')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'ceremonyType.updated', username: editor.username });
    expect(JSON.stringify(audit.before)).toContain('延生普佛');
    expect(JSON.stringify(audit.after)).toContain('延生祈福普佛');
  });

  it('a price change keeps a paid booking’s amount; a new booking pays the new price', async () => {
    const mobile = '13700252001';
    const token = await t.login(mobile);
    const paid = await placeOrder(t, booking(days[0] as string, mobile), token);
    await payOrder(t, paid);

    const read = await get<CeremonyTypeAnswer>(TYPE_PATH('1'));
    const raised = draftOf(read);
    raised.prices = raised.prices.map((p) =>
      p.tabletType === '往生莲位' && p.tier === '一堂' ? { ...p, priceYuan: 4200 } : p,
    );
    const res = await saveType('1', raised, read.version);
    expect(res.status, res.body.msg).toBe(200);
    expect(await publicPrices('1')).toContainEqual(
      expect.objectContaining({ FS_CONTENT: '往生莲位', MANY: '一堂', PRICE: 4200 }),
    );

    const order = await t.database.db
      .selectFrom('orders')
      .innerJoin('ceremony_orders', 'ceremony_orders.order_id', 'orders.id')
      .select(['orders.amount_fen', 'orders.state', 'ceremony_orders.price_fen'])
      .where('out_trade_no', '=', paid)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ amount_fen: 100_000, state: 1, price_fen: 380_000 });

    const other = '13700252002';
    const otherToken = await t.login(other);
    const stale = await t.form(PREPAY, booking(days[1] as string, other), otherToken);
    expect([stale.status, stale.body.msg]).toEqual([400, CEREMONY_MESSAGES.totalMismatch]);
    const fresh = await placeOrder(t, booking(days[1] as string, other, { GDJ_TOTAL: 4200 }), otherToken);
    const priced = await t.database.db
      .selectFrom('ceremony_orders')
      .innerJoin('orders', 'orders.id', 'ceremony_orders.order_id')
      .select('ceremony_orders.price_fen')
      .where('out_trade_no', '=', fresh)
      .executeTakeFirstOrThrow();
    expect(priced.price_fen).toBe(420_000);
  });

  it('keeps a price live bookings hold: deleting it is refused, withdrawing it stops new bookings only', async () => {
    const mobile = '13700252003';
    const token = await t.login(mobile);
    const big = { FS_CONTENT: '往生大莲位', MANY: '三堂', GDJ_TOTAL: 11_800 };
    const held = await placeOrder(t, booking(days[2] as string, mobile, big), token);

    const read = await get<CeremonyTypeAnswer>(TYPE_PATH('1'));
    expect(read.type.prices.find((p) => p.tabletType === '往生大莲位' && p.tier === '三堂')?.liveOrders).toBe(
      1,
    );
    const without = draftOf(read);
    without.prices = without.prices.filter((p) => !(p.tabletType === '往生大莲位' && p.tier === '三堂'));
    const refused = await saveType('1', without, read.version);
    expect([refused.status, refused.body.msg]).toEqual([409, M.priceInUse('往生大莲位', '三堂')]);

    const withdrawn = draftOf(read);
    withdrawn.prices = withdrawn.prices.map((p) =>
      p.tabletType === '往生大莲位' && p.tier === '三堂' ? { ...p, withdrawn: true } : p,
    );
    const res = await saveType('1', withdrawn, read.version);
    expect(res.status, res.body.msg).toBe(200);
    expect((await publicPrices('1')).some((p) => p.FS_CONTENT === '往生大莲位' && p.MANY === '三堂')).toBe(
      false,
    );
    const other = '13700252004';
    const late = await t.form(PREPAY, booking(days[3] as string, other, big), await t.login(other));
    expect([late.status, late.body.msg]).toEqual([400, M.priceWithdrawn]);
    // The booking made keeps its place and can still be paid.
    await payOrder(t, held);

    // A price no booking holds is deleted.
    const now = res.body.data as CeremonyTypeAnswer;
    const fewer = draftOf(now);
    fewer.prices = fewer.prices.filter((p) => !(p.tabletType === '往生大莲位' && p.tier === '七堂'));
    const deleted = await saveType('1', fewer, now.version);
    expect(deleted.status, deleted.body.msg).toBe(200);
    expect((deleted.body.data as CeremonyTypeAnswer).type.prices).toHaveLength(now.type.prices.length - 1);
  });

  it('answers 409 to the slower of two saves of a type from one version: exactly one lands', async () => {
    const read = await get<CeremonyTypeAnswer>(TYPE_PATH('2'));
    const results = await Promise.all([
      saveType('2', { ...draftOf(read), particulars: '甲的修改' }, read.version),
      saveType('2', { ...draftOf(read), particulars: '乙的修改' }, read.version),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)?.body.msg).toBe(VERSIONED_ITEM_MESSAGES.stale);
    const winner = results.find((r) => r.status === 200)?.body.data as CeremonyTypeAnswer;
    const now = await get<CeremonyTypeAnswer>(TYPE_PATH('2'));
    expect([now.version, now.type.particulars]).toEqual([read.version + 1, winner.type.particulars]);
  });

  it('answers 409 to the slower of two saves of the slots from one version: exactly one lands', async () => {
    const read = await get<CeremonySlotsAnswer>(SLOTS);
    const first = slotsOf(read).map((slot) =>
      slot.timeLabel === '15:30-17:00' ? { ...slot, sessions: 4 } : slot,
    );
    const second = [...slotsOf(read), { timeLabel: '18:00-19:00', sessions: 1, withdrawn: false }];
    const results = await Promise.all([saveSlots(first, read.version), saveSlots(second, read.version)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)?.body.msg).toBe(VERSIONED_ITEM_MESSAGES.stale);
    const now = await get<CeremonySlotsAnswer>(SLOTS);
    expect(now.version).toBe(read.version + 1);
    const landed = results.find((r) => r.status === 200)?.body.data as CeremonySlotsAnswer;
    expect(slotsOf(now)).toEqual(slotsOf(landed));
    // The other editor reads again and saves: both changes are kept in turn.
    const again = await saveSlots(
      [
        ...slotsOf(now).map((slot) => (slot.timeLabel === '15:30-17:00' ? { ...slot, sessions: 4 } : slot)),
        ...(now.slots.some((slot) => slot.timeLabel === '18:00-19:00')
          ? []
          : [{ timeLabel: '18:00-19:00', sessions: 1, withdrawn: false }]),
      ].filter((slot, k, all) => all.findIndex((s) => s.timeLabel === slot.timeLabel) === k),
      now.version,
    );
    expect(again.status, again.body.msg).toBe(200);
    const both = (again.body.data as CeremonySlotsAnswer).slots;
    expect(both.find((slot) => slot.timeLabel === '15:30-17:00')?.sessions).toBe(4);
    expect(both.at(-1)?.timeLabel).toBe('18:00-19:00');
  });

  it('keeps a slot live bookings hold, refuses fewer sessions than a day has booked (naming the day), and withdraws it', async () => {
    const slot = '08:30-10:00';
    const day = days[4] as string;
    const at = { FS_TIME: slot, MANY: '三堂', GDJ_TOTAL: 9800 };
    for (const mobile of ['13700252005', '13700252006'])
      await placeOrder(t, booking(day, mobile, at), await t.login(mobile));

    const read = await get<CeremonySlotsAnswer>(SLOTS);
    expect(read.slots.find((s) => s.timeLabel === slot)).toMatchObject({
      liveOrders: 2,
      fullest: { day, held: 2 },
    });
    const without = slotsOf(read).filter((s) => s.timeLabel !== slot);
    const deleted = await saveSlots(without, read.version);
    expect([deleted.status, deleted.body.msg]).toEqual([409, M.slotInUse(slot)]);

    const fewer = slotsOf(read).map((s) => (s.timeLabel === slot ? { ...s, sessions: 1 } : s));
    const lowered = await saveSlots(fewer, read.version);
    expect([lowered.status, lowered.body.msg]).toEqual([409, M.sessionsBelowHeld(slot, day, 2)]);
    expect(lowered.body.msg).toContain(day);

    const withdrawn = slotsOf(read).map((s) => (s.timeLabel === slot ? { ...s, withdrawn: true } : s));
    const res = await saveSlots(withdrawn, read.version);
    expect(res.status, res.body.msg).toBe(200);
    const q = new URLSearchParams({ startDate: day, endDate: day });
    const calendar = (await t.call('GET', `${ceremonyApi.calendar.path}?${q}`)).body.data as CalendarData;
    expect(Object.keys(calendar.fsDataCcList[0]?.TIME_MAP ?? {})).not.toContain(slot);
    const other = '13700252007';
    const late = await t.form(PREPAY, booking(days[5] as string, other, at), await t.login(other));
    expect([late.status, late.body.msg]).toEqual([400, M.slotWithdrawn]);
    const audit = await t.database.db
      .selectFrom('staff_audit')
      .select('action')
      .where('subject', '=', 'ceremony-slots')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
  });

  const typeDraft = (over: Partial<CeremonyTypeDraft> = {}): CeremonyTypeDraft => ({
    name: '往生普佛',
    image: '',
    particulars: '为亡故亲人专堂礼佛诵经。',
    prices: [{ tabletType: '往生莲位', tier: '一堂', priceYuan: 3800, withdrawn: false }],
    ...over,
  });
  const ONE = { tabletType: '往生莲位', tier: '一堂', priceYuan: 3800, withdrawn: false };
  const price = (over: object) => ({ prices: [{ ...ONE, ...over }] });
  const typeRefusals: [string, Partial<CeremonyTypeDraft> | Record<string, unknown>, string][] = [
    ['no name', { name: ' ' }, M.nameEmpty],
    ['a long name', { name: '佛'.repeat(13) }, M.nameTooLong],
    ['a control character', { name: '普佛\u0007' }, M.textInvalid],
    ['no description', { particulars: '' }, M.particularsEmpty],
    ['a long description', { particulars: '文'.repeat(501) }, M.particularsTooLong],
    ['an image from elsewhere', { image: 'https://example.com/a.jpg' }, CONTENT_IMAGE_MESSAGES.invalid],
    ['no price', { prices: [] }, M.pricesEmpty],
    [
      'too many prices',
      { prices: Array.from({ length: 31 }, (_, k) => ({ ...ONE, tier: `${k}堂` })) },
      M.pricesTooMany,
    ],
    ['a price twice', { prices: [ONE, ONE] }, M.priceTwice],
    ['no tablet type', price({ tabletType: '' }), M.tabletTypeEmpty],
    ['a long tablet type', price({ tabletType: '牌'.repeat(11) }), M.tabletTypeTooLong],
    ['no tier', price({ tier: ' ' }), M.tierEmpty],
    ['a long tier', price({ tier: '堂'.repeat(11) }), M.tierTooLong],
    ['a price below the deposit', price({ priceYuan: 999 }), M.priceInvalid],
    ['a price in fen', price({ priceYuan: 3800.5 }), M.priceInvalid],
    ['a huge price', price({ priceYuan: 1_000_001 }), M.priceInvalid],
    ['a price as text', price({ priceYuan: '3800' }), M.priceInvalid],
    ['withdrawn not a boolean', price({ withdrawn: 'yes' }), M.withdrawnInvalid],
  ];
  it.each(typeRefusals)(
    'refuses a type with %s in Chinese, and changes nothing',
    async (_, over, message) => {
      const read = await get<CeremonyTypeAnswer>(TYPE_PATH('1'));
      const res = await saveType('1', { ...typeDraft(), ...over }, read.version);
      expect([res.status, res.body.msg]).toEqual([400, message]);
      expect((await get<CeremonyTypeAnswer>(TYPE_PATH('1'))).version).toBe(read.version);
    },
  );

  const SLOT = { timeLabel: '08:30-10:00', sessions: 2, withdrawn: false };
  const slotRefusals: [string, unknown, string][] = [
    ['no slot', [], M.slotsEmpty],
    [
      'too many slots',
      Array.from({ length: 13 }, (_, k) => ({
        ...SLOT,
        timeLabel: `${String(k + 6).padStart(2, '0')}:00-${String(k + 6).padStart(2, '0')}:30`,
      })),
      M.slotsTooMany,
    ],
    ['a time not a slot', [{ ...SLOT, timeLabel: '上午' }], M.timeLabelInvalid],
    ['an end before the start', [{ ...SLOT, timeLabel: '10:00-08:30' }], M.timeLabelInvalid],
    ['an hour past 23', [{ ...SLOT, timeLabel: '24:00-25:00' }], M.timeLabelInvalid],
    ['a slot twice', [SLOT, SLOT], M.timeLabelTwice],
    ['overlapping slots', [SLOT, { ...SLOT, timeLabel: '09:30-11:00' }], M.slotsOverlap],
    ['no sessions', [{ ...SLOT, sessions: 0 }], M.sessionsInvalid],
    ['too many sessions', [{ ...SLOT, sessions: 21 }], M.sessionsInvalid],
    ['fractional sessions', [{ ...SLOT, sessions: 1.5 }], M.sessionsInvalid],
    ['withdrawn not a boolean', [{ ...SLOT, withdrawn: 1 }], M.withdrawnInvalid],
  ];
  it.each(slotRefusals)(
    'refuses slots with %s in Chinese, and changes nothing',
    async (_, slots, message) => {
      const read = await get<CeremonySlotsAnswer>(SLOTS);
      const res = await saveSlots(slots, read.version);
      expect([res.status, res.body.msg]).toEqual([400, message]);
      expect((await get<CeremonySlotsAnswer>(SLOTS)).version).toBe(read.version);
    },
  );

  it('answers malformed bodies with the contract’s Chinese, never a 500', async () => {
    const cases: [string, string, unknown, string][] = [
      ['PUT', SLOTS, { slots: 'x', version: 1 }, M.slotsEmpty],
      ['PUT', SLOTS, { slots: [null], version: 1 }, M.timeLabelInvalid],
      [
        'PUT',
        SLOTS,
        { slots: [{ timeLabel: '08:30-10:00', sessions: 2, withdrawn: false }], version: '1' },
        M.versionInvalid,
      ],
      ['PUT', TYPE_PATH('1'), { type: null, version: 1 }, M.nameEmpty],
      ['PUT', TYPE_PATH('1'), { type: { ...typeDraft(), prices: [null] }, version: 1 }, M.tabletTypeEmpty],
      ['PUT', TYPE_PATH('1'), [], M.versionInvalid],
    ];
    for (const [method, path, body, message] of cases) {
      const res = await consoleCall(t, method, path, { cookie: editor.cookie, body });
      expect([res.status, res.body.msg], JSON.stringify(body)).toEqual([400, message]);
    }
  });

  it('refuses a believer, a clerk, a stale or missing version, and an unknown type', async () => {
    const token = await t.login('13700252009');
    const believer = await t.app.request(TYPE_PATH('1'), {
      method: 'PUT',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({ type: typeDraft(), version: 1 }),
    });
    expect(believer.status).toBe(401);
    const read = await get<CeremonyTypeAnswer>(TYPE_PATH('1'));
    const res = await saveType('1', typeDraft(), read.version, clerk.cookie);
    expect([res.status, res.body.msg]).toEqual([403, STAFF_MESSAGES.forbidden]);
    const slots = await consoleCall(t, 'PUT', SLOTS, {
      cookie: clerk.cookie,
      body: { slots: [SLOT], version: 1 },
    });
    expect(slots.status).toBe(403);
    expect((await saveType('1', typeDraft(), read.version - 1)).body.msg).toBe(VERSIONED_ITEM_MESSAGES.stale);
    expect((await saveType('1', typeDraft(), 0)).body.msg).toBe(M.versionInvalid);
    const unknown = await consoleCall(t, 'GET', TYPE_PATH('3'), { cookie: editor.cookie });
    expect([unknown.status, unknown.body.msg]).toEqual([400, M.notFound]);
  });
});
