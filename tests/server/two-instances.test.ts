import { meritApi } from '@contract/merit';
import { PAYMENT_MESSAGES, prePayAnswer, RESERVATION_HOLD_DAYS } from '@contract/payment';
import {
  createPlacesTables,
  PLACES_KIND_TYPE,
  placesKind,
  releasesOf,
  setCapacity,
} from '@tests/support/places-kind';
import { consoleCall, signedInStaff, type TestStaff } from '@tests/support/staff';
import { type AppInstance, useTestApp } from '@tests/support/test-app';
import { payOrder } from '@tests/support/user-centre';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 13: staff actions, the 7-day reservation expiry and the sweeper run on two instances
 * (two pools, as two processes would have) at once, on PostgreSQL: each reservation moves once,
 * whoever gets there first, and its place is released at most once. Issue 24: the staff console's
 * calls race on two instances the same way.
 */
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

const COUNT = 12;

describe('staff actions and the 7-day expiry on two instances at once, on PostgreSQL', () => {
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

  /** A console call of `member` on an instance: its status and message. */
  const desk = async (on: AppInstance, member: TestStaff, path: string, body: unknown) => {
    const res = await consoleCall(on, 'POST', path, { cookie: member.cookie, body });
    return { status: res.status, msg: res.body.msg };
  };

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

  it('the console on both instances: recording a payment and releasing one reservation at once, one of them moves it', async () => {
    const [no = ''] = await reservations('cli');
    const clerk = await signedInStaff(t, ['clerk'], 'desk');
    const answers = await Promise.all([
      desk(t, clerk, `/admin/api/orders/${no}/payment`, {
        method: 'cash',
        amountFen: 2_000_000,
        receiptNo: 'R-0001',
        note: '',
      }),
      desk(other, clerk, `/admin/api/orders/${no}/cancel`, { reason: '信众来电取消' }),
    ]);
    expect(
      answers.filter((a) => a.status === 200),
      JSON.stringify(answers),
    ).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(1);
    const order = await stored(no);
    expect([1, 5]).toContain(order.state);
    expect(await releases(order.id)).toBe(order.state === 5 ? 1 : 0);
  });

  it('the console on both instances: two refunds of one payment owed back, one reaches the gateway', async () => {
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
    const finance = await signedInStaff(t, ['finance'], 'cash');
    const answers = await Promise.all([
      desk(t, finance, `/admin/api/refunds/${no}`, { confirm: true }),
      desk(other, finance, `/admin/api/refunds/${no}`, { confirm: true }),
    ]);
    expect(
      answers.filter((a) => a.status === 200),
      JSON.stringify(answers),
    ).toHaveLength(1);
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
    expect([PAYMENT_MESSAGES.refundUnderWay, PAYMENT_MESSAGES.refunded]).toContain(
      answers.find((a) => a.status !== 200)?.msg,
    );
  });
});
