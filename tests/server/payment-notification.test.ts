import { createHmac } from 'node:crypto';
import { MAX_NOTIFIED_FEN, ORDER_STATE, PAYMENT_MESSAGES } from '@contract/payment';
import { TEST_SECRET, useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { lampOrder, placeOrder } from '@tests/support/user-centre';
import { beforeAll, describe, expect, it } from 'vitest';

const PHONE = '13700083001';

/** A notification body signed with the server's secret, as the gateway would sign it. */
const signed = (body: string) => ({
  body,
  signature: createHmac('sha256', TEST_SECRET).update(body).digest('hex'),
});
/** The JSON of a notification, its amount written as given (`1e400` and `100.5` stay as they are). */
const notificationText = (
  no: string,
  amount: string,
  transactionId = `SBX${Math.random().toString(36).slice(2)}`,
) =>
  `{"out_trade_no":"${no}","transaction_id":${JSON.stringify(transactionId)},"amount_fen":${amount},"paid_at":"2026-11-22T02:00:00.000Z"}`;

/**
 * Issue 21: a correctly signed notification is still judged before the database. An amount that is
 * not whole fen from 0 to MAX_NOTIFIED_FEN (past the column's 32-bit range, negative, fractional,
 * infinite) or a transaction id no gateway sends is a 400 with a Chinese message, never a 500,
 * and stores nothing; the order stays unpaid and then pays as usual.
 */
describe.each(databaseKinds())('a signed payment notification out of range, on %s', (kind) => {
  const t = useTestApp(kind);
  let token = '';
  beforeAll(async () => {
    token = await t.login(PHONE);
  });

  const deliver = async ({ body, signature }: { body: string; signature: string }) => {
    const res = await t.app.request('/pay/notify/sandbox', {
      method: 'POST',
      body,
      headers: { 'x-sandbox-signature': signature },
    });
    expect(res.status, 'a notification answered a server error').toBeLessThan(500);
    return { status: res.status, body: (await res.json()) as { msg?: string; message?: string } };
  };
  const paymentsOf = (no: string) =>
    t.database.db
      .selectFrom('payments')
      .innerJoin('orders', 'orders.id', 'payments.order_id')
      .where('orders.out_trade_no', '=', no)
      .select(['payments.amount_fen', 'payments.flag'])
      .execute();
  const stateOf = async (no: string) =>
    (
      await t.database.db
        .selectFrom('orders')
        .select('state')
        .where('out_trade_no', '=', no)
        .executeTakeFirstOrThrow()
    ).state;

  it.each([
    ['past a 32-bit integer', '2147483648'],
    ['a trillion fen', '1000000000000'],
    ['one fen over the maximum', String(MAX_NOTIFIED_FEN + 1)],
    ['negative', '-100'],
    ['below a 32-bit integer', '-2147483649'],
    ['fractional', '100.5'],
    ['infinite', '1e400'],
  ])('refuses an amount %s with 400, storing nothing', async (_, amount) => {
    const no = await placeOrder(t, await lampOrder(t, PHONE), token);
    const res = await deliver(signed(notificationText(no, amount)));
    expect([res.status, res.body.msg]).toEqual([400, PAYMENT_MESSAGES.notifiedAmount]);
    expect(await paymentsOf(no)).toEqual([]);
    expect(await stateOf(no)).toBe(ORDER_STATE.reserved);
  });

  it('refuses a transaction id no gateway sends', async () => {
    const no = await placeOrder(t, await lampOrder(t, PHONE), token);
    for (const id of ['', 'X'.repeat(65), 'SBX 1', '交易号']) {
      const res = await deliver(signed(notificationText(no, '10000', id)));
      expect([res.status, res.body.msg], JSON.stringify(id)).toEqual([
        400,
        PAYMENT_MESSAGES.notifiedMalformed,
      ]);
    }
    // NUL, which PostgreSQL cannot store, is refused as every input's is.
    expect((await deliver(signed(notificationText(no, '10000', 'SBX\u0000')))).status).toBe(400);
    expect(await paymentsOf(no)).toEqual([]);
  });

  it('records the edges of the range as the money they are, and pays the right amount', async () => {
    const no = await placeOrder(t, await lampOrder(t, PHONE), token);
    for (const amount of ['0', String(MAX_NOTIFIED_FEN)])
      expect((await deliver(signed(notificationText(no, amount)))).body.message).toBe('amount-mismatch');
    expect(await paymentsOf(no)).toEqual([
      { amount_fen: 0, flag: 'amount_mismatch' },
      { amount_fen: MAX_NOTIFIED_FEN, flag: 'amount_mismatch' },
    ]);
    expect((await deliver(signed(notificationText(no, '10000')))).body.message).toBe('paid');
    expect(await stateOf(no)).toBe(ORDER_STATE.paid);
  });
});
