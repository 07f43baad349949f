import { ORDER_STATE, prePayAnswer, RESERVED_MESSAGE } from '@contract/payment';
import { SEAT_MESSAGES, SEAT_RULES, type SeatMap } from '@contract/seats';
import { STATUE_MESSAGES, statueApi } from '@contract/statue';
import { TABLET_MESSAGES, tabletApi } from '@contract/tablet';
import { createSandboxGateway } from '@server/gateways/sandbox-gateway';
import { sampleStatueOrder, sampleTabletOrder } from '@tests/support/order-requests';
import { TEST_SECRET, useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';

const PREPAY = statueApi.order.path;
const phoneOf = (n: number) => `137${String(20_000_000 + n).padStart(8, '0')}`;

/** A statue order at 大殿外 (location 2), material and statue as seeded, 年供 of group 1 (2000 yuan). */
const statueOrder = (ids: { material: number; statue: number }, over: Record<string, unknown> = {}) =>
  sampleStatueOrder({ MATERIAL: ids.material, STATUE: ids.statue, ...over });

const tabletOrder = sampleTabletOrder;

describe.each(databaseKinds())('statue niches and tablet places on %s', (kind) => {
  const t = useTestApp(kind);
  const sandbox = createSandboxGateway(TEST_SECRET);
  const tokens: string[] = [];
  /** Believers kept apart per test so the hold cap of one test does not reach another. */
  let next = 0;
  const believer = () => {
    const token = tokens[next];
    next += 1;
    if (!token) throw new Error('not enough believers logged in');
    return token;
  };
  let ids = { material: 0, statue: 0 };
  /** The location's other material (铜鎏金 and 汉白玉 at 大殿外). */
  let otherMaterial = 0;

  const get = async <S extends v.GenericSchema<unknown, { data: unknown }>>(
    path: string,
    schema: S,
  ): Promise<v.InferOutput<S>['data']> => {
    const res = await t.call('GET', path);
    expect(res.status, res.body.msg).toBe(200);
    return v.parse(schema, res.body).data;
  };
  const statueMap = async (q: { location?: string; material?: number; fxGroup?: string } = {}) =>
    (
      await get(
        `${statueApi.seats.path}?${new URLSearchParams({
          location: q.location ?? '2',
          material: String(q.material ?? ids.material),
          fxGroup: q.fxGroup ?? '1',
        })}`,
        statueApi.seats.response,
      )
    ).fxOrderDataMap as SeatMap;
  const tabletMap = async (pwLocation = '2', pwType = '2', pwGroup = '1') =>
    get(
      `${tabletApi.seats.path}?${new URLSearchParams({ pwLocation, pwType, pwGroup })}`,
      tabletApi.seats.response,
    );
  const statusAt = (map: SeatMap, position: string) =>
    map.seats.find((s) => s.POSITION === position)?.PW_STATUS;
  const order = (payload: unknown, token: string) => t.form(PREPAY, payload, token);
  const stored = (no: string) =>
    t.database.db.selectFrom('orders').selectAll().where('out_trade_no', '=', no).executeTakeFirstOrThrow();
  const pay = async (no: string) => {
    const row = await stored(no);
    const { body, signature } = sandbox.signedNotification(no, row.amount_fen, t.clock.now());
    const res = await t.app.request('/pay/notify/sandbox', {
      method: 'POST',
      body,
      headers: { 'x-sandbox-signature': signature },
    });
    expect(res.status).toBe(200);
  };
  const refusal = async (payload: unknown, token: string) => {
    const res = await order(payload, token);
    expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
    return { status: res.status, msg: res.body.msg };
  };

  beforeAll(async () => {
    // Every believer first, at once (the login itself is auth.test.ts's).
    tokens.push(...(await t.believers(Array.from({ length: 170 }, (_, i) => phoneOf(i)))));
    const preview = await get(`${statueApi.preview.path}?location=2`, statueApi.preview.response);
    const statues = await get(`${statueApi.statues.path}?location=2`, statueApi.statues.response);
    ids = { material: preview.fxMaterialList[0]?.ID ?? 0, statue: statues[0]?.ID ?? 0 };
    otherMaterial = preview.fxMaterialList[1]?.ID ?? 0;
  }, 120_000);

  it('answers the statue calls in the contract’s shapes', async () => {
    const list = await get(statueApi.list.path, statueApi.list.response);
    expect(list.ls.map((l) => [l.LOCATION, l.NAME])).toEqual([
      ['1', '大殿内'],
      ['2', '大殿外'],
      ['3', '六合居'],
    ]);
    const preview = await get(`${statueApi.preview.path}?location=1`, statueApi.preview.response);
    expect(preview.fxMaterialList.length).toBeGreaterThan(0);
    expect(preview.fxGroupMap['1']).toMatchObject({ FX_GROUP: '1', NG_PRICE: 3000, CG_PRICE: 12000 });
    expect(preview.locationOffMap).toMatchObject({ '1': false });
    const map = await statueMap();
    expect(map).toMatchObject({ ROWS: 6, COLS: 20 });
    expect(map.seats).toHaveLength(120);
    expect(map.seats.filter((s) => s.PW_STATUS === 1).length).toBeGreaterThan(0);
    const all = await get(
      `${statueApi.all.path}?${new URLSearchParams({ location: '六合居' })}`,
      statueApi.all.response,
    );
    expect(all.fx).toMatchObject({ LOCATION: '3', NAME: '六合居' });
    expect(all.fx.statues.length).toBeGreaterThan(0);
    expect((await t.call('GET', `${statueApi.preview.path}?location=9`)).status).toBe(400);
    expect((await t.call('GET', `${statueApi.all.path}?location=nowhere`)).status).toBe(404);
    const noGroup = await t.call(
      'GET',
      `${statueApi.seats.path}?location=2&material=${ids.material}&fxGroup=99`,
    );
    expect(noGroup).toMatchObject({ status: 404, body: { msg: STATUE_MESSAGES.unknownChoice } });
  });

  it('answers the tablet calls in the contract’s shapes', async () => {
    const types = await get(tabletApi.types.path, tabletApi.types.response);
    expect(types.ls.map((x) => x.PW_TYPE)).toEqual(['1', '2']);
    const categories = await get(tabletApi.categories.path, tabletApi.categories.response);
    expect(categories.ls.map((c) => [c.FS_TYPE, c.NAME])).toEqual([
      ['1', '延生禄位'],
      ['2', '往生莲位'],
    ]);
    const small = await get(`${tabletApi.locations.path}?pwType=2`, tabletApi.locations.response);
    expect(small.map((f) => f.PW_LOCATION)).toEqual([1, 2, 3, 4]);
    expect(small[0]?.groups.map((g) => g.NAME)).toEqual(['北', '东', '南', '西']);
    const large = await get(`${tabletApi.locations.path}?pwType=1`, tabletApi.locations.response);
    expect(large[0]?.groups.map((g) => g.NAME)).toEqual([
      '一室',
      '二室',
      '三室',
      '四室',
      '五室',
      '六室',
      '南',
    ]);
    const maps = await get(`${tabletApi.dictMaps.path}?pwType=1`, tabletApi.dictMaps.response);
    expect(maps.priceMap['1_1']).toBe(16800);
    expect(maps.pwGroupMap['7']).toBe('南');
    const seats = await tabletMap();
    expect(seats.PW_PRICE).toBe(2800);
    expect(seats.pwOrderDataMap.seats).toHaveLength(300);
    expect((await t.call('GET', `${tabletApi.seats.path}?pwLocation=5&pwType=2&pwGroup=1`)).status).toBe(400);
    expect(await t.call('GET', `${tabletApi.seats.path}?pwLocation=1&pwType=2&pwGroup=9`)).toMatchObject({
      status: 404,
      body: { msg: TABLET_MESSAGES.unknownGroup },
    });
  });

  it('gives one free niche to exactly one of 100 believers racing on two instances', async () => {
    const racers = Array.from({ length: 100 }, () => believer());
    const answers = await t.raceOrders(racers, statueOrder(ids, { POSITION: '3_3' }), statueApi.list.path);
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    const lost = answers.filter((a) => a.status !== 200);
    expect(lost).toHaveLength(99);
    for (const a of lost)
      expect(a).toEqual({ status: 409, body: expect.objectContaining({ msg: SEAT_MESSAGES.taken }) });
    const orders = await t.database.db
      .selectFrom('statue_orders')
      .innerJoin('orders', 'orders.id', 'statue_orders.order_id')
      .select('orders.state')
      .where('statue_orders.seat_id', '=', (await seatId('statue', 2, '1', 3, 3)) ?? 0)
      .execute();
    expect(orders).toEqual([{ state: 0 }]);
    expect(statusAt(await statueMap(), '3_3')).toBe(2);
  }, 60_000);

  const seatId = async (
    kind: 'statue' | 'tablet',
    location: number,
    group: string,
    row: number,
    col: number,
  ) =>
    kind === 'statue'
      ? (
          await t.database.db
            .selectFrom('statue_seats')
            .select('id')
            .where('location', '=', location)
            .where('fx_group', '=', group)
            .where('row_no', '=', row)
            .where('col_no', '=', col)
            .executeTakeFirst()
        )?.id
      : undefined;

  it('sells a niche once whatever the material: paid in one, it is sold in the other, and a mixed race has one winner', async () => {
    expect(otherMaterial).not.toBe(ids.material);
    const first = await order(statueOrder(ids, { POSITION: '4_4' }), believer());
    expect(first.status, first.body.msg).toBe(200);
    await pay(v.parse(prePayAnswer, first.body).data.out_trade_no);
    expect(statusAt(await statueMap({ material: otherMaterial }), '4_4')).toBe(3);
    const again = await t.raceOrders(
      Array.from({ length: 12 }, () => believer()),
      statueOrder({ ...ids, material: otherMaterial }, { POSITION: '4_4' }),
      statueApi.list.path,
    );
    expect(again.map((a) => a.status)).toEqual(Array(12).fill(409));

    // 20 believers on two instances, half asking for each material of one free niche.
    const [gilt, marble] = await Promise.all([
      t.raceOrders(
        Array.from({ length: 10 }, () => believer()),
        statueOrder(ids, { POSITION: '4_5' }),
        statueApi.list.path,
      ),
      t.raceOrders(
        Array.from({ length: 10 }, () => believer()),
        statueOrder({ ...ids, material: otherMaterial }, { POSITION: '4_5' }),
        statueApi.list.path,
      ),
    ]);
    const answers = [...gilt, ...marble];
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200))
      expect(a).toEqual({ status: 409, body: expect.objectContaining({ msg: SEAT_MESSAGES.taken }) });
    const holders = await t.database.db
      .selectFrom('seat_holders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('seat_kind', '=', 'statue')
      .where('seat_id', '=', (await seatId('statue', 2, '1', 4, 5)) ?? 0)
      .executeTakeFirstOrThrow();
    expect(Number(holders.n)).toBe(1);
  }, 60_000);

  it('keeps a niche whose order is being refunded: shown sold, refused to a second believer', async () => {
    const first = await order(statueOrder(ids, { POSITION: '4_6' }), believer());
    const no = v.parse(prePayAnswer, first.body).data.out_trade_no;
    await pay(no);
    // A refund under way (the staff refund comes with the console): the niche is not yet free.
    await t.database.db
      .updateTable('orders')
      .set({ state: ORDER_STATE.refunding })
      .where('out_trade_no', '=', no)
      .execute();
    expect(statusAt(await statueMap(), '4_6')).toBe(3);
    expect(await refusal(statueOrder(ids, { POSITION: '4_6' }), believer())).toEqual({
      status: 409,
      msg: SEAT_MESSAGES.taken,
    });
  });

  it('refuses a taken, blocked or nonexistent seat, a wrong price and bad names with their messages', async () => {
    const phone = phoneOf(next);
    const me = believer();
    expect(await refusal(statueOrder(ids, { POSITION: '3_3' }), me)).toEqual({
      status: 409,
      msg: SEAT_MESSAGES.taken,
    });
    expect(await refusal(statueOrder(ids, { POSITION: '6_10' }), me)).toEqual({
      status: 400,
      msg: SEAT_MESSAGES.blocked,
    });
    for (const POSITION of ['7_1', '1_21', '99_99'])
      expect(await refusal(statueOrder(ids, { POSITION }), me)).toEqual({
        status: 400,
        msg: SEAT_MESSAGES.unknown,
      });
    const messages: [Record<string, unknown>, string][] = [
      [{ GFJ_TOTAL: 8800 }, STATUE_MESSAGES.totalMismatch],
      [{ GFJ_TOTAL: 1999.99 }, STATUE_MESSAGES.totalMismatch],
      [{ GF_TYPE: '1' }, STATUE_MESSAGES.totalMismatch],
      [{ GD_NAMES: '' }, STATUE_MESSAGES.donorEmpty],
      [{ GD_NAMES: '陈居士1' }, STATUE_MESSAGES.donor],
      [{ GD_NAMES: '陈陈陈陈陈陈陈陈' }, STATUE_MESSAGES.donor],
      [{ REMARK: '愿'.repeat(301) }, STATUE_MESSAGES.remark],
      [{ POSITION: '' }, STATUE_MESSAGES.incomplete],
      [{ MATERIAL: undefined }, STATUE_MESSAGES.incomplete],
      [{ GF_TYPE: '3' }, STATUE_MESSAGES.incomplete],
      [{ STATUE: 999_999 }, STATUE_MESSAGES.unknownChoice],
      [{ LOCATION: '1' }, STATUE_MESSAGES.unknownChoice],
    ];
    for (const [over, msg] of messages)
      expect(await refusal(statueOrder(ids, { POSITION: '1_2', ...over }), me), msg).toEqual({
        status: 400,
        msg,
      });

    const tabletMessages: [Record<string, unknown>, string][] = [
      [{ PW_PRICE: 2000, GFJ_TOTAL: 2000 }, TABLET_MESSAGES.totalMismatch],
      [{ GFJ_TOTAL: 16800 }, TABLET_MESSAGES.totalMismatch],
      [{ zzList: [{ FG_ZZ: '陈1' }] }, TABLET_MESSAGES.nameChars],
      [{ zzList: [{ FG_ZZ: 'a'.repeat(21) }] }, TABLET_MESSAGES.nameLength],
      [{ zzList: [{ FG_ZZ: '' }, { FG_ZZ: '' }] }, TABLET_MESSAGES.nameRequired],
      [{ zzList: [] }, TABLET_MESSAGES.nameRequired],
      [{ zzList: ['甲', '乙', '丙', '丁'].map((FG_ZZ) => ({ FG_ZZ })) }, TABLET_MESSAGES.nameCount],
      [
        { FS_TYPE: '2', zzList: [], jyList: [{ FG_JY: '陈老', BIRTH_DAY: '' }], ysList: [{ YS: '陈1' }] },
        TABLET_MESSAGES.descendant,
      ],
      [
        { FS_TYPE: '2', zzList: [], jyList: [{ FG_JY: '陈老' }], ysList: [] },
        TABLET_MESSAGES.descendantRequired,
      ],
      [{ PW_GROUP: '' }, TABLET_MESSAGES.chooseAll],
      [{ POSITION: undefined }, TABLET_MESSAGES.chooseAll],
      [{ PW_LOCATION: 5 }, TABLET_MESSAGES.chooseAll],
      [{ PW_GROUP: '9' }, TABLET_MESSAGES.unknownGroup],
      [{ POSITION: '10_1' }, SEAT_MESSAGES.blocked],
      [{ POSITION: '11_1' }, SEAT_MESSAGES.unknown],
    ];
    for (const [over, msg] of tabletMessages)
      expect(await refusal(tabletOrder(over), me), msg).toEqual({ status: 400, msg });
    // Nothing was written by a refused order, and no seat is held by one.
    const held = await t.database.db
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.user_id')
      .select('orders.id')
      .where('users.phone', '=', phone)
      .execute();
    expect(held).toEqual([]);
  });

  it('shows a niche held (2), sold (3), offered (4), and free again (5) when an unpaid hold runs out', async () => {
    const me = believer();
    const first = await order(statueOrder(ids, { POSITION: '2_1' }), me);
    expect(first.status, first.body.msg).toBe(200);
    const answer = v.parse(prePayAnswer, first.body);
    expect(answer.msg).not.toBe(RESERVED_MESSAGE);
    expect(answer.data.code_img_url).not.toBe('');
    expect(answer.data.amount).toBe(2000);
    expect(statusAt(await statueMap(), '2_1')).toBe(2);
    await pay(answer.data.out_trade_no);
    expect((await stored(answer.data.out_trade_no)).state).toBe(1);
    expect(statusAt(await statueMap(), '2_1')).toBe(3);
    await t.services.orders.markStatueOffered(answer.data.out_trade_no);
    expect(statusAt(await statueMap(), '2_1')).toBe(4);
    // The paid niche stays sold, whatever the clock does.
    expect(await refusal(statueOrder(ids, { POSITION: '2_1' }), believer())).toEqual({
      status: 409,
      msg: SEAT_MESSAGES.taken,
    });

    const unpaid = v.parse(
      prePayAnswer,
      await order(statueOrder(ids, { POSITION: '2_2' }), me).then((r) => r.body),
    );
    await expect(t.services.orders.markStatueOffered(unpaid.data.out_trade_no)).rejects.toThrow(
      STATUE_MESSAGES.notOfferable,
    );
    expect(statusAt(await statueMap(), '2_2')).toBe(2);
    t.clock.advance(15 * 60 + 1);
    // Free as soon as the hold ran out, before the sweeper came; another believer takes it.
    expect(statusAt(await statueMap(), '2_2')).toBe(5);
    const other = believer();
    const retaken = await order(statueOrder(ids, { POSITION: '2_2' }), other);
    expect(retaken.status, retaken.body.msg).toBe(200);
    expect(await t.sweep()).toBeGreaterThan(0);
    expect((await stored(unpaid.data.out_trade_no)).state).toBe(5);
    // Closing the old order did not release the new holder's seat.
    expect(statusAt(await statueMap(), '2_2')).toBe(2);
  });

  it('reserves 10000 yuan and more for 7 days without a QR, then frees the place', async () => {
    const me = believer();
    const res = await order(
      tabletOrder({
        PW_TYPE: '1',
        PW_LOCATION: 1,
        PW_PRICE: 16800,
        GFJ_TOTAL: 16800,
        FS_TYPE: '2',
        zzList: [],
        jyList: [{ FG_JY: '陈老居士', BIRTH_DAY: '1940-02-03' }],
        ysList: [{ YS: '陈大明' }, { YS: '' }],
      }),
      me,
    );
    expect(res.status, res.body.msg).toBe(200);
    const answer = v.parse(prePayAnswer, res.body);
    expect(answer.msg).toBe(RESERVED_MESSAGE);
    expect(answer.data.code_img_url).toBe('');
    const row = await stored(answer.data.out_trade_no);
    expect(row).toMatchObject({ state: 0, reservation: true, amount_fen: 1_680_000, type: 3 });
    expect(row.hold_until.getTime() - row.created_at.getTime()).toBe(7 * 24 * 3600 * 1000);
    const names = await t.database.db
      .selectFrom('tablet_order_names')
      .select(['role', 'name', 'birth_day'])
      .where('order_id', '=', row.id)
      .orderBy('role', 'desc')
      .execute();
    expect(names).toEqual([
      { role: 'tablet', name: '陈老居士', birth_day: '1940-02-03' },
      { role: 'descendant', name: '陈大明', birth_day: '' },
    ]);
    const status = async () => statusAt((await tabletMap('1', '1', '1')).pwOrderDataMap, '1_1');
    expect(await status()).toBe(2);
    t.clock.advance(6 * 24 * 3600);
    expect(await status()).toBe(2);
    t.clock.advance(24 * 3600 + 1);
    expect(await status()).toBe(5);
    expect(await t.sweep()).toBeGreaterThan(0);
    expect((await stored(answer.data.out_trade_no)).state).toBe(5);
    expect(await status()).toBe(5);
    // The closed order no longer holds the place.
    expect(
      await t.database.db
        .selectFrom('seat_holders')
        .select('seat_id')
        .where('order_id', '=', row.id)
        .execute(),
    ).toEqual([]);
  });

  it('reserves a statue of 10000 yuan and more, and staff mark it paid at the temple', async () => {
    const me = believer();
    const preview = await get(`${statueApi.preview.path}?location=1`, statueApi.preview.response);
    const statues = await get(`${statueApi.statues.path}?location=1`, statueApi.statues.response);
    const material = preview.fxMaterialList[0]?.ID ?? 0;
    const res = await order(
      statueOrder(
        { material, statue: statues[0]?.ID ?? 0 },
        { LOCATION: '1', GF_TYPE: '1', GFJ_TOTAL: 12000, POSITION: '1_1' },
      ),
      me,
    );
    expect(res.status, res.body.msg).toBe(200);
    const answer = v.parse(prePayAnswer, res.body);
    expect(answer).toMatchObject({ msg: RESERVED_MESSAGE, data: { code_img_url: '', amount: 12000 } });
    const map = () => statueMap({ location: '1', material, fxGroup: '1' });
    expect(statusAt(await map(), '1_1')).toBe(2);
    await t.services.orders.staff(answer.data.out_trade_no, { type: 'staff.markedPaid' });
    expect(statusAt(await map(), '1_1')).toBe(3);
  });

  it(`holds at most ${SEAT_RULES.maxUnpaidHolds} unpaid seats per believer, even when 8 orders race`, async () => {
    const me = believer();
    const second = await t.secondInstance();
    const apps = [t.app, second.app];
    await Promise.all(apps.map(async (app) => (await app.request(statueApi.list.path)).arrayBuffer()));
    const answers = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const payload =
          i % 2 ? statueOrder(ids, { POSITION: `5_${i + 1}` }) : tabletOrder({ POSITION: `5_${i + 1}` });
        const res = await (apps[i % 2] ?? t.app).request(PREPAY, {
          method: 'POST',
          headers: { authorization: me, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ jsonObject: JSON.stringify(payload) }).toString(),
        });
        return { status: res.status, body: (await res.json()) as { msg: string } };
      }),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(SEAT_RULES.maxUnpaidHolds);
    for (const a of answers.filter((x) => x.status !== 200))
      expect(a).toEqual({ status: 409, body: expect.objectContaining({ msg: SEAT_MESSAGES.holdCap }) });
    // Paying one frees a slot under the cap.
    const won = answers.find((a) => a.status === 200)?.body as unknown;
    await pay(v.parse(prePayAnswer, won).data.out_trade_no);
    expect((await order(tabletOrder({ POSITION: '6_1' }), me)).status).toBe(200);
    expect(await refusal(tabletOrder({ POSITION: '6_2' }), me)).toEqual({
      status: 409,
      msg: SEAT_MESSAGES.holdCap,
    });
  }, 60_000);

  it('backs the seat lock with a unique index: the database refuses a second holder of one seat', async () => {
    const db = t.database.db;
    const held = await db
      .selectFrom('seat_holders')
      .select(['seat_kind', 'seat_id'])
      .executeTakeFirstOrThrow();
    const other = await db
      .selectFrom('orders')
      .select('id')
      .where('id', 'not in', db.selectFrom('seat_holders').select('order_id'))
      .executeTakeFirstOrThrow();
    await expect(
      db
        .insertInto('seat_holders')
        .values({ ...held, order_id: other.id })
        .execute(),
    ).rejects.toThrow();
  });
});
