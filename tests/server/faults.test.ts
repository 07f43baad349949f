import { assemblyApi } from '@contract/assembly';
import { believerApi } from '@contract/believer';
import { addDaysYmd, ceremonyApi } from '@contract/ceremony';
import { payApi, payOnAnswer, prePayAnswer } from '@contract/payment';
import { templeToday } from '@contract/temple-day';
import type { DatabaseHandle } from '@server/db/database';
import { openPostgres } from '@server/db/database';
import { createSandboxGateway } from '@server/gateways/sandbox-gateway';
import { orderKinds } from '@server/services/order-kind-list';
import { createOrdersService } from '@server/services/orders';
import { PREPAY, type Prepared, portalForm, prepareDatabase } from '@tests/bench/fixtures';
import { type ServerProcess, startTempleServer } from '@tests/bench/server-process';
import { sampleCeremonyOrder, sampleMembershipJoin, sampleTabletOrder } from '@tests/support/order-requests';
import { openTestDatabase } from '@tests/support/test-databases';
import { addDays } from 'date-fns';
import { sql } from 'kysely';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 13: two real server processes (src/server/main.ts) on one PostgreSQL database take a mixed
 * burst (registrations, assembly places, tablet seats, ceremony slots, merit and membership orders,
 * signed payment notifications with duplicates and rival deliveries); one is killed with SIGKILL
 * in the middle, the burst goes on against the other, the killed one is started again, the
 * notifications the kill cut are delivered again (as a gateway retries), the sweepers run on two
 * instances at once, and the database is checked: no paid order lost or paid twice, no place with
 * two holders or over its capacity, every hold live or released, every notification applied
 * once, no orphaned rows.
 */
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

const SECRET = 'faults-secret-0123456789';
const BELIEVERS = 24;
const SLOT = '13:30-15:00';
const ASSEMBLY = '观音菩萨圣诞法会';
/** Few places, so the burst fights over them: 4 tablet seats, 6 assembly places, 3 sessions. */
const SEATS = 4;
const ASSEMBLY_PLACES = 6;
/** A is killed as the 110th request of about 360 starts: well inside the first round. */
const KILL_AT = 110;

interface Instance {
  name: 'A' | 'B';
  server: ServerProcess;
  up: boolean;
}

interface Answer {
  status: number;
  /** The parsed JSON, read with the contract's schema where it is used. */
  body: unknown;
}

/** The gateway's view of a notification's answer, and the dev outbox's list of messages. */
const notifyAnswer = v.object({ message: v.string() });
const outboxAnswer = v.object({ data: v.array(v.object({ text: v.string() })) });

interface Notification {
  outTradeNo: string;
  body: string;
  signature: string;
  /** 'paid', 'duplicate', 'refund-due', 'amount-mismatch' as answered, once per delivery that answered. */
  outcomes: string[];
  /** Deliveries the kill cut before they answered. */
  cut: number;
}

describe('SIGKILL of one of two server processes in the middle of a mixed burst, on PostgreSQL', () => {
  const sandbox = createSandboxGateway(SECRET);
  let database: DatabaseHandle;
  let prepared: Prepared;
  let instances: [Instance, Instance];
  const figures = { requests: 0, cut: 0, hung: 0, failed: [] as string[], serverErrors: [] as string[] };
  const notifications = new Map<string, Notification>();
  let killed = false;
  let afterKill = () => {};

  beforeAll(async () => {
    database = await openTestDatabase('postgres', new Date());
    const url = database.url ?? '';
    prepared = await prepareDatabase({ url }, BELIEVERS, false);
    await sql`update tablet_seats set base_status = 0
      where pw_type = 2 and floor = 2 and pw_group = '1' and row_no = 1 and col_no <= ${SEATS}`.execute(
      database.db,
    );
    await sql`update assembly_places set capacity = ${ASSEMBLY_PLACES}
      where hoe_type = '往生' and assembly_id = (select id from assemblies where name = ${ASSEMBLY})`.execute(
      database.db,
    );
    const [a, b] = await Promise.all([
      startTempleServer({ url }, { APP_SECRET: SECRET }),
      startTempleServer({ url }, { APP_SECRET: SECRET }),
    ]);
    instances = [
      { name: 'A', server: a, up: true },
      { name: 'B', server: b, up: true },
    ];
  }, 60_000);
  afterAll(async () => {
    await Promise.all((instances ?? []).map((i) => i.server.stop()));
    await database?.close();
  });

  /** The instance for the n-th request of a worker: alternating, the other one while one is down. */
  const pick = (n: number): Instance => {
    const first = instances[n % 2] as Instance;
    return first.up ? first : (instances[(n + 1) % 2] as Instance);
  };

  /** One request; a connection the kill cut answers 'cut'. Every answer is counted. */
  const send = async (on: Instance, path: string, init: RequestInit = {}): Promise<Answer | 'cut'> => {
    figures.requests += 1;
    if (figures.requests === KILL_AT) afterKill();
    try {
      const res = await fetch(`${on.server.origin}${path}`, { ...init, signal: AbortSignal.timeout(15_000) });
      const text = await res.text();
      if (res.status >= 500)
        figures.serverErrors.push(`${init.method ?? 'GET'} ${path}: ${res.status} ${text}`);
      return {
        status: res.status,
        body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text,
      };
    } catch (error) {
      if ((error as Error).name === 'TimeoutError') figures.hung += 1;
      // Only the killed process may drop a connection; a failure anywhere else is a fault.
      else if (on.up) figures.failed.push(`${init.method ?? 'GET'} ${path} on ${on.name}: ${String(error)}`);
      else figures.cut += 1;
      return 'cut';
    }
  };
  const json = (body: unknown, token?: string): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

  /** Delivers a notification (again, for a retry or a duplicate) and records what it answered. */
  const deliver = async (on: Instance, n: Notification) => {
    const res = await send(on, '/pay/notify/sandbox', {
      method: 'POST',
      headers: { 'x-sandbox-signature': n.signature },
      body: n.body,
    });
    if (res === 'cut') n.cut += 1;
    else {
      const answer = v.safeParse(notifyAnswer, res.body);
      n.outcomes.push(answer.success ? answer.output.message : String(res.status));
    }
  };
  const notify = (on: Instance, outTradeNo: string, amountFen: number) => {
    const signed = sandbox.signedNotification(outTradeNo, amountFen, new Date());
    const n: Notification = { outTradeNo, ...signed, outcomes: [], cut: 0 };
    notifications.set(JSON.parse(signed.body).transaction_id, n);
    return { n, delivered: deliver(on, n) };
  };

  /** Of each kind with places, the first order placed is left unpaid: its hold must be released. */
  const leaveUnpaid = new Set([1, 2, 3]);
  /** Their numbers: 我的订单 shows them unpaid, and nobody pays them. */
  const leftUnpaid = new Set<string>();

  /** An order placed on `n`'s instance, paid on the other, with a duplicate delivery or a rival payment. */
  const order = async (
    n: number,
    payload: { type: number },
    token: string,
    pay: 'once' | 'twice' | 'rival',
  ) => {
    const res = await send(pick(n), PREPAY, portalForm(payload, token));
    if (res === 'cut' || res.status !== 200) return res;
    const { out_trade_no: no, amount, code_img_url: qr } = v.parse(prePayAnswer, res.body).data;
    if (leaveUnpaid.delete(payload.type)) leftUnpaid.add(no);
    if (leftUnpaid.has(no) || !qr) return res;
    const fen = Math.round(amount * 100);
    const first = notify(pick(n + 1), no, fen);
    // A second payment of the same order delivered at the same time to the other instance.
    const rival = pay === 'rival' ? notify(pick(n), no, fen).delivered : Promise.resolve();
    await Promise.all([first.delivered, rival]);
    if (pay === 'twice') await deliver(pick(n), first.n);
    return res;
  };

  let continued = 0;
  /** 我的订单's unpaid orders of believer `i` (but those left unpaid on purpose), continued and paid by their QR. */
  const payCutOrders = async (i: number, token: string) => {
    const list = await send(pick(i), `${believerApi.orders.path}?status=0&size=100`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (list === 'cut' || list.status !== 200) throw new Error('我的订单 did not answer');
    const unpaid = v
      .parse(believerApi.orders.response, list.body)
      .data.content.filter((o) => o.orderState === 0 && !leftUnpaid.has(o.orderNo));
    for (const o of unpaid) {
      const res = await send(
        pick(i),
        payApi.payOn.path,
        portalForm({ out_trade_no: o.orderNo, channel: 'native' }, token),
      );
      if (res === 'cut') throw new Error('继续支付 was cut with both instances up');
      // A reservation is paid at the temple; an order whose hold ended meanwhile is not open.
      if (res.status === 409) continue;
      const answer = v.parse(payOnAnswer, res.body).data;
      if (answer.paid) continue;
      const tradeNo = answer.code_img_url.split('/').pop() ?? '';
      continued += 1;
      await notify(pick(i + 1), tradeNo, Math.round(o.payAmount * 100)).delivered;
    }
  };

  /** A believer who registers during the burst: code sent, read from the dev outbox, register. */
  const register = async (n: number, phone: string) => {
    const on = pick(n);
    const sent = await send(on, '/api/register/verify', json({ phone, type: 'register' }));
    if (sent === 'cut' || sent.status !== 200) return;
    const outbox = await send(on, `/dev/sms/outbox?phone=${phone}`);
    if (outbox === 'cut') return;
    const sms = v.safeParse(outboxAnswer, outbox.body);
    const code = /\d{6}/.exec(sms.success ? (sms.output.data[0]?.text ?? '') : '')?.[0];
    await send(on, '/api/register', json({ account: phone, captcha: code, realName: '新来居士' }));
  };

  it('keeps every invariant, the sweepers of two instances closing what is left', async () => {
    // What the pages would have read first: the assembly's prices and a bookable ceremony day.
    const list = await send(instances[0], assemblyApi.list.path);
    if (list === 'cut') throw new Error('the assembly list did not answer');
    const year = v
      .parse(assemblyApi.list.response, list.body)
      .data.ls.find((h) => h.HOE_NAME === ASSEMBLY)?.HOE_YEAR;
    const detail = await send(
      instances[0],
      `${assemblyApi.detail.path}?${new URLSearchParams({ hoeYear: String(year), hoeName: ASSEMBLY })}`,
    );
    if (detail === 'cut') throw new Error('the assembly detail did not answer');
    const { hoe, tabletGdjList } = v.parse(assemblyApi.detail.response, detail.body).data;
    const price = tabletGdjList.find((p) => p.HOE_TYPE === '往生' && p.TABLET_TYPE === '吉祥');
    if (!price) throw new Error('no 往生 吉祥 price');
    const [start = '', end = ''] = String(hoe.HOE_YL_TIME).split('至');
    const today = templeToday(new Date());
    const calendar = await send(
      instances[1],
      `${ceremonyApi.calendar.path}?${new URLSearchParams({ startDate: addDaysYmd(today, 8), endDate: addDaysYmd(today, 60) })}`,
    );
    if (calendar === 'cut') throw new Error('the ceremony calendar did not answer');
    const day = String(
      v.parse(ceremonyApi.calendar.response, calendar.body).data.fsDataCcList.find((d) => d.BOOKABLE)
        ?.DATE_STR ?? '',
    )
      .split('-')
      .map((p, k) => (k === 0 ? p : p.padStart(2, '0')))
      .join('-');

    const assembly = (phone: string) => ({
      type: 1,
      HOE_NAME: ASSEMBLY,
      HOE_TYPE: '往生',
      TABLET_TYPE: '吉祥',
      HOE_GDJ: price.GDJ,
      HOE_TIME: hoe.HOE_NL_TIME,
      START_DATE: start,
      END_DATE: end,
      HOE_GDJ_TOTAL: price.TABLET_PRICE + price.GDJ,
      HOE_YEAR: hoe.HOE_YEAR,
      DATA_SOURCE: '3',
      PAY_METHOD: '3',
      QUANTITY: 1,
      jyList: [{ JY1: '父母张三', YS1: '张明' }],
      zzList: [],
      meritItemList: [],
      CHANNEL: 'pc',
      MOBILE: phone,
    });
    const ceremony = (phone: string) =>
      sampleCeremonyOrder({ FS_DATE: day, FS_TIME: SLOT, MOBILE: phone, JF_DATE: `${today} 10:00:00` });
    const tablet = (phone: string, col: number) =>
      sampleTabletOrder({ POSITION: `1_${col}`, SP_POSITION: `1排${col}号`, MOBILE: phone });
    const membership = (phone: string) => sampleMembershipJoin({ MOBILE: phone });

    // The kill: once the burst is well under way, instance A dies at once (no graceful stop).
    const restarted = new Promise<void>((resolve, reject) => {
      afterKill = () => {
        const a = instances[0];
        a.up = false;
        killed = true;
        process.kill(a.server.pid, 'SIGKILL');
        startTempleServer({ url: database.url ?? '' }, { APP_SECRET: SECRET }).then((server) => {
          instances[0] = { name: 'A', server, up: true };
          resolve();
        }, reject);
      };
    });

    const answers: (Answer | 'cut' | undefined)[] = [];
    const paying = ['once', 'twice', 'rival'] as const;
    await Promise.all(
      prepared.believers.map(async ({ phone, token }, i) => {
        const pay = paying[i % 3] ?? 'once';
        answers.push(await order(i, prepared.meritOrder(phone), token, pay));
        answers.push(await order(i + 1, tablet(phone, (i % SEATS) + 1), token, pay));
        answers.push(await order(i, assembly(phone), token, pay));
        answers.push(await order(i + 1, ceremony(phone), token, pay));
        answers.push(await order(i, membership(phone), token, paying[(i + 1) % 3] ?? 'once'));
        await register(i, `136${String(30_000_000 + i).padStart(8, '0')}`);
      }),
    );
    if (!killed) throw new Error('the burst ended before the kill');
    await restarted;

    // The gateway delivers again what the kill cut; the restarted A takes its share of a second round.
    for (const n of notifications.values()) if (n.outcomes.length === 0) await deliver(instances[0], n);
    // A believer whose answer the kill cut finds the order unpaid in 我的订单 and pays it there
    // (继续支付: its QR, made now if the kill came before it was).
    await Promise.all(prepared.believers.map(async ({ token }, i) => payCutOrders(i, token)));
    await Promise.all(
      prepared.believers.map(async ({ phone, token }, i) => {
        const merit = prepared.meritOrder(phone);
        answers.push(await order(i, merit, token, i % 2 ? 'twice' : 'rival'));
      }),
    );
    expect(instances[0].up && instances[1].up).toBe(true);

    // The sweepers of two instances, 8 days on: every 15-minute hold and 7-day reservation has run out.
    const later = { now: () => addDays(new Date(), 8) };
    const pools = [openPostgres(database.url ?? ''), openPostgres(database.url ?? '')];
    const open = await database.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('state', '=', 0)
      .executeTakeFirstOrThrow();
    let closed: number[];
    try {
      const sweepers = pools.map((p) => createOrdersService({ db: p.db, clock: later, kinds: orderKinds }));
      closed = await Promise.all(sweepers.flatMap((s) => [s.closeExpired(), s.closeExpired()]));
    } finally {
      await Promise.all(pools.map((p) => p.close()));
    }

    const ok = answers.filter((a): a is Answer => a !== undefined && a !== 'cut' && a.status === 200).length;
    console.log(
      `faults: ${figures.requests} requests, ${figures.cut} cut by the SIGKILL of A, ${ok} orders placed, ` +
        `${notifications.size} payments notified (${continued} of orders continued from 我的订单), ${open.n} holds closed by two sweepers`,
    );

    // Every request answered (none hung, none failed on the instance that stayed up), none with a 5xx.
    expect(figures.hung).toBe(0);
    expect(figures.failed).toEqual([]);
    expect(figures.serverErrors).toEqual([]);
    expect(closed.reduce((s, c) => s + c, 0)).toBe(Number(open.n));

    // Every notification applied once: each recorded exactly once, the first answer decides.
    const payments = await database.db
      .selectFrom('payments')
      .innerJoin('orders', 'orders.id', 'payments.order_id')
      .select(['payments.transaction_id', 'payments.flag', 'orders.out_trade_no'])
      .execute();
    expect(payments.map((p) => p.transaction_id).sort()).toEqual([...notifications.keys()].sort());
    for (const [txn, n] of notifications) {
      const row = payments.find((p) => p.transaction_id === txn);
      expect(row?.out_trade_no, txn).toBe(n.outTradeNo);
      expect(
        n.outcomes.slice(1).every((o) => o === 'duplicate'),
        `${txn}: ${n.outcomes}`,
      ).toBe(true);
      if (n.outcomes[0] === 'paid') expect(row?.flag, txn).toBeNull();
    }
    const invariants = await sql<{ rule: string; n: string }>`
      with live as (select * from orders where state = 1 or (state = 0 and hold_until > ${later.now()}))
      -- An order paid twice, or paid without its money, or money kept for an order left unpaid.
      select 'paid twice or unpaid' as rule, count(*) as n from (
        select o.id from orders o left join payments p on p.order_id = o.id and p.flag is null
        group by o.id, o.state having count(p.id) > 1 or (o.state = 1) <> (count(p.id) = 1)) x
      union all select 'seat with two live orders', count(*) from (
        select t.seat_id from tablet_orders t join live o on o.id = t.order_id
        group by t.seat_id having count(*) > 1) x
      union all select 'seat held by a closed order', count(*) from seat_holders h
        where not exists (select 1 from live where live.id = h.order_id)
      union all select 'live seat order without its seat', count(*) from tablet_orders t
        join live o on o.id = t.order_id
        where not exists (select 1 from seat_holders h where h.order_id = t.order_id)
      union all select 'assembly places over capacity or below zero', count(*) from (
        select ap.capacity, coalesce(sum(op.quantity), 0) as held from assembly_places ap
        left join assembly_orders ao on ao.assembly_id = ap.assembly_id and ao.hoe_type = ap.hoe_type
        left join live o on o.id = ao.order_id
        left join order_places op on op.order_id = o.id
        where ap.capacity is not null group by ap.assembly_id, ap.hoe_type, ap.capacity
        having ap.capacity - coalesce(sum(op.quantity), 0) < 0) x
      union all select 'ceremony slot over its sessions', count(*) from (
        select c.day, c.time_label from ceremony_orders c join live o on o.id = c.order_id
        join ceremony_slots s on s.time_label = c.time_label
        group by c.day, c.time_label, s.sessions having count(*) > s.sessions) x
      union all select 'hold neither live nor released', count(*) from orders where state = 0
      union all select 'order without its lines', count(*) from orders o
        where not exists (select 1 from order_items i where i.order_id = o.id)
      union all select 'order without its facts', count(*) from orders o where
        (o.type = 1 and not exists (select 1 from assembly_orders f where f.order_id = o.id)) or
        (o.type = 2 and not exists (select 1 from ceremony_orders f where f.order_id = o.id)) or
        (o.type = 3 and not exists (select 1 from tablet_orders f where f.order_id = o.id)) or
        (o.type = 6 and not exists (select 1 from membership_orders f where f.order_id = o.id)) or
        (o.type in (1, 2, 3) and not exists (select 1 from order_places f where f.order_id = o.id))
      union all select 'membership without its order', count(*) from memberships m
        where not exists (select 1 from membership_orders f where f.membership_id = m.id)
      union all select 'member without a paid join, or paid join without a member', count(*) from memberships m
        where (m.hy_code is not null) <> exists (select 1 from membership_orders f
          join orders o on o.id = f.order_id where f.membership_id = m.id and o.state = 1)
    `.execute(database.db);
    expect(Object.fromEntries(invariants.rows.map((r) => [r.rule, Number(r.n)]))).toEqual(
      Object.fromEntries(invariants.rows.map((r) => [r.rule, 0])),
    );

    // The burst really fought over the places and really paid: the checks above had work to do.
    const sold = await sql<{ type: number; paid: string }>`
      select type, count(*) filter (where state = 1) as paid from orders group by type order by type`.execute(
      database.db,
    );
    const paid = Object.fromEntries(sold.rows.map((r) => [r.type, Number(r.paid)]));
    expect(paid[1]).toBeGreaterThan(0);
    expect(paid[2]).toBeGreaterThan(0);
    expect(paid[3]).toBeGreaterThan(0);
    expect(paid[5]).toBeGreaterThan(BELIEVERS);
    expect(paid[6]).toBeGreaterThan(0);
    expect(figures.cut).toBeGreaterThan(0);
    const outcomes = [...notifications.values()].flatMap((n) => n.outcomes);
    expect(outcomes).toContain('duplicate');
    expect(outcomes).toContain('refund-due');
    const users = await database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(users.n)).toBeGreaterThan(BELIEVERS);
  }, 90_000);
});
