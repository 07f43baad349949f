import { ASSEMBLY_MESSAGES, assemblyApi, type HoeDetail, type TabletGdj } from '@contract/assembly';
import { MEMORIAL_MESSAGES } from '@contract/memorial-entry';
import { prePayAnswer, RESERVED_MESSAGE } from '@contract/payment';
import { createSandboxGateway } from '@server/gateways/sandbox-gateway';
import { TEST_SECRET, useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';

const PREPAY = assemblyApi.order.path;
const deceased = { JY1: '父母张三', JY2: '父母李四', YS1: '张明', YS2: '张亮' };
const blessing = { ZZ1: '王小明', ZZ2: '王小红' };

describe.each(databaseKinds())('Dharma-assembly registration on %s', (kind) => {
  const t = useTestApp(kind);
  const sandbox = createSandboxGateway(TEST_SECRET);
  let token = '';
  const phone = '13700007001';
  const details = new Map<string, { hoe: HoeDetail; tabletGdjList: TabletGdj[] }>();

  const get = async <S extends v.GenericSchema>(path: string, schema: S) => {
    const res = await t.call('GET', path);
    expect(res.status, res.body.msg).toBe(200);
    return v.parse(schema, res.body);
  };
  const detailOf = (name: string) => {
    const detail = details.get(name);
    if (!detail) throw new Error(`no seeded assembly ${name}`);
    return detail;
  };

  beforeAll(async () => {
    token = await t.login(phone);
    const list = await get(assemblyApi.list.path, assemblyApi.list.response);
    for (const item of list.data.ls) {
      const q = new URLSearchParams({ hoeYear: String(item.HOE_YEAR), hoeName: item.HOE_NAME });
      const detail = await get(`${assemblyApi.detail.path}?${q}`, assemblyApi.detail.response);
      details.set(item.HOE_NAME, detail.data);
    }
  });

  /** A registration the server accepts: priced from the detail's own price map, as the page does. */
  const registration = (
    name: string,
    hoeType: string,
    tabletType: string,
    over: Record<string, unknown> = {},
  ) => {
    const { hoe, tabletGdjList } = detailOf(name);
    const price = tabletGdjList.find((p) => p.HOE_TYPE === hoeType && p.TABLET_TYPE === tabletType);
    if (!price) throw new Error(`no price ${name} ${hoeType} ${tabletType}`);
    const [start = '', end = ''] = hoe.HOE_YL_TIME.split('至');
    const base = {
      type: 1,
      HOE_NAME: hoe.HOE_NAME,
      HOE_TYPE: hoeType,
      TABLET_TYPE: tabletType,
      HOE_GDJ: price.GDJ,
      HOE_TIME: hoe.HOE_NL_TIME,
      START_DATE: start,
      END_DATE: end,
      HOE_GDJ_TOTAL: price.TABLET_PRICE + price.GDJ,
      HOE_YEAR: hoe.HOE_YEAR,
      DATA_SOURCE: '3',
      PAY_METHOD: '3',
      QUANTITY: 1,
      jyList: hoeType === '延生' ? [] : [deceased],
      zzList: hoeType === '延生' ? [blessing] : [],
      meritItemList: [],
      CHANNEL: 'pc',
      MOBILE: phone,
    };
    return { ...base, ...over };
  };
  let registrants = 0;
  /**
   * A registration, by a believer of its own unless `as` says whose: one believer may hold only
   * ASSEMBLY_RULES.maxUnpaidHolds unpaid registrations (hold-caps.test.ts tests that cap).
   */
  const register = async (payload: unknown, as?: string) =>
    t.form(PREPAY, payload, as ?? (await t.login(`1371002${String(registrants++).padStart(4, '0')}`)));
  const refusal = async (payload: unknown) => {
    const res = await register(payload, token);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    return res.body.msg;
  };
  const stored = (no: string) =>
    t.database.db.selectFrom('orders').selectAll().where('out_trade_no', '=', no).executeTakeFirstOrThrow();
  const setPlaces = async (name: string, hoeType: string, capacity: number | null) => {
    const { id } = await t.database.db
      .selectFrom('assemblies')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('assembly_places')
      .set({ capacity })
      .where('assembly_id', '=', id)
      .where('hoe_type', '=', hoeType)
      .execute();
  };
  const placesLeft = async (name: string, hoeType: string) => {
    const { hoe } = detailOf(name);
    const q = new URLSearchParams({ hoeYear: String(hoe.HOE_YEAR), hoeName: hoe.HOE_NAME });
    const detail = await get(`${assemblyApi.detail.path}?${q}`, assemblyApi.detail.response);
    return detail.data.hoe.HOE_TYPES.find((h) => h.HOE_TYPE === hoeType)?.PLACES_LEFT;
  };

  it('lists the assemblies in the contract shape, with solar ranges split on 至', () => {
    expect(details.size).toBeGreaterThanOrEqual(9);
    for (const { hoe } of details.values()) {
      expect(hoe.HOE_YL_TIME).toMatch(/^\d{4}-\d{2}-\d{2}至\d{4}-\d{2}-\d{2}$/);
      expect(hoe.HOE_TYPES.length).toBeGreaterThan(0);
    }
  });

  it('makes every special rule reachable, as explicit flags', () => {
    const flagged = (flag: keyof HoeDetail) =>
      [...details.values()].filter(({ hoe }) => hoe[flag] === true).map(({ hoe }) => hoe.HOE_NAME);
    expect(flagged('NEW_YEAR_EVE').sort()).toEqual(['除夕报恩普佛', '除夕祈福普佛']);
    expect(flagged('LEADER_TABLET')).toEqual(['水陆普度大斋胜会']);
    expect(flagged('WATER_LAND')).toEqual(['水陆普度大斋胜会']);
    expect(flagged('SEVEN_GENERATIONS')).toEqual(['盂兰盆报恩法会']);
    expect(flagged('WISDOM')).toEqual(['文殊菩萨智慧法会']);
    expect(flagged('FREE_AMOUNT')).toEqual(['药师法会']);
    const waterLand = detailOf('水陆普度大斋胜会').hoe.HOE_TYPES;
    expect(waterLand.map((h) => h.HOE_TYPE)).toEqual(['往生', '延生', '延往生']);
    expect(waterLand.find((h) => h.HOE_TYPE === '延往生')?.PLACES_LEFT).toBe(12);
    expect(detailOf('药师法会').hoe.HOE_TYPES).toEqual([{ HOE_TYPE: '延生', PLACES_LEFT: null }]);
  });

  it('answers the merit items and the tablet preview in the contract shape', async () => {
    const { hoe } = detailOf('观音菩萨圣诞法会');
    const q = new URLSearchParams({ hoeName: hoe.HOE_NAME, hoeType: '往生', tabletType: '吉祥' });
    const items = await get(`${assemblyApi.meritItems.path}?${q}`, assemblyApi.meritItems.response);
    expect(items.data.map((i) => i.ITEMNO)).toEqual(['GD01', 'GD02', 'GD03', 'GD04']);
    expect(items.data[0]).toEqual({ CNNAME: '佛前供灯', EXTINT1: 50, ITEMNO: 'GD01' });

    const preview = await get(`${assemblyApi.preview.path}?${q}`, assemblyApi.preview.response);
    expect(preview.data).toMatchObject({ SIZE: 'small', NOTE: ASSEMBLY_MESSAGES.previewNote });
    expect(preview.data.STYLES.map((s) => [s.HEADING, s.PREFIX, s.SUFFIX])).toEqual([
      ['佛力超荐', '故', '之莲位'],
    ]);
    const both = new URLSearchParams({
      hoeName: '水陆普度大斋胜会',
      hoeType: '延往生',
      tabletType: '延往生会首',
    });
    const leader = await get(`${assemblyApi.preview.path}?${both}`, assemblyApi.preview.response);
    expect(leader.data.SIZE).toBe('large');
    expect(leader.data.STYLES.map((s) => s.SUFFIX)).toEqual(['之莲位', '长生禄位']);
  });

  it('refuses unknown assemblies and bad query parameters in Chinese', async () => {
    const unknown = await t.call('GET', `${assemblyApi.detail.path}?hoeYear=2026&hoeName=无此法会`);
    expect(unknown).toMatchObject({ status: 404, body: { msg: ASSEMBLY_MESSAGES.unknownAssembly } });
    for (const query of [
      'hoeYear=abc&hoeName=药师法会',
      'hoeYear=99999999999&hoeName=药师法会',
      'hoeYear=2026',
    ]) {
      const bad = await t.call('GET', `${assemblyApi.detail.path}?${query}`);
      expect(bad, query).toMatchObject({ status: 400, body: { msg: ASSEMBLY_MESSAGES.unknownAssembly } });
    }
    const long = await t.call(
      'GET',
      `${assemblyApi.meritItems.path}?hoeName=${'法'.repeat(41)}&hoeType=往生`,
    );
    expect(long.status).toBe(400);
    const noTablet = new URLSearchParams({ hoeName: '药师法会', hoeType: '延生', tabletType: '会首' });
    expect((await t.call('GET', `${assemblyApi.preview.path}?${noTablet}`)).status).toBe(404);
  });

  it('registers, priced by the server, with the entries and lines stored as entered', async () => {
    const payload = registration('观音菩萨圣诞法会', '往生', '吉祥', {
      QUANTITY: 2,
      jyList: [deceased, { JY1: '十方法界一切众生', YS1: '陈居士' }],
      meritItemList: [
        { QUANTITY: 2, AMOUNT: 100, MERIT_ITEM: 'GD01' },
        { QUANTITY: 0, AMOUNT: 0, MERIT_ITEM: 'GD02' },
      ],
      HOE_GDJ_TOTAL: 300 * 2 + 100,
    });
    const res = await register(payload);
    expect(res.status, res.body.msg).toBe(200);
    const answer = v.parse(prePayAnswer, res.body);
    expect(answer.data).toMatchObject({ amount: 700, description: '法会报名·观音菩萨圣诞法会·往生' });
    const order = await stored(answer.data.out_trade_no);
    expect(order).toMatchObject({ type: 1, amount_fen: 70_000, state: 0 });
    const db = t.database.db;
    expect(
      await db
        .selectFrom('order_entries')
        .select(['position', 'kind', 'tablet1', 'tablet2', 'tablet3', 'ys1', 'ys2', 'ys3'])
        .where('order_id', '=', order.id)
        .orderBy('position')
        .execute(),
    ).toEqual([
      {
        position: 0,
        kind: '往生',
        tablet1: '父母张三',
        tablet2: '父母李四',
        tablet3: '',
        ys1: '张明',
        ys2: '张亮',
        ys3: '',
      },
      {
        position: 1,
        kind: '往生',
        tablet1: '十方法界一切众生',
        tablet2: '',
        tablet3: '',
        ys1: '陈居士',
        ys2: '',
        ys3: '',
      },
    ]);
    expect(
      await db
        .selectFrom('order_items')
        .select(['name', 'quantity', 'unit_price_fen', 'amount_fen'])
        .where('order_id', '=', order.id)
        .orderBy('id')
        .execute(),
    ).toEqual([
      { name: '往生·吉祥', quantity: 2, unit_price_fen: 30_000, amount_fen: 60_000 },
      { name: '佛前供灯', quantity: 2, unit_price_fen: 5_000, amount_fen: 10_000 },
    ]);
    expect(
      await db
        .selectFrom('assembly_orders')
        .select(['hoe_type', 'tablet_type', 'quantity', 'gdj_fen'])
        .where('order_id', '=', order.id)
        .execute(),
    ).toEqual([{ hoe_type: '往生', tablet_type: '吉祥', quantity: 2, gdj_fen: 0 }]);
  });

  it('registers 延往生 with a leader tablet: any number of entries, above 10000 a reservation at the temple', async () => {
    const payload = registration('水陆普度大斋胜会', '延往生', '延往生会首', {
      jyList: [deceased, deceased, deceased],
      zzList: [blessing, blessing],
    });
    const res = await register(payload);
    expect(res.status, res.body.msg).toBe(200);
    const answer = v.parse(prePayAnswer, res.body);
    // 001 section 5: no over-limit notice in the general water-land ceremony; held 7 days, paid at the temple.
    expect(answer).toMatchObject({ msg: RESERVED_MESSAGE, data: { code_img_url: '', amount: 80_000 } });
    const order = await stored(answer.data.out_trade_no);
    expect(order.reservation).toBe(true);
    const kinds = await t.database.db
      .selectFrom('order_entries')
      .select('kind')
      .where('order_id', '=', order.id)
      .orderBy('position')
      .execute();
    expect(kinds.map((k) => k.kind)).toEqual(['往生', '往生', '往生', '延生', '延生']);
  });

  it('refuses a tampered price with its Chinese message', async () => {
    const base = registration('观音菩萨圣诞法会', '往生', '吉祥');
    expect(await refusal({ ...base, HOE_GDJ_TOTAL: 1 })).toBe(ASSEMBLY_MESSAGES.totalMismatch);
    expect(
      await refusal({
        ...base,
        meritItemList: [{ QUANTITY: 3, AMOUNT: 1, MERIT_ITEM: 'GD01' }],
        HOE_GDJ_TOTAL: 301,
      }),
    ).toBe(ASSEMBLY_MESSAGES.totalMismatch);
    expect(await refusal({ ...base, HOE_GDJ: 50, HOE_GDJ_TOTAL: 350 })).toBe(ASSEMBLY_MESSAGES.gdjMismatch);
    expect(
      await refusal({
        ...base,
        meritItemList: [{ QUANTITY: 1, AMOUNT: 10, MERIT_ITEM: 'XX99' }],
        HOE_GDJ_TOTAL: 310,
      }),
    ).toBe(ASSEMBLY_MESSAGES.unknownMeritItem);
    expect(await refusal({ ...base, START_DATE: '2000-01-01' })).toBe(ASSEMBLY_MESSAGES.datesChanged);
  });

  it('takes the free amount (at least 10) where the assembly or tablet type 无 allows it', async () => {
    const free = registration('药师法会', '延生', '吉祥', { HOE_GDJ: 5, HOE_GDJ_TOTAL: 305 });
    expect(await refusal(free)).toBe(ASSEMBLY_MESSAGES.amountTooSmall);
    expect((await register({ ...free, HOE_GDJ: 66, HOE_GDJ_TOTAL: 366 })).status).toBe(200);
    const none = registration('观音菩萨圣诞法会', '延生', '无', { HOE_GDJ: 20, HOE_GDJ_TOTAL: 20 });
    expect((await register(none)).status).toBe(200);
  });

  it('refuses bad entries with the dialog’s Chinese message', async () => {
    const withEntry = (entry: Record<string, string>) =>
      registration('观音菩萨圣诞法会', '往生', '吉祥', { jyList: [entry] });
    expect(await refusal(withEntry({ ...deceased, JY1: '父母张😀' }))).toBe(MEMORIAL_MESSAGES.assembly6);
    expect(await refusal(withEntry({ ...deceased, JY1: '父母张三李四王五赵' }))).toBe(
      MEMORIAL_MESSAGES.assembly6,
    );
    expect(await refusal(withEntry({ ...deceased, JY2: '祖父母王五' }))).toBe(MEMORIAL_MESSAGES.seatGroup);
    expect(await refusal(withEntry({ ...deceased, YS1: '' }))).toBe(MEMORIAL_MESSAGES.shangRequired);
    // 七世父母 only in the festival that offers it; 4-character blessing names in the wisdom assembly.
    const seven = { JY1: '七世父母', YS1: '张明' };
    expect(await refusal(withEntry(seven))).toMatch(/\p{Script=Han}/u);
    const festival = registration('盂兰盆报恩法会', '往生', '吉祥', { jyList: [seven] });
    expect((await register(festival)).status).toBe(200);
    const wisdom = registration('文殊菩萨智慧法会', '延生', '吉祥', { zzList: [{ ZZ1: '王小明同学' }] });
    expect(await refusal(wisdom)).toBe(MEMORIAL_MESSAGES.assembly4);
    expect((await register({ ...wisdom, zzList: [{ ZZ1: '王小明' }] })).status).toBe(200);
  });

  it('refuses too many and too few entries per the order-level rules', async () => {
    const base = registration('观音菩萨圣诞法会', '往生', '吉祥');
    expect(await refusal({ ...base, jyList: [] })).toBe(ASSEMBLY_MESSAGES.addEntry);
    expect(await refusal({ ...base, jyList: [deceased, deceased] })).toBe(
      ASSEMBLY_MESSAGES.tooManyEntries(1),
    );
    const eve = registration('除夕报恩普佛', '往生', '吉祥');
    expect(await refusal({ ...eve, QUANTITY: 2, HOE_GDJ_TOTAL: 400, jyList: [deceased, deceased] })).toBe(
      ASSEMBLY_MESSAGES.oneEntryOnly,
    );
    expect(await refusal({ ...base, zzList: [blessing] })).toBe(ASSEMBLY_MESSAGES.entryKind);
  });

  it('refuses an order whose entries do not reach QUANTITY, and keeps nothing of it', async () => {
    // QUANTITY 2 of a big-merit tablet with one named tablet: priced right, yet not payable.
    const { tabletGdjList } = detailOf('观音菩萨圣诞法会');
    const price = tabletGdjList.find((p) => p.HOE_TYPE === '往生' && p.TABLET_TYPE === '大功德主');
    if (!price) throw new Error('no 大功德主 price');
    const two = registration('观音菩萨圣诞法会', '往生', '大功德主', {
      QUANTITY: 2,
      HOE_GDJ_TOTAL: price.TABLET_PRICE * 2 + price.GDJ,
    });
    const before = await t.database.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(await refusal(two)).toBe(ASSEMBLY_MESSAGES.entriesShort(2, 1));
    const after = await t.database.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    const res = await register({ ...two, jyList: [deceased, { ...deceased, JY1: '父母王五' }] });
    expect(res.status, res.body.msg).toBe(200);
    // The new-year-eve assemblies take exactly one entry.
    const eve = registration('除夕报恩普佛', '往生', '吉祥');
    expect(await refusal({ ...eve, jyList: [] })).toBe(ASSEMBLY_MESSAGES.addEntry);
    expect((await register(eve)).status).toBe(200);
  });

  it('refuses tablet types and quantities the assembly type does not offer', async () => {
    const waterLand = registration('水陆普度大斋胜会', '延往生', '往生吉祥');
    expect(await refusal(waterLand)).toBe(ASSEMBLY_MESSAGES.tabletNotOffered);
    const leader = registration('水陆普度大斋胜会', '往生', '往生会首', { QUANTITY: 2 });
    expect(await refusal(leader)).toBe(ASSEMBLY_MESSAGES.quantityFixed);
    expect(await refusal({ ...leader, HOE_TYPE: '超度' })).toBe(ASSEMBLY_MESSAGES.chooseHoeType);
  });

  it('refuses an over-limit total (功德金超过10000，请前往寺庙办理), even when the client agrees', async () => {
    const big = registration('观音菩萨圣诞法会', '往生', '大功德主', {
      QUANTITY: 4,
      jyList: [deceased, deceased, deceased, deceased],
      HOE_GDJ_TOTAL: 12_000,
    });
    expect(await refusal(big)).toBe('功德金超过10000，请前往寺庙办理');
    expect(await refusal({ ...big, HOE_GDJ_TOTAL: 100 })).toBe('功德金超过10000，请前往寺庙办理');
    const count = registration('观音菩萨圣诞法会', '往生', '吉祥', {
      meritItemList: [{ QUANTITY: 10_000, AMOUNT: 500_000, MERIT_ITEM: 'GD01' }],
      HOE_GDJ_TOTAL: 500_300,
    });
    expect(await refusal(count)).toBe('功德金超过10000，请前往寺庙办理');
  });

  it('never registers more than the places: 50 believers race for 10 across two instances', async () => {
    const tokens = await t.believers(
      Array.from({ length: 50 }, (_, i) => `1371000${String(i).padStart(4, '0')}`),
    );
    // 12 places, 2 already held by an unpaid registration of 2 tablets: 10 left.
    await setPlaces('浴佛节法会', '延生', 12);
    const held = await register(
      registration('浴佛节法会', '延生', '吉祥', {
        QUANTITY: 2,
        HOE_GDJ_TOTAL: 600,
        zzList: [blessing, blessing],
      }),
    );
    expect(held.status, held.body.msg).toBe(200);
    expect(await placesLeft('浴佛节法会', '延生')).toBe(10);
    const bodies = await t.raceOrders(
      tokens,
      registration('浴佛节法会', '延生', '吉祥'),
      assemblyApi.list.path,
    );
    expect(bodies.filter((b) => b.status === 200)).toHaveLength(10);
    const refused = bodies.filter((b) => b.status !== 200);
    expect(refused).toHaveLength(40);
    for (const r of refused)
      expect(r).toEqual({ status: 409, body: expect.objectContaining({ msg: ASSEMBLY_MESSAGES.soldOut }) });
    expect(await placesLeft('浴佛节法会', '延生')).toBe(0);
    const rows = await t.database.db
      .selectFrom('assembly_orders')
      .innerJoin('assemblies', 'assemblies.id', 'assembly_orders.assembly_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('assemblies.name', '=', '浴佛节法会')
      .where('assembly_orders.hoe_type', '=', '延生')
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(11);
  });

  it('gives the places of an expired unpaid registration back', async () => {
    // Earlier tests' unpaid holds of this assembly run out first: its one place is this test's.
    t.clock.advance(16 * 60);
    await t.sweep();
    await setPlaces('观音菩萨圣诞法会', '延生', 1);
    const payload = registration('观音菩萨圣诞法会', '延生', '吉祥');
    const first = await register(payload);
    expect(first.status, first.body.msg).toBe(200);
    const other = await t.login('13710009901');
    expect(await register(payload, other)).toMatchObject({
      status: 409,
      body: { msg: ASSEMBLY_MESSAGES.soldOut },
    });
    expect(await placesLeft('观音菩萨圣诞法会', '延生')).toBe(0);
    t.clock.advance(16 * 60);
    expect(await t.sweep()).toBeGreaterThan(0);
    const no = v.parse(prePayAnswer, first.body).data.out_trade_no;
    expect((await stored(no)).state).toBe(5);
    expect(await placesLeft('观音菩萨圣诞法会', '延生')).toBe(1);
    expect((await register(payload, other)).status).toBe(200);
  });

  it('late money for a registration whose place is still free pays it and holds the place again', async () => {
    await setPlaces('盂兰盆报恩法会', '延生', 1);
    const res = await register(registration('盂兰盆报恩法会', '延生', '吉祥'));
    const no = v.parse(prePayAnswer, res.body).data.out_trade_no;
    t.clock.advance(16 * 60);
    const { body, signature } = sandbox.signedNotification(no, (await stored(no)).amount_fen, t.clock.now());
    const paid = await t.app.request('/pay/notify/sandbox', {
      method: 'POST',
      body,
      headers: { 'x-sandbox-signature': signature },
    });
    expect(paid.status).toBe(200);
    expect((await stored(no)).state).toBe(1);
    expect(await placesLeft('盂兰盆报恩法会', '延生')).toBe(0);
    const other = await t.login('13710009902');
    expect((await register(registration('盂兰盆报恩法会', '延生', '吉祥'), other)).status).toBe(409);
  });
});
