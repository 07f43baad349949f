import {
  CONSOLE_MESSAGES,
  type CounterMethod,
  type RecordPayment,
  recordPaymentSchema,
} from '@contract/console';
import { fieldMessages } from '@contract/envelope';
import * as v from 'valibot';
import { assign, setup } from 'xstate';
import { messageOf, unprovided } from './effects';

/**
 * Recording a payment taken at the temple (到寺付款) for an unpaid order, from an order's page or
 * the reservations list: the dialog 登记到寺付款, open from `payment.open` until it is recorded or
 * left.
 *
 * | state     | the clerk sees                                                                   |
 * | --------- | -------------------------------------------------------------------------------- |
 * | idle      | no dialog (the page with its 登记到寺付款 buttons)                                 |
 * | editing   | the dialog's form: 付款方式 (现金, POS刷卡, 对公转账, 柜台扫码), 收款金额 in yuan     |
 * |           | (the order's amount, prefilled), 收据编号, 备注; each error beside its field, the   |
 * |           | first focused; 下一步 and 取消                                                      |
 * | reviewing | 请核对: the order, method, amount, receipt and note as they will be recorded;        |
 * |           | 确认登记, 返回修改, 取消                                                            |
 * | recording | the same, 确认登记 pending (tag busy), nothing else pressable                       |
 * | failed    | the same with the server's refusal above the buttons (tag error); 确认登记 tries     |
 * |           | again, 返回修改 goes back to the form with everything entered kept                  |
 * | recorded  | no dialog: the toast 已登记付款，确认短信将发送给信众, the order's page asked again  |
 *
 * The form is judged by the contract's `recordPaymentSchema` (the amount typed in yuan is sent in
 * fen), and the amount must be the order's whole amount (the server compares as well). Only a
 * valid form reaches the review, and only the review's 确认登记 sends: one request per press, none
 * when the clerk cancels. A new `payment.open` (another row) starts afresh.
 */
export type CounterField = 'method' | 'amount' | 'receiptNo' | 'note';

export interface CounterValues {
  method: CounterMethod | '';
  /** The amount as typed, in yuan ('12000.00'). */
  amount: string;
  receiptNo: string;
  note: string;
}

/** The order the payment is for. */
export interface CounterOrder {
  outTradeNo: string;
  description: string;
  amountFen: number;
}

export interface CounterPaymentContext {
  order: CounterOrder | null;
  values: CounterValues;
  errors: Partial<Record<CounterField, string>>;
  refusal: string | null;
}

export type CounterPaymentEvent =
  | { type: 'payment.open'; order: CounterOrder }
  | { type: 'payment.change'; field: CounterField; value: string }
  | { type: 'payment.review' }
  | { type: 'payment.back' }
  | { type: 'payment.confirm' }
  | { type: 'payment.cancel' };

/** The fields in the order the form shows them (the first with an error is focused). */
export const COUNTER_FIELDS: readonly CounterField[] = ['method', 'amount', 'receiptNo', 'note'];

/** Fen as yuan with two decimals (1200000 → '12000.00'). */
export const yuanOf = (fen: number): string => (fen / 100).toFixed(2);

/** Yuan as typed to whole fen ('12000' or '12000.5' → fen), or NaN for anything else. */
export const fenOf = (yuan: string): number => {
  const text = yuan.trim();
  return /^\d{1,9}(\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : Number.NaN;
};

const payloadOf = (values: CounterValues) => ({
  method: values.method,
  amountFen: fenOf(values.amount),
  receiptNo: values.receiptNo,
  note: values.note,
});

/** The form's errors by field (none: it can be reviewed): the contract's rules, and the order's amount. */
export const judgeCounterPayment = (
  values: CounterValues,
  order: CounterOrder,
): Partial<Record<CounterField, string>> => {
  const { amountFen, general: _, ...rest } = fieldMessages(recordPaymentSchema, payloadOf(values));
  const errors: Partial<Record<CounterField, string>> = rest;
  const amount =
    amountFen ?? (fenOf(values.amount) === order.amountFen ? undefined : CONSOLE_MESSAGES.amountMismatch);
  if (amount) errors.amount = amount;
  return errors;
};

/** What will be recorded (trimmed, in fen): the review shows it and the request sends it. */
export const recordedPaymentOf = (values: CounterValues): RecordPayment =>
  v.parse(recordPaymentSchema, payloadOf(values));

const blankValues = (order: CounterOrder): CounterValues => ({
  method: '',
  amount: yuanOf(order.amountFen),
  receiptNo: '',
  note: '',
});

export const counterPaymentMachine = setup({
  types: {
    context: {} as CounterPaymentContext,
    events: {} as CounterPaymentEvent,
    children: {} as { recordPayment: 'recordPayment' },
    tags: {} as 'busy' | 'error',
  },
  actors: {
    recordPayment: unprovided<unknown, { outTradeNo: string; payment: RecordPayment }>('recordPayment'),
  },
  guards: {
    isValid: ({ context }) =>
      context.order !== null && Object.keys(judgeCounterPayment(context.values, context.order)).length === 0,
  },
  actions: {
    /** The hook says it (toast) and asks the order's page and lists again. */
    paymentRecorded: (_, _outTradeNo: string) => {},
    /** The form focuses its first field with an error. */
    focusField: (_, _field: CounterField | undefined) => {},
    assignOrder: assign((_, order: CounterOrder) => ({
      order,
      values: blankValues(order),
      errors: {},
      refusal: null,
    })),
    assignValue: assign(({ context }, { field, value }: { field: CounterField; value: string }) => {
      const { [field]: _, ...errors } = context.errors;
      return { values: { ...context.values, [field]: value }, errors };
    }),
    assignErrors: assign(({ context }) => ({
      errors: context.order ? judgeCounterPayment(context.values, context.order) : {},
    })),
    clearErrors: assign({ errors: {}, refusal: null }),
    assignRefusal: assign({ refusal: (_, message: string) => message }),
  },
}).createMachine({
  id: 'counterPayment',
  context: {
    order: null,
    values: { method: '', amount: '', receiptNo: '', note: '' },
    errors: {},
    refusal: null,
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'payment.open': {
          target: 'editing',
          actions: { type: 'assignOrder', params: ({ event }) => event.order },
        },
      },
    },
    editing: {
      on: {
        'payment.change': { actions: { type: 'assignValue', params: ({ event }) => event } },
        'payment.review': [
          { guard: 'isValid', target: 'reviewing', actions: 'clearErrors' },
          {
            actions: [
              'assignErrors',
              {
                type: 'focusField',
                params: ({ context }) =>
                  context.order
                    ? COUNTER_FIELDS.find(
                        (f) => judgeCounterPayment(context.values, context.order as CounterOrder)[f],
                      )
                    : undefined,
              },
            ],
          },
        ],
        'payment.cancel': 'idle',
      },
    },
    reviewing: {
      on: { 'payment.confirm': 'recording', 'payment.back': 'editing', 'payment.cancel': 'idle' },
    },
    // Nothing is pressable while the payment is sent: the dialog cannot be closed either.
    recording: {
      tags: ['busy'],
      invoke: {
        id: 'recordPayment',
        src: 'recordPayment',
        input: ({ context }) => ({
          outTradeNo: (context.order as CounterOrder).outTradeNo,
          payment: recordedPaymentOf(context.values),
        }),
        onDone: { target: 'recorded' },
        onError: {
          target: 'failed',
          actions: {
            type: 'assignRefusal',
            params: ({ event }) => messageOf(event.error, CONSOLE_MESSAGES.failed),
          },
        },
      },
    },
    failed: {
      tags: ['error'],
      on: {
        'payment.confirm': { target: 'recording', actions: 'clearErrors' },
        'payment.back': { target: 'editing', actions: 'clearErrors' },
        'payment.cancel': 'idle',
      },
    },
    recorded: {
      entry: { type: 'paymentRecorded', params: ({ context }) => (context.order as CounterOrder).outTradeNo },
      on: {
        'payment.open': {
          target: 'editing',
          actions: { type: 'assignOrder', params: ({ event }) => event.order },
        },
      },
    },
  },
});
