import type { PayResultAnswer } from '@contract/payment';
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
    expect(actor.getSnapshot().matches({ polling: 'querying' })).toBe(true);
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
