import { ORDER_STATE } from '@contract/payment';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { lampOrder, placeOrder } from '@tests/support/user-centre';
import { beforeAll, describe, expect, it } from 'vitest';

const PHONE = '13700082001';
const CONFIRMS = 20;

/**
 * Issue 21: one order, one payment. The sandbox page's 确认支付 pressed twenty times at once (two
 * tabs, a double click, a phone and a desktop) pays the order once and records one payment row,
 * across two app instances on a warm pool; pressed again later it changes nothing.
 */
describe.each(databaseKinds())('simultaneous sandbox confirmations on %s', (kind) => {
  const t = useTestApp(kind);
  let token = '';
  beforeAll(async () => {
    token = await t.login(PHONE);
  });

  const payments = (no: string) =>
    t.database.db
      .selectFrom('payments')
      .innerJoin('orders', 'orders.id', 'payments.order_id')
      .where('orders.out_trade_no', '=', no)
      .select(['payments.amount_fen', 'payments.refund_due', 'payments.flag'])
      .execute();
  const order = (no: string) =>
    t.database.db
      .selectFrom('orders')
      .select(['state', 'amount_fen', 'paid_at'])
      .where('out_trade_no', '=', no)
      .executeTakeFirstOrThrow();

  it(`${CONFIRMS} confirmations at once record one payment and pay the order once`, async () => {
    const no = await placeOrder(t, await lampOrder(t, PHONE), token);
    const instances = [t, await t.secondInstance()];
    const on = (i: number) => (instances[i % 2] ?? t).app;
    // Both pools warm: the race is between the confirmations, not the connections' set-up.
    await Promise.all(
      Array.from({ length: 20 }, async (_, i) => (await on(i).request(`/pay/sandbox/${no}`)).arrayBuffer()),
    );
    const answers = await Promise.all(
      Array.from({ length: CONFIRMS }, (_, i) =>
        on(i).request(`/pay/sandbox/${no}/confirm`, { method: 'POST' }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(CONFIRMS).fill(303));

    const paid = await order(no);
    expect(paid.state).toBe(ORDER_STATE.paid);
    expect(await payments(no)).toEqual([{ amount_fen: paid.amount_fen, refund_due: false, flag: null }]);

    // Confirmed again later: still one payment, still paid at the same moment.
    t.clock.advance(30);
    expect((await t.app.request(`/pay/sandbox/${no}/confirm`, { method: 'POST' })).status).toBe(303);
    expect(await payments(no)).toHaveLength(1);
    expect(await order(no)).toEqual(paid);
  });
});
