import { type PayOnAnswer, type PayResultAnswer, PHONE_PAYMENT } from '@contract/payment';
import { channelFor, ON_A_COMPUTER, paymentMachine } from '@machines/payment.machine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { deferred } from '../support/deferred';

const input = {
  outTradeNo: 'WF20261122100000000001',
  codeUrl: 'http://x/pay/sandbox/WF1',
  expiresAt: '',
  description: '功德供养·佛前供灯',
  amount: 200,
  device: ON_A_COMPUTER,
};

/** A payment actor whose status answers come from `answers`, in order; counts the queries. */
const start = (answers: (PayResultAnswer | Error)[]) => {
  const queries: number[] = [];
  const actor = createActor(
    paymentMachine.provide({
      actors: {
        queryStatus: fromPromise(async () => {
          queries.push(Date.now());
          const answer = answers.shift() ?? { code: 0, msg: '0' };
          if (answer instanceof Error) throw answer;
          return answer;
        }),
      },
    }),
    { input },
  ).start();
  return { actor, queries };
};

describe('the way of paying, from the device the view passed in', () => {
  it.each([
    [{ phone: false }, 'http://localhost/pay/sandbox/WF1', 'scanQr'],
    [{ phone: false }, 'weixin://wxpay/bizpayurl?pr=abc', 'scanQr'],
    [{ phone: true }, 'http://localhost/pay/sandbox/WF1', 'openPayPage'],
    [{ phone: true }, 'HTTPS://temple.example.org/pay/sandbox/WF1', 'openPayPage'],
    [{ phone: true }, 'weixin://wxpay/bizpayurl?pr=abc', 'payElsewhere'],
    [{ phone: false, inWechat: true, jsapi: true, wechatVisit: 'v', h5: true }, 'weixin://x', 'scanQr'],
    [{ phone: true, inWechat: true, jsapi: true, wechatVisit: 'v' }, 'weixin://x', 'jsapi'],
    // Inside WeChat without this tab's login (it failed): not H5, which WeChat's browser cannot open.
    [{ phone: true, inWechat: true, jsapi: true, wechatVisit: null, h5: true }, 'weixin://x', 'payElsewhere'],
    [{ phone: true, h5: true, jsapi: true }, 'weixin://x', 'h5'],
    [{ phone: true, jsapi: true }, 'weixin://x', 'openInWechat'],
    [{ phone: true, jsapi: true }, 'http://localhost/pay/sandbox/WF1', 'openPayPage'],
  ] as const)('%j with %s: %s', (device, codeUrl, channel) => {
    expect(channelFor(device, codeUrl)).toBe(channel);
    const actor = createActor(paymentMachine, { input: { ...input, device, codeUrl } });
    expect(actor.getSnapshot().context.channel).toBe(channel);
  });
});

describe('payment poll', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it('queries one second after opening and one second after each answer, until paid', async () => {
    const { actor, queries } = start([{ code: 0, msg: '0' }, new Error('network'), { code: 0, msg: '1' }]);
    await vi.advanceTimersByTimeAsync(999);
    expect(queries).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(queries).toEqual([1000]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(queries).toEqual([1000, 2000]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(queries).toHaveLength(3);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ paid: true });
  });

  it('stops at once when the dialog closes', async () => {
    const { actor, queries } = start([]);
    await vi.advanceTimersByTimeAsync(3000);
    const before = queries.length;
    actor.send({ type: 'payment.close' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(queries.length).toBe(before);
    expect(actor.getSnapshot().output).toEqual({ paid: false });
  });

  it('stops, and says why, when the hold has run out', async () => {
    const { actor, queries } = start([
      { code: 0, msg: '0' },
      { code: 0, msg: '5' },
    ]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(actor.getSnapshot().matches('expired')).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(queries).toHaveLength(2);
    actor.send({ type: 'payment.close' });
    expect(actor.getSnapshot().output).toEqual({ paid: false });
  });

  it('closing while a status query is in flight ends the poll: its answer is ignored and no query follows', async () => {
    const inFlight = deferred<PayResultAnswer>();
    const queries: number[] = [];
    const actor = createActor(
      paymentMachine.provide({
        actors: {
          queryStatus: fromPromise(() => {
            queries.push(Date.now());
            return inFlight.promise;
          }),
        },
      }),
      { input },
    ).start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().matches({ polling: { query: 'querying' } })).toBe(true);
    expect(queries).toHaveLength(1);

    actor.send({ type: 'payment.close' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ paid: false });

    // The query answers "paid" after the believer closed: the dialog stays closed, nothing more is asked.
    inFlight.resolve({ code: 0, msg: '1' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(actor.getSnapshot().output).toEqual({ paid: false });
    expect(queries).toHaveLength(1);
  });
});

describe('paying inside WeChat (JSAPI): only the server says paid', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  const inWechat = { phone: true, inWechat: true, jsapi: true, wechatVisit: 'visit-token' };
  const invoke = {
    appId: 'wx1',
    timeStamp: '1',
    nonceStr: 'n',
    package: 'prepay_id=wx1',
    signType: 'RSA' as const,
    paySign: 's',
  };
  const startInWechat = (payOn: () => Promise<PayOnAnswer>, statuses: PayResultAnswer[] = []) => {
    const asked: unknown[] = [];
    const actor = createActor(
      paymentMachine.provide({
        actors: {
          queryStatus: fromPromise(async () => statuses.shift() ?? { code: 0, msg: '0' }),
          payOn: fromPromise(async ({ input }) => {
            asked.push(input);
            return payOn();
          }),
        },
      }),
      { input: { ...input, codeUrl: 'weixin://wxpay/bizpayurl?pr=1', device: inWechat } },
    ).start();
    return { actor, asked };
  };
  const way = (actor: { getSnapshot(): { value: unknown } }) =>
    (actor.getSnapshot().value as { polling?: { way?: unknown } }).polling?.way;

  it("asks the server for the pay sheet with this tab's visit, then offers 微信支付", async () => {
    const { actor, asked } = startInWechat(async () => ({
      paid: false,
      code_img_url: '',
      invoke,
      h5_url: '',
    }));
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toEqual([{ outTradeNo: input.outTradeNo, channel: 'jsapi', visit: 'visit-token' }]);
    expect(way(actor)).toEqual({ jsapi: 'ready' });
    expect(actor.getSnapshot().context.invoke).toEqual(invoke);
  });

  it('ok from the bridge alone is not paid: the dialog waits until the poll says so', async () => {
    const { actor } = startInWechat(
      async () => ({ paid: false, code_img_url: '', invoke, h5_url: '' }),
      [
        { code: 0, msg: '0' },
        { code: 0, msg: '0' },
        { code: 0, msg: '1' },
      ],
    );
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'jsapi.tap' });
    actor.send({ type: 'jsapi.answer', result: 'ok' });
    expect(way(actor)).toEqual({ jsapi: 'confirming' });
    expect(actor.getSnapshot().status).toBe('active');
    await vi.advanceTimersByTimeAsync(2000);
    expect(actor.getSnapshot().status).toBe('active');
    expect(way(actor)).toEqual({ jsapi: 'confirming' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().output).toEqual({ paid: true });
  });

  it('a cancel or a failure keeps the order payable: 微信支付 again, with why', async () => {
    const { actor } = startInWechat(async () => ({ paid: false, code_img_url: '', invoke, h5_url: '' }));
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'jsapi.tap' });
    actor.send({ type: 'jsapi.answer', result: 'cancel' });
    expect(way(actor)).toEqual({ jsapi: 'ready' });
    expect(actor.getSnapshot().context.notice).toBe(PHONE_PAYMENT.jsapiCancelled);
    actor.send({ type: 'jsapi.tap' });
    actor.send({ type: 'jsapi.answer', result: 'fail' });
    expect(actor.getSnapshot().context.notice).toBe(PHONE_PAYMENT.jsapiFailed);
    // The tap while the sheet is open is not a second sheet.
    actor.send({ type: 'jsapi.tap' });
    actor.send({ type: 'jsapi.tap' });
    expect(way(actor)).toEqual({ jsapi: 'invoking' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(actor.getSnapshot().status).toBe('active');
  });

  it('an order found paid as the server closed its earlier attempt ends paid, with no sheet', async () => {
    const { actor } = startInWechat(async () => ({ paid: true, code_img_url: '', invoke: null, h5_url: '' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().output).toEqual({ paid: true });
  });

  it('a refused or failed call says why and 重试 asks again', async () => {
    const answers = [
      () => Promise.reject(new Error('请在微信中重新打开本页后再付款')),
      () => Promise.reject(new Error('')),
      async () => ({ paid: false, code_img_url: '', invoke, h5_url: '' }),
    ];
    const { actor, asked } = startInWechat(() => (answers.shift() as () => Promise<PayOnAnswer>)());
    await vi.advanceTimersByTimeAsync(0);
    expect(way(actor)).toEqual({ jsapi: 'failed' });
    expect(actor.getSnapshot().context.notice).toBe('请在微信中重新打开本页后再付款');
    actor.send({ type: 'payment.retry' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.notice).toBe(PHONE_PAYMENT.wayUnavailable);
    actor.send({ type: 'payment.retry' });
    await vi.advanceTimersByTimeAsync(0);
    expect(way(actor)).toEqual({ jsapi: 'ready' });
    expect(actor.getSnapshot().context.notice).toBeNull();
    expect(asked).toHaveLength(3);
  });
});

describe('paying in another phone browser (H5)', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it('asks for the cashier and keeps polling: a payment there ends the dialog as paid', async () => {
    const asked: unknown[] = [];
    const statuses: PayResultAnswer[] = [{ code: 0, msg: '1' }];
    const actor = createActor(
      paymentMachine.provide({
        actors: {
          queryStatus: fromPromise(async () => statuses.shift() ?? { code: 0, msg: '0' }),
          payOn: fromPromise(async ({ input: asking }) => {
            asked.push(asking);
            return {
              paid: false,
              code_img_url: '',
              invoke: null,
              h5_url: 'https://wx.tenpay.com/h5?prepay_id=1',
            };
          }),
        },
      }),
      { input: { ...input, codeUrl: 'weixin://x', device: { phone: true, h5: true } } },
    ).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toEqual([{ outTradeNo: input.outTradeNo, channel: 'h5', visit: null }]);
    expect(actor.getSnapshot().context.h5Url).toBe('https://wx.tenpay.com/h5?prepay_id=1');
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().output).toEqual({ paid: true });
  });
});
