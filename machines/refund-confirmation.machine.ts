import { CONSOLE_MESSAGES } from '@contract/console';
import { assign, setup } from 'xstate';
import { messageOf, unprovided } from './effects';

/**
 * Refunding money owed back (a `refund_due` payment) through the gateway, from 退款 (财务): one
 * dialog, open from a row's 退款 until the clerk closes it, with two confirmations before anything
 * is sent.
 *
 * | state        | the finance member sees                                                       |
 * | ------------ | ----------------------------------------------------------------------------- |
 * | idle         | no dialog: the list of payments owed back, each with 退款                        |
 * | confirming   | 确认退款: the order number, what it was for, the amount and why it is owed        |
 * |              | (the payment's flag); 下一步 and 取消                                            |
 * | reconfirming | 再次确认: the same, and a field 订单号后四位 to type; 确认退款 and 取消; typed      |
 * |              | wrong (or not at all) the field says so and keeps the focus                     |
 * | refunding    | the same, 确认退款 pending (tag busy), nothing pressable                         |
 * | refunded     | 退款已提交: the refund number and its status; 关闭                               |
 * | failed       | the server's refusal (already under way, nothing to refund, gateway away) in    |
 * |              | the dialog (tag error); 关闭                                                    |
 *
 * The second confirmation is typing the last four characters of the order number (not a second
 * button press in the same place): a reflex double click cannot refund, and the member has read
 * which order it is. The refund is sent once, from `refunding`; while it is sent the dialog cannot
 * be closed. A refusal is not retried from the dialog: closing it asks the list again, which shows
 * where the refund stands.
 */
export interface RefundTarget {
  outTradeNo: string;
  description: string;
  amountFen: number;
  flag: string | null;
}

export interface RefundResult {
  outRefundNo: string | null;
  refundStatus: string | null;
}

export interface RefundConfirmationContext {
  target: RefundTarget | null;
  digits: string;
  error: string | null;
  refusal: string | null;
  result: RefundResult | null;
}

export type RefundConfirmationEvent =
  | { type: 'refund.start'; target: RefundTarget }
  | { type: 'refund.confirm' }
  | { type: 'refund.digits'; value: string }
  | { type: 'refund.reconfirm' }
  | { type: 'refund.cancel' }
  | { type: 'refund.close' };

/** What the second confirmation asks to be typed: the order number's last four characters. */
export const lastFourOf = (outTradeNo: string): string => outTradeNo.slice(-4);

export const digitsMatch = (context: Pick<RefundConfirmationContext, 'target' | 'digits'>): boolean =>
  context.target !== null && context.digits.trim() === lastFourOf(context.target.outTradeNo);

export const refundConfirmationMachine = setup({
  types: {
    context: {} as RefundConfirmationContext,
    events: {} as RefundConfirmationEvent,
    children: {} as { refund: 'refund' },
    tags: {} as 'busy' | 'error',
  },
  actors: {
    refund: unprovided<RefundResult, { outTradeNo: string }>('refund'),
  },
  guards: {
    isConfirmed: ({ context }) => digitsMatch(context),
  },
  actions: {
    /** The refunds list (and Today's count) are asked again: the refund is asked, or was refused. */
    refundsChanged: () => {},
    /** The typed field keeps the focus after a wrong confirmation. */
    focusDigits: () => {},
    assignTarget: assign((_, target: RefundTarget) => ({
      target,
      digits: '',
      error: null,
      refusal: null,
      result: null,
    })),
    assignDigits: assign({ digits: (_, value: string) => value, error: null }),
    assignDigitsError: assign({ error: CONSOLE_MESSAGES.refundDigits }),
    assignResult: assign({ result: (_, result: RefundResult) => result }),
    assignRefusal: assign({ refusal: (_, message: string) => message }),
  },
}).createMachine({
  id: 'refundConfirmation',
  context: { target: null, digits: '', error: null, refusal: null, result: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'refund.start': {
          target: 'confirming',
          actions: { type: 'assignTarget', params: ({ event }) => event.target },
        },
      },
    },
    confirming: {
      on: { 'refund.confirm': 'reconfirming', 'refund.cancel': 'idle' },
    },
    reconfirming: {
      on: {
        'refund.digits': { actions: { type: 'assignDigits', params: ({ event }) => event.value } },
        'refund.reconfirm': [
          { guard: 'isConfirmed', target: 'refunding' },
          { actions: ['assignDigitsError', 'focusDigits'] },
        ],
        'refund.cancel': 'idle',
      },
    },
    refunding: {
      tags: ['busy'],
      invoke: {
        id: 'refund',
        src: 'refund',
        input: ({ context }) => ({ outTradeNo: (context.target as RefundTarget).outTradeNo }),
        onDone: {
          target: 'refunded',
          actions: [{ type: 'assignResult', params: ({ event }) => event.output }, 'refundsChanged'],
        },
        onError: {
          target: 'failed',
          actions: [
            { type: 'assignRefusal', params: ({ event }) => messageOf(event.error, CONSOLE_MESSAGES.failed) },
            'refundsChanged',
          ],
        },
      },
    },
    refunded: { on: { 'refund.close': 'idle' } },
    failed: { tags: ['error'], on: { 'refund.close': 'idle' } },
  },
});
