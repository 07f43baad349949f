import { CONSOLE_MESSAGES } from '@contract/console';
import { PAYMENT_MESSAGES } from '@contract/payment';
import { type RefundResult, refundConfirmationMachine } from '@machines/refund-confirmation.machine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { deferred } from '../support/deferred';
import { modelRefundResult, modelRefundTarget } from '../support/statecharts/fixtures/refund-confirmation';

const start = () => {
  const sent: { outTradeNo: string; answer: ReturnType<typeof deferred<RefundResult>> }[] = [];
  const effects: string[] = [];
  const actor = createActor(
    refundConfirmationMachine.provide({
      actors: {
        refund: fromPromise(({ input }) => {
          const answer = deferred<RefundResult>();
          sent.push({ ...input, answer });
          return answer.promise;
        }),
      },
      actions: {
        refundsChanged: () => effects.push('refresh'),
        focusDigits: () => effects.push('focus'),
      },
    }),
  ).start();
  const send = actor.send.bind(actor);
  const state = () => actor.getSnapshot();
  return { send, state, sent, effects, settle: () => vi.advanceTimersByTimeAsync(0) };
};

describe('refund confirmation journeys', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('needs both confirmations, then sends once and shows the refund number', async () => {
    const { send, state, sent, effects, settle } = start();
    send({ type: 'refund.start', target: modelRefundTarget });
    expect(state().value).toBe('confirming');
    // The second confirmation's press does nothing before the first.
    send({ type: 'refund.reconfirm' });
    expect(state().value).toBe('confirming');
    send({ type: 'refund.confirm' });
    expect(state().value).toBe('reconfirming');
    expect(sent).toHaveLength(0);
    send({ type: 'refund.digits', value: '0031' });
    send({ type: 'refund.reconfirm' });
    expect(state().value).toBe('refunding');
    expect(state().hasTag('busy')).toBe(true);
    send({ type: 'refund.reconfirm' });
    send({ type: 'refund.cancel' });
    expect(sent).toEqual([expect.objectContaining({ outTradeNo: modelRefundTarget.outTradeNo })]);
    sent[0]?.answer.resolve(modelRefundResult);
    await settle();
    expect(state().value).toBe('refunded');
    expect(state().context.result).toEqual(modelRefundResult);
    expect(effects).toEqual(['refresh']);
    send({ type: 'refund.close' });
    expect(state().value).toBe('idle');
    expect(sent).toHaveLength(1);
  });

  it('refuses a wrong or missing last four: the field says so and keeps the focus, nothing is sent', () => {
    const { send, state, sent, effects } = start();
    send({ type: 'refund.start', target: modelRefundTarget });
    send({ type: 'refund.confirm' });
    send({ type: 'refund.reconfirm' });
    expect(state().value).toBe('reconfirming');
    expect(state().context.error).toBe(CONSOLE_MESSAGES.refundDigits);
    send({ type: 'refund.digits', value: '1234' });
    expect(state().context.error).toBeNull();
    send({ type: 'refund.reconfirm' });
    expect(state().context.error).toBe(CONSOLE_MESSAGES.refundDigits);
    expect(effects).toEqual(['focus', 'focus']);
    send({ type: 'refund.cancel' });
    expect(state().value).toBe('idle');
    expect(sent).toHaveLength(0);
  });

  it('shows a refusal in the dialog, asks the list again, and a new start begins at the first confirmation', async () => {
    const { send, state, sent, effects, settle } = start();
    send({ type: 'refund.start', target: modelRefundTarget });
    send({ type: 'refund.confirm' });
    send({ type: 'refund.digits', value: ' 0031 ' });
    send({ type: 'refund.reconfirm' });
    sent[0]?.answer.reject(new Error(PAYMENT_MESSAGES.refundUnderWay));
    await settle();
    expect(state().value).toBe('failed');
    expect(state().context.refusal).toBe(PAYMENT_MESSAGES.refundUnderWay);
    expect(effects).toEqual(['refresh']);
    // No retry from the failed dialog: only 关闭.
    send({ type: 'refund.reconfirm' });
    expect(sent).toHaveLength(1);
    send({ type: 'refund.close' });
    send({ type: 'refund.start', target: modelRefundTarget });
    expect(state().value).toBe('confirming');
    expect(state().context).toMatchObject({ digits: '', error: null, refusal: null, result: null });
  });
});
