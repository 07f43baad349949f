import { ORDER_STATE, PAYMENT_MESSAGES } from '@contract/payment';
import type { PaymentGateway, PaymentNotification, RefundRequest } from '@server/gateways/payment';
import { createSandboxGateway } from '@server/gateways/sandbox-gateway';
import { TEST_SECRET, useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { lampOrder, placeOrder } from '@tests/support/user-centre';
import { describe, expect, it } from 'vitest';

/**
 * Issue 37, scope 1: an order is paid through its payment attempts, each with a trade number of
 * its own. A notification names an attempt's trade and settles its order; the payment keeps the
 * trade it came through, so its refund is asked on that trade. An order paid on two attempts
 * (a close that raced a payment) is settled once and the second payment is owed back.
 */
describe.each(databaseKinds())('payment attempts on %s', (kind) => {
  const asked: RefundRequest[] = [];
  const closed: string[] = [];
  const queried: string[] = [];
  /** Payments the gateway holds whose notification never came: found only by asking. */
  const lost = new Map<string, PaymentNotification>();
  const t = useTestApp(kind, {
    gateway: (): PaymentGateway => {
      const sandbox = createSandboxGateway(TEST_SECRET);
      return {
        ...sandbox,
        refund: async (request) => {
          asked.push(request);
          return (sandbox as PaymentGateway).refund(request);
        },
        query: async (outTradeNo) => {
          queried.push(outTradeNo);
          const payment = lost.get(outTradeNo);
          return payment ? { state: 'paid', payment } : { state: 'open' };
        },
        close: async (outTradeNo) => {
          closed.push(outTradeNo);
          return (sandbox as PaymentGateway).close(outTradeNo);
        },
      };
    },
  });
  const sandbox = createSandboxGateway(TEST_SECRET);
  let believers = 0;

  /** An unpaid online merit order of a new believer, with its QR (its first attempt). */
  const unpaidOrder = async () => {
    believers += 1;
    const phone = `1370000${String(5000 + believers).padStart(4, '0')}`;
    const no = await placeOrder(t, await lampOrder(t, phone), await t.login(phone));
    const order = await t.database.db
      .selectFrom('orders')
      .select(['id', 'amount_fen'])
      .where('out_trade_no', '=', no)
      .executeTakeFirstOrThrow();
    return { no, ...order };
  };
  /** Money notified on a trade, as the gateway sends it. */
  const notify = async (tradeNo: string, amountFen: number) => {
    const { body, signature } = sandbox.signedNotification(tradeNo, amountFen, t.clock.now());
    const res = await t.app.request('/pay/notify/sandbox', {
      method: 'POST',
      body,
      headers: { 'x-sandbox-signature': signature },
    });
    return { status: res.status, body: (await res.json()) as { message?: string; msg?: string } };
  };
  /**
   * A second attempt of an order on a phone's channel, as made at the gateway (its prepay_id or
   * cashier address), under the order's number and T2: a trade number is [A-Z0-9], 32 at most at
   * WeChat. Answers its trade number.
   */
  const secondAttempt = async (orderId: number, orderNo: string, channel: 'jsapi' | 'h5') => {
    const tradeNo = `${orderNo}T2`;
    await t.database.db
      .insertInto('payment_attempts')
      .values({
        order_id: orderId,
        out_trade_no: tradeNo,
        channel,
        ...(channel === 'jsapi'
          ? { openid: 'o-test-openid', prepay_id: 'wx-test-prepay' }
          : { h5_url: 'https://example.test/h5' }),
        created_at: t.clock.now(),
      })
      .execute();
    return tradeNo;
  };
  const attemptsOf = (orderId: number) =>
    t.database.db
      .selectFrom('payment_attempts')
      .select(['out_trade_no', 'channel', 'closed_at'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
  const paymentsOf = (orderId: number) =>
    t.database.db
      .selectFrom('payments')
      .select(['out_trade_no', 'refund_due', 'flag'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
  const stateOf = async (orderId: number) =>
    (
      await t.database.db
        .selectFrom('orders')
        .select('state')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).state;

  it('makes an order’s QR as its first attempt, under the order’s own number, once', async () => {
    const order = await unpaidOrder();
    expect(await attemptsOf(order.id)).toEqual([
      { out_trade_no: order.no, channel: 'native', closed_at: null },
    ]);
  });

  it('settles the order of the attempt a notification names, and keeps the trade on the payment', async () => {
    const order = await unpaidOrder();
    expect((await notify(order.no, order.amount_fen)).body.message).toBe('paid');
    expect(await stateOf(order.id)).toBe(ORDER_STATE.paid);
    expect(await paymentsOf(order.id)).toEqual([{ out_trade_no: order.no, refund_due: false, flag: null }]);
  });

  it('refuses money on a trade no attempt has, and records nothing', async () => {
    const before = await t.database.db
      .selectFrom('payments')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const answer = await notify('WF2099010100000099999', 100);
    expect(answer.status).toBe(404);
    expect(answer.body.msg).toBe(PAYMENT_MESSAGES.notFound);
    const after = await t.database.db
      .selectFrom('payments')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(after.count)).toBe(Number(before.count));
  });

  it('settles an order paid on two attempts once, owes the second payment back and refunds it on its own trade', async () => {
    const order = await unpaidOrder();
    // A second attempt on another channel (a JSAPI trade, as the phone's checkout will make it).
    const second = await secondAttempt(order.id, order.no, 'jsapi');
    // Both paid: the close of the first raced its payment.
    expect((await notify(order.no, order.amount_fen)).body.message).toBe('paid');
    expect((await notify(second, order.amount_fen)).body.message).toBe('refund-due');
    expect(await stateOf(order.id)).toBe(ORDER_STATE.paid);
    expect(await paymentsOf(order.id)).toEqual([
      { out_trade_no: order.no, refund_due: false, flag: null },
      { out_trade_no: second, refund_due: true, flag: 'already_paid' },
    ]);

    const refund = await t.services.reconciliation.refund(order.no);
    expect(refund.status).toBe('success');
    // Asked once, on the trade the second payment came through, for that payment's amount.
    expect(asked.filter((r) => r.outTradeNo.startsWith(order.no))).toEqual([
      expect.objectContaining({
        outTradeNo: second,
        amountFen: order.amount_fen,
        totalFen: order.amount_fen,
      }),
    ]);
  });

  it('asks about every open attempt of an unpaid order after a minute, and settles a lost JSAPI payment', async () => {
    const order = await unpaidOrder();
    const second = await secondAttempt(order.id, order.no, 'jsapi');
    lost.set(second, {
      outTradeNo: second,
      transactionId: `4200${order.id}`,
      amountFen: order.amount_fen,
      currency: 'CNY',
      paidAt: t.clock.now(),
    });
    // Nothing is asked about before the attempt is a minute old.
    await t.services.reconciliation.queryOpen();
    expect(queried.filter((no) => no.startsWith(order.no))).toEqual([]);
    t.clock.advance(61);
    // Each sweep asks a batch of the oldest due attempts: sweep until this order's were asked.
    for (let sweep = 0; sweep < 5 && !queried.includes(second); sweep += 1)
      await t.services.reconciliation.queryOpen();
    expect(queried.filter((no) => no.startsWith(order.no)).sort()).toEqual([order.no, second].sort());
    expect(await stateOf(order.id)).toBe(ORDER_STATE.paid);
    expect(await paymentsOf(order.id)).toEqual([{ out_trade_no: second, refund_due: false, flag: null }]);
  });

  it('closes every open attempt of an order its believer cancels, at the gateway, first', async () => {
    const order = await unpaidOrder();
    const second = await secondAttempt(order.id, order.no, 'h5');
    const { id: userId } = await t.database.db
      .selectFrom('orders')
      .select('user_id as id')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(await t.services.reconciliation.closeBeforeCancel(order.no, userId)).toBe('closed');
    expect(closed.filter((no) => no.startsWith(order.no))).toEqual([order.no, second]);
    const attempts = await attemptsOf(order.id);
    expect(attempts.map((a) => [a.out_trade_no, a.closed_at !== null])).toEqual([
      [order.no, true],
      [second, true],
    ]);
  });
});
