import { CONSOLE_MESSAGES } from '@contract/console';
import {
  type CounterField,
  counterPaymentMachine,
  fenOf,
  judgeCounterPayment,
  yuanOf,
} from '@machines/counter-payment.machine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { deferred } from '../support/deferred';
import {
  BAD_RECEIPT,
  GOOD_RECEIPT,
  modelCounterOrder,
} from '../support/statecharts/fixtures/counter-payment';

/** The machine with fakes that record every effect: payments sent (held), toasts, focus. */
const start = () => {
  const sent: { outTradeNo: string; payment: unknown; answer: ReturnType<typeof deferred<unknown>> }[] = [];
  const effects: string[] = [];
  const actor = createActor(
    counterPaymentMachine.provide({
      actors: {
        recordPayment: fromPromise(({ input }) => {
          const answer = deferred<unknown>();
          sent.push({ ...input, answer });
          return answer.promise;
        }),
      },
      actions: {
        paymentRecorded: (_, no) => effects.push(`recorded ${no}`),
        focusField: (_, field) => effects.push(`focus ${field}`),
      },
    }),
  ).start();
  const send = actor.send.bind(actor);
  const change = (field: CounterField, value: string) => send({ type: 'payment.change', field, value });
  const fill = () => {
    change('method', 'pos');
    change('receiptNo', ` ${GOOD_RECEIPT} `);
    change('note', ' 王师兄收讫 ');
  };
  const state = () => actor.getSnapshot();
  return { actor, send, change, fill, state, sent, effects, settle: () => vi.advanceTimersByTimeAsync(0) };
};

describe('counter payment journeys', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads yuan as fen and back', () => {
    expect(yuanOf(1_200_000)).toBe('12000.00');
    expect(fenOf('12000')).toBe(1_200_000);
    expect(fenOf('0.1')).toBe(10);
    expect(fenOf('19.99')).toBe(1999);
    expect(fenOf('1.234')).toBeNaN();
    expect(fenOf('-5')).toBeNaN();
    expect(fenOf('')).toBeNaN();
  });

  it('a recorded payment sends exactly one request, with the fen amount and the method', async () => {
    const { send, fill, state, sent, effects, settle } = start();
    send({ type: 'payment.open', order: modelCounterOrder });
    expect(state().context.values.amount).toBe('12000.00');
    fill();
    send({ type: 'payment.review' });
    expect(state().value).toBe('reviewing');
    expect(sent).toHaveLength(0);
    send({ type: 'payment.confirm' });
    expect(state().value).toBe('recording');
    expect(state().hasTag('busy')).toBe(true);
    // A second press while it is sent is not taken, nor is a cancel.
    send({ type: 'payment.confirm' });
    send({ type: 'payment.cancel' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      outTradeNo: modelCounterOrder.outTradeNo,
      payment: { method: 'pos', amountFen: 1_200_000, receiptNo: GOOD_RECEIPT, note: '王师兄收讫' },
    });
    sent[0]?.answer.resolve(null);
    await settle();
    expect(state().value).toBe('recorded');
    expect(effects).toEqual([`recorded ${modelCounterOrder.outTradeNo}`]);
  });

  it('judges the form with the contract: each error kept beside its field, the first focused, nothing sent', () => {
    const { send, change, state, sent, effects } = start();
    send({ type: 'payment.open', order: modelCounterOrder });
    change('amount', '100');
    change('receiptNo', BAD_RECEIPT);
    send({ type: 'payment.review' });
    expect(state().value).toBe('editing');
    expect(state().context.errors).toEqual({
      method: CONSOLE_MESSAGES.methodEmpty,
      amount: CONSOLE_MESSAGES.amountMismatch,
      receiptNo: CONSOLE_MESSAGES.receiptInvalid,
    });
    expect(effects).toEqual(['focus method']);
    // A change takes away its own field's message only.
    change('method', 'cash');
    expect(Object.keys(state().context.errors).sort()).toEqual(['amount', 'receiptNo']);
    change('amount', 'abc');
    send({ type: 'payment.review' });
    expect(effects.at(-1)).toBe('focus amount');
    expect(state().context.errors.amount).toBe(CONSOLE_MESSAGES.amountMismatch);
    expect(sent).toHaveLength(0);
    expect(
      judgeCounterPayment({ method: 'cash', amount: '12000', receiptNo: 'A1', note: '' }, modelCounterOrder),
    ).toEqual({});
  });

  it('a server refusal keeps what was entered: back to the form, or tried again', async () => {
    const { send, fill, state, sent, settle } = start();
    send({ type: 'payment.open', order: modelCounterOrder });
    fill();
    send({ type: 'payment.review' });
    send({ type: 'payment.confirm' });
    sent[0]?.answer.reject(new Error(CONSOLE_MESSAGES.nothingOwed));
    await settle();
    expect(state().value).toBe('failed');
    expect(state().hasTag('error')).toBe(true);
    expect(state().context.refusal).toBe(CONSOLE_MESSAGES.nothingOwed);
    send({ type: 'payment.back' });
    expect(state().value).toBe('editing');
    expect(state().context.refusal).toBeNull();
    expect(state().context.values).toMatchObject({ method: 'pos', receiptNo: ` ${GOOD_RECEIPT} ` });
    send({ type: 'payment.review' });
    send({ type: 'payment.confirm' });
    sent[1]?.answer.reject(new Error(''));
    await settle();
    // Without the server's words (the network), the console's own.
    expect(state().context.refusal).toBe(CONSOLE_MESSAGES.failed);
    send({ type: 'payment.confirm' });
    expect(sent).toHaveLength(3);
  });

  it('cancel sends nothing, from the form or the review, and the next order starts afresh', () => {
    const { send, fill, state, sent, effects } = start();
    send({ type: 'payment.open', order: modelCounterOrder });
    fill();
    send({ type: 'payment.cancel' });
    expect(state().value).toBe('idle');
    send({ type: 'payment.open', order: { ...modelCounterOrder, outTradeNo: 'WF2', amountFen: 500_000 } });
    expect(state().context.values).toEqual({ method: '', amount: '5000.00', receiptNo: '', note: '' });
    fill();
    change5000(send);
    send({ type: 'payment.review' });
    expect(state().value).toBe('reviewing');
    send({ type: 'payment.cancel' });
    expect(state().value).toBe('idle');
    expect(sent).toHaveLength(0);
    expect(effects).toEqual([]);
  });
});

const change5000 = (send: ReturnType<typeof start>['send']) =>
  send({ type: 'payment.change', field: 'amount', value: '5000' });
