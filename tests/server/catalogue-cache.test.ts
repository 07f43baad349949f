import {
  addDaysYmd,
  type CalendarData,
  CEREMONY_MESSAGES,
  CEREMONY_RULES,
  ceremonyApi,
} from '@contract/ceremony';
import { meritApi } from '@contract/merit';
import { newsApi } from '@contract/news';
import { PAYMENT_HOLD_MINUTES, prePayAnswer } from '@contract/payment';
import { SEAT_STATUS, type SeatMap } from '@contract/seats';
import { statueApi } from '@contract/statue';
import { tabletApi } from '@contract/tablet';
import { templeToday } from '@contract/temple-day';
import { openPostgres } from '@server/db/database';
import { createSandboxGateway } from '@server/gateways/sandbox-gateway';
import { deferred } from '@tests/support/deferred';
import { sampleCeremonyOrder, sampleStatueOrder, sampleTabletOrder } from '@tests/support/order-requests';
import { type AppInstance, TEST_SECRET, type TestApp, useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import {
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  sql,
  type UnknownRow,
} from 'kysely';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The catalogue's answers are cached per instance (catalogue-cache.ts), and must stay exact: what
 * one instance sells, a staff command or an operator's SQL changes, shows on the next read of
 * every instance, and what time changes (a hold running out, the temple's next day) shows when the
 * clock (the demo clock included) gets there.
 */

const phoneOf = (n: number) => `137${String(30_000_000 + n).padStart(8, '0')}`;
const SEATS = `${tabletApi.seats.path}?pwLocation=2&pwType=2&pwGroup=1`;
const SLOT3 = '13:30-15:00';

const tabletOrder = (position: string) => sampleTabletOrder({ POSITION: position });

/** A single-family ceremony booking of slot 3 (3 sessions) on `day`. */
const booking = (day: string) => sampleCeremonyOrder({ FS_DATE: day, FS_TIME: SLOT3 });

/** GETs through an instance: the answer's data, parsed with the contract's schema. */
const reader =
  (instance: () => AppInstance) =>
  async <S extends v.GenericSchema<unknown, { data: unknown }>>(
    path: string,
    schema: S,
  ): Promise<v.InferOutput<S>['data']> => {
    const res = await instance().app.request(path);
    expect(res.status, path).toBe(200);
    return v.parse(schema, await res.json()).data;
  };

/** YYYY-MM-DD of a calendar DATE_STR (leading zeros stripped). */
const ymdOf = (dateStr: string) =>
  dateStr
    .split('-')
    .map((p, k) => (k === 0 ? p : p.padStart(2, '0')))
    .join('-');

const statusAt = (map: SeatMap, position: string) =>
  map.seats.find((s) => s.POSITION === position)?.PW_STATUS;

/** What the tests need of a running pair of instances on one database. */
const useTwoInstances = (t: TestApp) => {
  const sandbox = createSandboxGateway(TEST_SECRET);
  let b: AppInstance;
  const tokens: string[] = [];
  beforeAll(async () => {
    b = await t.secondInstance();
    for (let i = 0; i < 8; i += 1) tokens.push(await t.login(phoneOf(i)));
  }, 60_000);
  const onA = reader(() => t);
  const onB = reader(() => b);
  const seatMap = async (on: typeof onA) => (await on(SEATS, tabletApi.seats.response)).pwOrderDataMap;
  /** Orders through instance A; answers its trade number. */
  const orderOnA = async (payload: unknown, token: string) => {
    const res = await t.form(tabletApi.order.path, payload, token);
    expect(res.status, res.body.msg).toBe(200);
    return v.parse(prePayAnswer, res.body).data.out_trade_no;
  };
  /** The payment notification, received by instance A. */
  const payOnA = async (no: string) => {
    const row = await t.database.db
      .selectFrom('orders')
      .select('amount_fen')
      .where('out_trade_no', '=', no)
      .executeTakeFirstOrThrow();
    const { body, signature } = sandbox.signedNotification(no, row.amount_fen, t.clock.now());
    const res = await t.app.request('/pay/notify/sandbox', {
      method: 'POST',
      body,
      headers: { 'x-sandbox-signature': signature },
    });
    expect(res.status).toBe(200);
  };
  return { onA, onB, seatMap, orderOnA, payOnA, tokens, b: () => b };
};

describe.each(databaseKinds())('catalogue answers across two instances on %s', (kind) => {
  const t = useTestApp(kind);
  const { onA, onB, seatMap, orderOnA, payOnA, tokens } = useTwoInstances(t);

  it('shows a seat sold through instance A as taken on instance B right after A answers', async () => {
    // Both instances have answered (and kept) the map with the seat free.
    expect(statusAt(await seatMap(onA), '4_1')).toBe(SEAT_STATUS.free);
    expect(statusAt(await seatMap(onB), '4_1')).toBe(SEAT_STATUS.free);
    const no = await orderOnA(tabletOrder('4_1'), tokens[0] ?? '');
    expect(statusAt(await seatMap(onB), '4_1')).toBe(SEAT_STATUS.reserved);
    expect(statusAt(await seatMap(onA), '4_1')).toBe(SEAT_STATUS.reserved);
    await payOnA(no);
    expect(statusAt(await seatMap(onB), '4_1')).toBe(SEAT_STATUS.soldNotOffered);
  });

  it('shows a niche offered by a staff command on both instances', async () => {
    const preview = await onA(`${statueApi.preview.path}?location=2`, statueApi.preview.response);
    const material = preview.fxMaterialList[0]?.ID ?? 0;
    const path = `${statueApi.seats.path}?location=2&material=${material}&fxGroup=1`;
    const niche = async (on: typeof onA) =>
      statusAt((await on(path, statueApi.seats.response)).fxOrderDataMap, '1_1');
    const statue = (await onA(`${statueApi.statues.path}?location=2`, statueApi.statues.response))[0]?.ID;
    const res = await t.form(
      statueApi.order.path,
      sampleStatueOrder({ MATERIAL: material, STATUE: statue }),
      tokens[1],
    );
    expect(res.status, res.body.msg).toBe(200);
    const no = v.parse(prePayAnswer, res.body).data.out_trade_no;
    await payOnA(no);
    expect(await niche(onB)).toBe(SEAT_STATUS.soldNotOffered);
    await t.services.orders.markStatueOffered(no);
    expect(await niche(onB)).toBe(SEAT_STATUS.soldOffered);
    expect(await niche(onA)).toBe(SEAT_STATUS.soldOffered);
  });

  it('shows a slot full on instance B once its last session is booked on A, and open again when staff cancel one', async () => {
    const today = templeToday(t.clock.now());
    const range = await onA(
      `${ceremonyApi.calendar.path}?${new URLSearchParams({ startDate: addDaysYmd(today, 10), endDate: addDaysYmd(today, 60) })}`,
      ceremonyApi.calendar.response,
    );
    const ymd = ymdOf(range.fsDataCcList.find((d) => d.BOOKABLE && d.TIME_MAP[SLOT3] === 3)?.DATE_STR ?? '');
    const path = `${ceremonyApi.calendar.path}?${new URLSearchParams({ startDate: ymd, endDate: ymd })}`;
    const left = async (on: typeof onA) =>
      ((await on(path, ceremonyApi.calendar.response)) as CalendarData).fsDataCcList[0]?.TIME_MAP[SLOT3];
    expect(await left(onB)).toBe(3);
    const numbers: string[] = [];
    for (const token of tokens.slice(2, 5)) {
      const res = await t.form(ceremonyApi.order.path, booking(ymd), token);
      expect(res.status, res.body.msg).toBe(200);
      numbers.push(v.parse(prePayAnswer, res.body).data.out_trade_no);
      expect(await left(onB)).toBe(3 - numbers.length);
    }
    expect(await left(onA)).toBe(0);
    await t.services.orders.staff(numbers[0] ?? '', { type: 'order.cancelled' });
    expect(await left(onB)).toBe(1);
    // The other two bookings hold their sessions while their QR lives: a minute before it ends they
    // still do (nothing was written meanwhile), a minute later they are free.
    t.clock.advance(PAYMENT_HOLD_MINUTES * 60 - 60);
    expect(await left(onB)).toBe(1);
    t.clock.advance(61);
    expect(await left(onB)).toBe(3);
  });

  it('shows an operator’s SQL changes (a price and a title, a seat freed, an article) on the next read of both instances', async () => {
    const detail = `${meritApi.detail.path}?id=1`;
    const before = await onB(detail, meritApi.detail.response);
    await onA(detail, meritApi.detail.response);
    // An operator's own connection on PostgreSQL; PGlite's one connection otherwise.
    const operator = t.database.url ? openPostgres(t.database.url) : t.database;
    try {
      await sql`update merit_items set name = ${'佛前供灯（新）'}, prices_fen = ${'[8800]'} where id = 1`.execute(
        operator.db,
      );
    } finally {
      if (operator !== t.database) await operator.close();
    }
    expect(before).toMatchObject({ PRICE_MODEL: '1', GD_NAME: '佛前供灯' });
    for (const on of [onB, onA])
      expect(await on(detail, meritApi.detail.response)).toMatchObject({
        GD_NAME: '佛前供灯（新）',
        GD_PRICE: 88,
      });
    // An operator frees a held seat by deleting its holder row: both maps show it free.
    const no = await orderOnA(tabletOrder('4_3'), tokens[6] ?? '');
    expect(statusAt(await seatMap(onB), '4_3')).toBe(SEAT_STATUS.reserved);
    await sql`delete from seat_holders where order_id = (select id from orders where out_trade_no = ${no})`.execute(
      t.database.db,
    );
    expect(statusAt(await seatMap(onB), '4_3')).toBe(SEAT_STATUS.free);
    expect(statusAt(await seatMap(onA), '4_3')).toBe(SEAT_STATUS.free);
    // A new article written straight into the table shows in the news list of both.
    const list = `${newsApi.list.path}?status=1`;
    const count = async (on: typeof onA) => (await on(list, newsApi.list.response)).totalElements;
    const total = await count(onB);
    await sql`insert into news (menu_id, title, sub_title, image_url, content, link, video_url, fh_name, business_mode, new_date, status)
      select menu_id, '新的寺院动态', sub_title, image_url, content, link, video_url, fh_name, business_mode, new_date, status
      from news where status = 1 limit 1`.execute(t.database.db);
    expect(await count(onB)).toBe(total + 1);
    expect(await count(onA)).toBe(total + 1);
  });

  it('sees a sale that waited for the connection while instance B read the version', async () => {
    expect(statusAt(await seatMap(onB), '4_4')).toBe(SEAT_STATUS.free);
    // B reads the version while A's order starts: on PGlite the order waits for the one connection.
    const early = seatMap(onB);
    const sale = orderOnA(tabletOrder('4_4'), tokens[7] ?? '');
    await Promise.all([early, sale]);
    expect(statusAt(await seatMap(onB), '4_4')).toBe(SEAT_STATUS.reserved);
  });

  it('frees a reserved seat when its hold runs out, with nothing written (the demo clock moved)', async () => {
    await orderOnA(tabletOrder('4_2'), tokens[5] ?? '');
    expect(statusAt(await seatMap(onB), '4_2')).toBe(SEAT_STATUS.reserved);
    t.clock.advance(15 * 60 + 1);
    expect(statusAt(await seatMap(onB), '4_2')).toBe(SEAT_STATUS.free);
    expect(statusAt(await seatMap(onA), '4_2')).toBe(SEAT_STATUS.free);
  });

  it('moves the bookable days and the default calendar range with the temple’s day', async () => {
    const calendar = (query = '') =>
      onB(`${ceremonyApi.calendar.path}${query}`, ceremonyApi.calendar.response);
    const today = templeToday(t.clock.now());
    const soonest = addDaysYmd(today, CEREMONY_RULES.closedDays + 1);
    const query = `?${new URLSearchParams({ startDate: soonest, endDate: addDaysYmd(today, 40) })}`;
    const refusalOf = (data: CalendarData, day: string) =>
      data.fsDataCcList.find((d) => ymdOf(d.DATE_STR) === day)?.REFUSAL;
    // The default range (from the 20th of last month) holds the soonest day too.
    const first = await calendar();
    expect(refusalOf(first, soonest)).not.toBe(CEREMONY_MESSAGES.tooSoon);
    expect(refusalOf(await calendar(query), soonest)).not.toBe(CEREMONY_MESSAGES.tooSoon);
    t.clock.advance(24 * 60 * 60);
    // The same questions a day later: yesterday's soonest day is too soon today.
    expect(refusalOf(await calendar(query), soonest)).toBe(CEREMONY_MESSAGES.tooSoon);
    expect(refusalOf(await calendar(), soonest)).toBe(CEREMONY_MESSAGES.tooSoon);
    // Into next month: the default range starts on this month's 20th.
    t.clock.advance(12 * 24 * 60 * 60);
    const [y, m] = first.endDate.split('-');
    expect((await calendar()).startDate).toBe(`${y}-${String(Number(m) - 1).padStart(2, '0')}-20`);
  });

  it('answers a conditional GET with 304 until the answer changes, and gzip when asked', async () => {
    const path = `${meritApi.detail.path}?id=2`;
    const first = await t.app.request(path);
    const etag = first.headers.get('etag') ?? '';
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await t.app.request(path, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    await sql`update merit_items set particulars = particulars || '。' where id = 2`.execute(t.database.db);
    const changed = await t.app.request(path, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    const list = await t.app.request(SEATS, { headers: { 'accept-encoding': 'gzip' } });
    expect(list.headers.get('content-encoding')).toBe('gzip');
    const plain = await t.app.request(SEATS);
    expect(plain.headers.get('content-encoding')).toBeNull();
    const unzipped = await new Response(list.body?.pipeThrough(new DecompressionStream('gzip'))).json();
    expect(unzipped).toEqual(await plain.json());
  });
});

/**
 * Holds instance B's reads of the catalogue version after the database answered them, until the
 * test lets them go: B's read is older than a sale A commits meanwhile.
 */
class HeldVersionReads implements KyselyPlugin {
  #versionReads = new WeakSet<QueryId>();
  hold: { reached: ReturnType<typeof deferred<void>>; release: ReturnType<typeof deferred<void>> } | null =
    null;
  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (JSON.stringify(node).includes('"catalogue_version"')) this.#versionReads.add(queryId);
    return node;
  }
  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const hold = this.hold;
    if (hold && this.#versionReads.has(queryId)) {
      this.hold = null;
      hold.reached.resolve();
      await hold.release.promise;
    }
    return result;
  }
}

// Two pools on one PostgreSQL: the race needs a server (as database-outage.test.ts does).
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

describe('a version read in flight when a sale commits, on PostgreSQL', () => {
  const t = useTestApp('postgres');
  const { onA, seatMap, orderOnA, tokens } = useTwoInstances(t);
  const plugin = new HeldVersionReads();
  let b: AppInstance;
  beforeAll(() => {
    const handle = openPostgres(t.database.url ?? '');
    b = t.instanceOver({ ...handle, db: handle.db.withPlugin(plugin) });
  });

  it('is not shared with a request that arrived after the sale was answered', async () => {
    const onB = reader(() => b);
    expect(statusAt(await seatMap(onB), '5_1')).toBe(SEAT_STATUS.free);
    expect(statusAt(await seatMap(onA), '5_1')).toBe(SEAT_STATUS.free);
    const hold = { reached: deferred<void>(), release: deferred<void>() };
    plugin.hold = hold;
    const early = seatMap(onB);
    await hold.reached.promise;
    await orderOnA(tabletOrder('5_1'), tokens[0] ?? '');
    const late = seatMap(onB);
    hold.release.resolve();
    // The early request arrived before the sale: either answer is right for it.
    expect([SEAT_STATUS.free, SEAT_STATUS.reserved]).toContain(statusAt(await early, '5_1'));
    expect(statusAt(await late, '5_1')).toBe(SEAT_STATUS.reserved);
  });
});
