import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { meritApi } from '@contract/merit';
import { PAYMENT_MESSAGES, prePayAnswer, RESERVATION_HOLD_DAYS } from '@contract/payment';
import { ROOT } from '@tests/bench/server-process';
import {
  createPlacesTables,
  PLACES_KIND_TYPE,
  placesKind,
  releasesOf,
  setCapacity,
} from '@tests/support/places-kind';
import { type AppInstance, useTestApp } from '@tests/support/test-app';
import { payOrder } from '@tests/support/user-centre';
import { sql } from 'kysely';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 13: the staff commands, the 7-day reservation expiry and the sweeper run on two instances
 * (two pools, as two processes would have) at once, on PostgreSQL: each reservation moves once,
 * whoever gets there first, and its place is released at most once. The staff command itself
 * (src/server/staff.ts) runs as two processes racing on one order.
 */
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

const run = promisify(execFile);
const COUNT = 12;

describe('staff commands and the 7-day expiry on two instances at once, on PostgreSQL', () => {
  const t = useTestApp('postgres', { kinds: [placesKind] });
  let other: AppInstance;
  let token = '';

  beforeAll(async () => {
    await createPlacesTables(t.database.db);
    token = await t.login('13700013001');
    other = await t.secondInstance();
    // Warm both pools, so the race is between the commands and not the connection set-up.
    await Promise.all(
      Array.from({ length: 10 }, async (_, i) =>
        (await (i % 2 ? other : t).app.request(`${meritApi.list.path}?channel=1`)).arrayBuffer(),
      ),
    );
  });

  /** `npm run staff -- <command> <no>` as its own process on this database: its output, or its exit code and error. */
  const staff = (command: string, no: string) =>
    run(process.execPath, ['--import', 'tsx', 'src/server/staff.ts', command, no], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: t.database.url ?? '', NODE_ENV: 'development' },
      timeout: 60_000,
    }).then(
      ({ stdout }) => ({ ok: stdout.trim() }),
      (error: { code?: number; stderr?: string }) => ({ code: error.code, stderr: error.stderr?.trim() }),
    );

  /** `COUNT` reservations (held 7 days, paid at the temple) of one slot with room for all. */
  const reservations = async (slot: string) => {
    await setCapacity(t.database.db, slot, COUNT);
    return Promise.all(
      Array.from({ length: COUNT }, async () => {
        const res = await t.form(
          meritApi.order.path,
          { type: PLACES_KIND_TYPE, slot, yuan: 20_000, reserve: true },
          token,
        );
        expect(res.status, res.body.msg).toBe(200);
        return v.parse(prePayAnswer, res.body).data.out_trade_no;
      }),
    );
  };
  const stored = (no: string) =>
    t.database.db
      .selectFrom('orders')
      .select(['id', 'state', 'paid_at', 'closed_at'])
      .where('out_trade_no', '=', no)
      .executeTakeFirstOrThrow();
  const releases = (orderId: number) => releasesOf(t.database.db, orderId);
  /** A staff command's outcome: the state it wrote, or the refusal's message. */
  const outcome = (p: Promise<number>) =>
    p.then(
      (state) => ({ state }),
      (error: Error) => ({ refused: error.message }),
    );

  it('mark-paid and cancel racing on both instances: each reservation paid or closed, once', async () => {
    const numbers = await reservations('desk');
    const results = await Promise.all(
      numbers.map(async (no, i) => {
        const [a, b] = i % 2 ? [t, other] : [other, t];
        return Promise.all([
          outcome(a.services.orders.staff(no, { type: 'staff.markedPaid' })),
          outcome(b.services.orders.staff(no, { type: 'order.cancelled' })),
          outcome(b.services.orders.staff(no, { type: 'staff.markedPaid' })),
          outcome(a.services.orders.staff(no, { type: 'order.cancelled' })),
        ]);
      }),
    );
    let paid = 0;
    for (const [i, no] of numbers.entries()) {
      const moved = results[i]?.filter((r) => 'state' in r) ?? [];
      // One command moved it; the three others were refused in Chinese.
      expect(moved, no).toHaveLength(1);
      expect(results[i]?.filter((r) => 'refused' in r)).toEqual(
        Array(3).fill({ refused: PAYMENT_MESSAGES.notOpen }),
      );
      const order = await stored(no);
      expect(order.state).toBe((moved[0] as { state: number }).state);
      if (order.state === 1) {
        paid += 1;
        expect(order.paid_at).not.toBeNull();
        expect(await releases(order.id)).toBe(0);
      } else {
        expect(order.state).toBe(5);
        expect(order.paid_at).toBeNull();
        expect(await releases(order.id)).toBe(1);
      }
    }
    console.log(
      `two instances: ${COUNT} reservations raced by staff, ${paid} marked paid, ${COUNT - paid} cancelled`,
    );
  });

  it('after 7 days two sweepers and staff on both instances close each reservation exactly once', async () => {
    const numbers = await reservations('week');
    t.clock.advance(RESERVATION_HOLD_DAYS * 24 * 3600 + 1);
    const [swept, staff] = await Promise.all([
      Promise.all([
        t.services.orders.closeExpired(),
        other.services.orders.closeExpired(),
        t.services.orders.closeExpired(),
        other.services.orders.closeExpired(),
      ]),
      Promise.all(
        numbers.map((no, i) =>
          outcome((i % 2 ? other : t).services.orders.staff(no, { type: 'staff.markedPaid' })),
        ),
      ),
    ]);
    // Too late to be paid at the temple: every mark-paid is refused, whoever closed the order.
    expect(staff).toEqual(Array(COUNT).fill({ refused: PAYMENT_MESSAGES.notOpen }));
    expect(swept.reduce((s, n) => s + n, 0)).toBeLessThanOrEqual(COUNT);
    for (const no of numbers) {
      const order = await stored(no);
      expect(order.state, no).toBe(5);
      expect(order.paid_at).toBeNull();
      expect(order.closed_at).not.toBeNull();
      expect(await releases(order.id)).toBe(1);
    }
  });

  it('the staff command as two processes racing on one reservation: one moves it, the other is refused', async () => {
    const [no = ''] = await reservations('cli');
    // The command runs on the real clock: the hold runs 7 days from now, whatever the test clock says.
    await sql`update orders set hold_until = now() + interval '7 days' where out_trade_no = ${no}`.execute(
      t.database.db,
    );
    const answers = await Promise.all([staff('mark-paid', no), staff('cancel', no)]);
    const ok = answers.filter((a) => 'ok' in a);
    expect(ok, JSON.stringify(answers)).toHaveLength(1);
    expect(answers.filter((a) => 'code' in a)).toEqual([{ code: 1, stderr: PAYMENT_MESSAGES.notOpen }]);
    const order = await stored(no);
    expect([1, 5]).toContain(order.state);
    expect(ok[0]).toEqual({ ok: `订单 ${no} 已更新，当前状态 ${order.state}` });
  }, 60_000);
  it('the refund command as two processes on one payment owed back: one refund, the other refused', async () => {
    await setCapacity(t.database.db, 'refund', 2);
    const res = await t.form(
      meritApi.order.path,
      { type: PLACES_KIND_TYPE, slot: 'refund', yuan: 30 },
      token,
    );
    const no = v.parse(prePayAnswer, res.body).data.out_trade_no;
    // Paid, then paid again by another transaction: the second payment is owed back.
    await payOrder(t, no);
    await payOrder(t, no);
    const answers = await Promise.all([staff('refund', no), staff('refund', no)]);
    const ok = answers.filter((a) => 'ok' in a);
    expect(ok, JSON.stringify(answers)).toHaveLength(1);
    const owed = await t.database.db
      .selectFrom('payments')
      .innerJoin('orders', 'orders.id', 'payments.order_id')
      .select(['payments.refund_due', 'payments.out_refund_no', 'payments.refund_status', 'payments.flag'])
      .where('orders.out_trade_no', '=', no)
      .orderBy('payments.id')
      .execute();
    expect(owed).toMatchObject([
      { refund_due: false, out_refund_no: null },
      { refund_due: true, flag: 'already_paid', refund_status: 'success' },
    ]);
    expect(ok[0]).toEqual({
      ok: `订单 ${no} 已申请退款，退款单号 ${owed[1]?.out_refund_no}，当前状态 success`,
    });
    expect(answers.find((a) => 'code' in a)).toMatchObject({ code: 1 });
    expect([PAYMENT_MESSAGES.refundUnderWay, PAYMENT_MESSAGES.refunded]).toContain(
      (answers.find((a) => 'code' in a) as { stderr: string }).stderr.split('\n').at(-1),
    );
  }, 60_000);
});
