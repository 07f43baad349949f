import { addDaysYmd, ceremonyApi } from '@contract/ceremony';
import { CONSOLE_MESSAGES } from '@contract/console';
import { prePayAnswer } from '@contract/payment';
import { templeToday } from '@contract/temple-day';
import { largeTabletReservation, sampleCeremonyOrder } from '@tests/support/order-requests';
import { type ConsoleAnswer, consoleCall, signedInStaff } from '@tests/support/staff';
import { type AppInstance, useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { payOrder, placeOrder } from '@tests/support/user-centre';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 24: "record payment" on one reservation from two app instances at once (two pools, as two
 * server processes have), on PostgreSQL and PGlite: exactly one call pays it; one payments row,
 * one audit row, one confirmation queued; every other call is refused in words.
 */
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

const CALLS = 12;

describe.each(databaseKinds())('recording a counter payment races on %s', (kind) => {
  const t = useTestApp(kind);
  let other: AppInstance;
  let cookie = '';

  beforeAll(async () => {
    other = await t.secondInstance();
    cookie = (await signedInStaff(t, ['clerk'], 'desk')).cookie;
    // Warm both pools, so the race is between the calls and not the connection set-up.
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        consoleCall(i % 2 ? other : t, 'GET', '/admin/api/today', { cookie }).then((a) =>
          expect(a.status).toBe(200),
        ),
      ),
    );
  });

  const reservation = async (phone: string, position: string) => {
    const token = await t.login(phone);
    const res = await t.form('/portal/rs/payapi/v1/pay/prePay', largeTabletReservation(position), token);
    expect(res.status, res.body.msg).toBe(200);
    return v.parse(prePayAnswer, res.body).data.out_trade_no;
  };

  it(`pays a reservation once when ${CALLS} clerks record it at once on two instances`, async () => {
    const no = await reservation('13700026001', '4_4');
    const answers: ConsoleAnswer[] = await Promise.all(
      Array.from({ length: CALLS }, (_, i) =>
        consoleCall(i % 2 ? other : t, 'POST', `/admin/api/orders/${no}/payment`, {
          cookie,
          body: { method: 'pos', amountFen: 1_680_000, receiptNo: `POS-${i}`, note: '' },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).map((a) => [a.status, a.body.msg])).toEqual(
      Array.from({ length: CALLS - 1 }, () => [409, CONSOLE_MESSAGES.nothingOwed]),
    );
    const order = await t.database.db
      .selectFrom('orders')
      .select(['id', 'state'])
      .where('out_trade_no', '=', no)
      .executeTakeFirstOrThrow();
    expect(order.state).toBe(1);
    const payments = await t.database.db
      .selectFrom('payments')
      .select(['gateway', 'receipt_no'])
      .where('order_id', '=', order.id)
      .execute();
    expect(payments).toHaveLength(1);
    expect(payments[0]?.gateway).toBe('temple');
    const audit = await t.database.db
      .selectFrom('staff_audit')
      .select('id')
      .where('action', '=', 'order.paymentRecorded')
      .where('subject', '=', `order:${no}`)
      .execute();
    expect(audit).toHaveLength(1);
    const confirmations = await t.database.db
      .selectFrom('notifications')
      .select('id')
      .where('kind', '=', 'payment_confirmed')
      .where('subject', '=', `order:${order.id}`)
      .execute();
    expect(confirmations).toHaveLength(1);
    console.info(
      `${kind}: ${CALLS} counter payments raced on one reservation, ${answers.length - 1} refused`,
    );
  });

  it(`records a ceremony's balance once when ${CALLS} clerks take it at once on two instances`, async () => {
    const phone = '13700026002';
    const token = await t.login(phone);
    const today = templeToday(t.clock.now());
    const calendar = await t.call(
      'GET',
      `${ceremonyApi.calendar.path}?${new URLSearchParams({ startDate: addDaysYmd(today, 8), endDate: addDaysYmd(today, 90) })}`,
    );
    const day = (
      (calendar.body.data as { fsDataCcList: { DATE_STR: string; BOOKABLE: boolean }[] }).fsDataCcList.find(
        (d) => d.BOOKABLE,
      )?.DATE_STR ?? ''
    )
      .split('-')
      .map((p, k) => (k === 0 ? p : p.padStart(2, '0')))
      .join('-');
    const no = await placeOrder(t, sampleCeremonyOrder({ FS_DATE: day, MOBILE: phone }), token);
    await payOrder(t, no);
    const answers: ConsoleAnswer[] = await Promise.all(
      Array.from({ length: CALLS }, (_, i) =>
        consoleCall(i % 2 ? other : t, 'POST', `/admin/api/orders/${no}/payment`, {
          cookie,
          body: { method: 'cash', amountFen: 280_000, receiptNo: `BAL-${i}`, note: '' },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).map((a) => [a.status, a.body.msg])).toEqual(
      Array.from({ length: CALLS - 1 }, () => [409, CONSOLE_MESSAGES.nothingOwed]),
    );
    const order = await t.database.db
      .selectFrom('orders')
      .select('id')
      .where('out_trade_no', '=', no)
      .executeTakeFirstOrThrow();
    const payments = await t.database.db
      .selectFrom('payments')
      .select(['gateway', 'amount_fen'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(payments.map((p) => [p.gateway, p.amount_fen])).toEqual([
      ['sandbox', 100_000],
      ['temple', 280_000],
    ]);
    const audit = await t.database.db
      .selectFrom('staff_audit')
      .select('id')
      .where('action', '=', 'order.balanceRecorded')
      .where('subject', '=', `order:${no}`)
      .execute();
    expect(audit).toHaveLength(1);
    const messages = await t.database.db
      .selectFrom('notifications')
      .select('id')
      .where('kind', '=', 'balance_paid')
      .where('subject', '=', `order:${order.id}`)
      .execute();
    expect(messages).toHaveLength(1);
  });
});
