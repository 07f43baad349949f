import type { AnyEventObject, AnyStateMachine, SnapshotFrom } from 'xstate';
import { authDialogMachine } from './auth-dialog.machine';
import { meritOrderMachine } from './merit-order.machine';
import { orderMachine } from './order.machine';
import { paymentMachine } from './payment.machine';
import { smsCountdownMachine } from './sms-countdown.machine';

/**
 * Every machine with the event cases (payload variants) that drive it, including the events of
 * its delays and invoked actors (`xstate.after.*`, `xstate.done.actor.*`, `xstate.error.actor.*`).
 * The model-based tests, `npm run diagrams` and `npm run paths` walk this list.
 */
export interface MachineEntry<M extends AnyStateMachine = AnyStateMachine> {
  name: string;
  machine: M;
  input?: unknown;
  events: AnyEventObject[];
  /** The few context facts that change behaviour; the graph's states are the value plus these. */
  facts?: (snapshot: SnapshotFrom<M>) => Record<string, unknown>;
  /** Where the machine is seen: a view in the SPA, or the server (the order lifecycle). */
  surface: 'view' | 'server';
}

const entry = <M extends AnyStateMachine>(e: MachineEntry<M>): MachineEntry => e as unknown as MachineEntry;

const phone = '13812345678';
const session = { token: 'token', userInfo: { phone, userType: 1, realName: '陈居士' } };
const prePay = {
  code_img_url: 'http://localhost/pay/sandbox/WF20261122100000000001',
  out_trade_no: 'WF20261122100000000001',
  expire_time: '2026-11-22T10:15:00.000Z',
  description: '功德供养·佛前供灯',
  amount: 200,
};
const draft = {
  type: 5 as const,
  meritItemList: [
    { GD_ID: 1, GD_TYPE: '1', GD_NAME: '佛前供灯', GD_ITEM: null, QUANTITY: 2, GDJ: 200, WISH: '愿家人平安' },
  ],
  GD_FM: '陈居士',
  customAmount: null,
  PRICE_MODEL: '1',
  CHANNEL: 'pc' as const,
  MOBILE: phone,
};
const failure = new Error('请求失败');

export const machineRegistry: MachineEntry[] = [
  entry({
    name: 'sms-countdown',
    machine: smsCountdownMachine,
    // Two seconds reach every state of the countdown; the site counts 60.
    input: { seconds: 2 },
    facts: (s) => ({ lastSecond: s.context.remaining <= 1 }),
    events: [
      { type: 'code.send', phone },
      { type: 'xstate.done.actor.sendCode' },
      { type: 'xstate.error.actor.sendCode', error: failure },
      { type: 'xstate.after.tick.smsCountdown.counting.ticking' },
    ],
    surface: 'view',
  }),
  entry({
    name: 'auth-dialog',
    machine: authDialogMachine,
    facts: (s) => ({ notice: s.context.notice !== null }),
    events: [
      { type: 'dialog.openLogin' },
      { type: 'dialog.openLogin', notice: '此内容需登录后查看。' },
      { type: 'dialog.openRegister' },
      { type: 'dialog.close' },
      { type: 'login.submit', form: { account: phone, captcha: '123456' } },
      { type: 'register.submit', form: { account: phone, captcha: '123456', realName: '陈居士' } },
      { type: 'xstate.done.actor.login', output: session },
      { type: 'xstate.error.actor.login', error: failure },
      { type: 'xstate.done.actor.register', output: session },
      { type: 'xstate.error.actor.register', error: failure },
    ],
    surface: 'view',
  }),
  entry({
    name: 'payment',
    machine: paymentMachine,
    input: {
      outTradeNo: prePay.out_trade_no,
      codeUrl: prePay.code_img_url,
      expiresAt: prePay.expire_time,
      description: prePay.description,
      amount: prePay.amount,
    },
    events: [
      { type: 'payment.close' },
      { type: 'xstate.after.pollInterval.payment.polling.waiting' },
      { type: 'xstate.done.actor.queryStatus', output: { code: 0, msg: '0' } },
      { type: 'xstate.done.actor.queryStatus', output: { code: 0, msg: '1' } },
      { type: 'xstate.done.actor.queryStatus', output: { code: 0, msg: '5' } },
      { type: 'xstate.error.actor.queryStatus', error: failure },
    ],
    surface: 'view',
  }),
  entry({
    name: 'merit-order',
    machine: meritOrderMachine,
    events: [
      { type: 'order.submit', problem: '请填写功德芳名!', overLimit: false, loggedIn: true, draft: null },
      { type: 'order.submit', problem: null, overLimit: true, loggedIn: true, draft: null },
      { type: 'order.submit', problem: null, overLimit: false, loggedIn: false, draft: null },
      { type: 'order.submit', problem: null, overLimit: false, loggedIn: true, draft },
      { type: 'overLimit.confirm' },
      { type: 'overLimit.cancel' },
      { type: 'order.confirm' },
      { type: 'order.cancel' },
      { type: 'xstate.done.actor.createOrder', output: prePay },
      { type: 'xstate.error.actor.createOrder', error: failure },
      { type: 'xstate.done.actor.payment', output: { paid: true } },
      { type: 'xstate.done.actor.payment', output: { paid: false } },
    ],
    surface: 'view',
  }),
  entry({
    name: 'order',
    machine: orderMachine,
    events: [
      { type: 'payment.confirmed', placeAvailable: true },
      { type: 'payment.confirmed', placeAvailable: false },
      { type: 'hold.expired' },
      { type: 'refund.requested' },
      { type: 'refund.completed' },
    ],
    surface: 'server',
  }),
];

export const findMachine = (name: string): MachineEntry | undefined =>
  machineRegistry.find((e) => e.name === name);
