import { CONSOLE_MESSAGES, consoleApi, todaySchema } from '@contract/console';
import { PAYMENT_MESSAGES } from '@contract/payment';
import { STAFF_MESSAGES } from '@contract/staff';
import type { PaymentGateway, RefundRequest } from '@server/gateways/payment';
import { createSandboxGateway } from '@server/gateways/sandbox-gateway';
import { createWechatClient } from '@server/gateways/wechat-client';
import { createWechatGateway } from '@server/gateways/wechat-gateway';
import { consoleCall, type TestStaff, useStaffSessions } from '@tests/support/staff';
import { TEST_SECRET, type TestApp, useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { lampOrder, placeOrder } from '@tests/support/user-centre';
import { serveOverHttp, useFakeWechatPay, wechatConfigFor } from '@tests/support/wechat-test-gateway';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The 财务's and the 客堂's staff, made once and signed in afresh for each test. */
const useStaff = (t: TestApp) => useStaffSessions(t, { finance: ['finance'], clerk: ['clerk'] });

const refundsOf = async (t: TestApp, staff: TestStaff) => {
  const res = await consoleCall(t, 'GET', '/admin/api/refunds', { cookie: staff.cookie });
  expect(res.status, res.body.msg).toBe(200);
  return v.parse(consoleApi.refunds.response, res.body).data;
};
const confirmRefund = (t: TestApp, staff: TestStaff, no: string, body: unknown = { confirm: true }) =>
  consoleCall(t, 'POST', `/admin/api/refunds/${no}`, { cookie: staff.cookie, body });
const auditRows = (t: TestApp, no: string) =>
  t.database.db
    .selectFrom('staff_audit')
    .select(['username', 'after'])
    .where('action', '=', 'payment.refunded')
    .where('subject', '=', `order:${no}`)
    .execute();

/**
 * Issue 24: the refunds (财务): the payments owed back, and a refund through the gateway with a second
 * confirmation, exactly once however many confirmations race; a clerk cannot (403).
 */
describe.each(databaseKinds())('console refunds with the sandbox on %s', (kind) => {
  const asked: RefundRequest[] = [];
  const t = useTestApp(kind, {
    gateway: (): PaymentGateway => {
      const sandbox = createSandboxGateway(TEST_SECRET);
      return {
        ...sandbox,
        refund: async (request) => {
          asked.push(request);
          // The gateway answers a little later: the races below overlap the call.
          await new Promise((done) => setTimeout(done, 20));
          return (sandbox as PaymentGateway).refund(request);
        },
      };
    },
  });
  const staff = useStaff(t);
  const sandbox = createSandboxGateway(TEST_SECRET);
  let believers = 0;
  /** An online merit order of a believer of its own (an unpaid order of one subject is resumed). */
  const lampOfNewBeliever = async () => {
    const phone = `1370025${String(believers++).padStart(4, '0')}`;
    return placeOrder(t, await lampOrder(t, phone), await t.login(phone));
  };

  /** An online order paid with a wrong amount: the money is recorded and owed back. */
  const owedBack = async () => {
    const no = await lampOfNewBeliever();
    const { amount_fen } = await t.database.db
      .selectFrom('orders')
      .select('amount_fen')
      .where('out_trade_no', '=', no)
      .executeTakeFirstOrThrow();
    const { body, signature } = sandbox.signedNotification(no, amount_fen + 100, t.clock.now());
    const res = await t.app.request('/pay/notify/sandbox', {
      method: 'POST',
      body,
      headers: { 'x-sandbox-signature': signature },
    });
    expect(res.status).toBe(200);
    return { no, amountFen: amount_fen + 100 };
  };
  const today = async () =>
    v.parse(
      todaySchema,
      (await consoleCall(t, 'GET', '/admin/api/today', { cookie: staff.finance.cookie })).body.data,
    );

  it('lists the payments owed back and refunds one once when ten confirmations race', async () => {
    const { no, amountFen } = await owedBack();
    const listed = (await refundsOf(t, staff.finance)).find((r) => r.outTradeNo === no);
    expect(listed).toMatchObject({
      amountFen,
      flag: 'amount_mismatch',
      refundStatus: null,
      outRefundNo: null,
    });
    const waiting = (await today()).refundsWaiting;
    expect(waiting).toBeGreaterThan(0);

    const answers = await Promise.all(Array.from({ length: 10 }, () => confirmRefund(t, staff.finance, no)));
    const done = answers.filter((a) => a.status === 200);
    expect(done).toHaveLength(1);
    // The others are refused: while the refund is under way, or, arriving once it is done (a
    // busy machine spreads the ten out), as refunded.
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(9);
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      expect([PAYMENT_MESSAGES.refundUnderWay, PAYMENT_MESSAGES.refunded]).toContain(answer.body.msg);
    }
    expect(asked.filter((r) => r.outTradeNo === no)).toHaveLength(1);
    expect(done[0]?.body.data).toMatchObject({ outTradeNo: no, refundStatus: 'success', amountFen });
    expect(await auditRows(t, no)).toEqual([
      // Written with the request, before the gateway answered: who asked, for which refund number.
      {
        username: staff.finance.username,
        after: expect.objectContaining({ refundStatus: 'asked', outRefundNo: expect.stringMatching(/^RF/) }),
      },
    ]);
    expect((await today()).refundsWaiting).toBe(waiting - 1);

    const again = await confirmRefund(t, staff.finance, no);
    expect([again.status, again.body.msg]).toEqual([409, PAYMENT_MESSAGES.refunded]);
  });

  it('asks for the second confirmation, refuses a clerk, and knows no refund for an order that owes nothing', async () => {
    const { no } = await owedBack();
    const unconfirmed = await confirmRefund(t, staff.finance, no, { confirm: false });
    expect([unconfirmed.status, unconfirmed.body.msg]).toEqual([400, CONSOLE_MESSAGES.confirmRequired]);
    const empty = await confirmRefund(t, staff.finance, no, {});
    expect([empty.status, empty.body.msg]).toEqual([400, CONSOLE_MESSAGES.confirmRequired]);
    for (const res of [
      await confirmRefund(t, staff.clerk, no),
      await consoleCall(t, 'GET', '/admin/api/refunds', { cookie: staff.clerk.cookie }),
    ]) {
      expect([res.status, res.body.msg]).toEqual([403, STAFF_MESSAGES.forbidden]);
    }
    expect(asked.filter((r) => r.outTradeNo === no)).toEqual([]);
    const unknown = await confirmRefund(t, staff.finance, 'WF20990101000000000001');
    expect([unknown.status, unknown.body.msg]).toEqual([404, CONSOLE_MESSAGES.orderNotFound]);
    const paid = await lampOfNewBeliever();
    const nothing = await confirmRefund(t, staff.finance, paid);
    expect([nothing.status, nothing.body.msg]).toEqual([409, PAYMENT_MESSAGES.nothingToRefund]);
  });
});

describe.each(databaseKinds())('console refunds through the fake WeChat Pay on %s', (kind) => {
  const wechat = useFakeWechatPay(() => t.clock.now());
  const t = useTestApp(kind, {
    gateway: () => {
      const config = wechatConfigFor(wechat.fake);
      return createWechatGateway(config, createWechatClient(config, { timeoutMs: 2000 }));
    },
  });
  const staff = useStaff(t);
  let http: Awaited<ReturnType<typeof serveOverHttp>>;
  let token = '';
  beforeAll(async () => {
    token = await t.login('13700025101');
    http = await serveOverHttp([t]);
    wechat.fake.setNotifyUrl(`${http.origin}/pay/notify/wechat`);
  }, 60_000);
  afterAll(() => http?.close());

  it('refunds money of the wrong amount once at WeChat, and follows WeChat’s refund notification', async () => {
    const no = await placeOrder(t, await lampOrder(t, '13700025101'), token);
    const order = await t.database.db
      .selectFrom('orders')
      .select('amount_fen')
      .where('out_trade_no', '=', no)
      .executeTakeFirstOrThrow();
    await wechat.fake.pay(no, { amountFen: order.amount_fen + 1 });
    await wechat.fake.settled();
    expect((await refundsOf(t, staff.finance)).find((r) => r.outTradeNo === no)).toMatchObject({
      flag: 'amount_mismatch',
      refundStatus: null,
    });

    const answers = await Promise.all([
      confirmRefund(t, staff.finance, no),
      confirmRefund(t, staff.finance, no),
      confirmRefund(t, staff.finance, no),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const atWechat = wechat.fake.refunds().filter((r) => r.outTradeNo === no);
    expect(atWechat).toEqual([
      expect.objectContaining({ refundFen: order.amount_fen + 1, status: 'PROCESSING' }),
    ]);
    expect((await refundsOf(t, staff.finance)).find((r) => r.outTradeNo === no)?.refundStatus).toBe(
      'processing',
    );
    await wechat.fake.completeRefund(atWechat[0]?.outRefundNo ?? '', 'SUCCESS');
    await wechat.fake.settled();
    expect((await refundsOf(t, staff.finance)).find((r) => r.outTradeNo === no)?.refundStatus).toBe(
      'success',
    );
    expect(await auditRows(t, no)).toHaveLength(1);
  });
});
