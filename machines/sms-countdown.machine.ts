import { cooldownSecondsOf, judgePhone } from '@contract/auth';
import { judgeVolunteerPhone } from '@contract/volunteer';
import { assign, setup } from 'xstate';
import { messageOf, unprovided } from './effects';

/**
 * The send-code button of the login, register and volunteer forms.
 *
 * | state      | the believer sees                                                   |
 * | ---------- | ------------------------------------------------------------------- |
 * | idle       | 发送验证码, enabled; a problem of the phone under the phone field    |
 * | sending    | 请稍候…, disabled (tag busy)                                         |
 * | counting   | N秒后重发 … 1秒后重发, disabled (tag counting)                        |
 * | resendable | 重新发送, enabled                                                    |
 *
 * `code.send` carries the phone as typed; the machine judges it with the contract's rule and
 * sends only a valid one. The countdown follows the server: a sent code counts `seconds`, and a
 * refusal that says how long to wait (验证码已发送，请N秒后再试) counts those N seconds instead.
 * Any other refusal goes back to idle with its message under the phone field.
 */
/** Whose phone rule judges the phone before a code is sent: the account's (login, register) or the volunteer form's. */
export type PhoneRule = 'account' | 'volunteer';
const phoneJudges: Record<PhoneRule, (phone: string) => string | null> = {
  account: judgePhone,
  volunteer: judgeVolunteerPhone,
};

export interface SmsCountdownContext {
  seconds: number;
  phoneRule: PhoneRule;
  remaining: number;
  phoneError: string | null;
}

export type SmsCountdownEvent = { type: 'code.send'; phone: string } | { type: 'phone.edit' };

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;
const refusalOf = (error: unknown) => messageOf(error, '验证码发送失败，请稍后再试');

export const smsCountdownMachine = setup({
  types: {
    context: {} as SmsCountdownContext,
    events: {} as SmsCountdownEvent,
    input: {} as { seconds: number; phoneRule?: PhoneRule },
    children: {} as { sendCode: 'sendCode' },
    tags: {} as 'busy' | 'counting',
  },
  actors: {
    sendCode: unprovided<void, { phone: string }>('sendCode'),
  },
  delays: { tick: 1000 },
  guards: {
    isPhoneInvalid: ({ context }, phone: string) => phoneJudges[context.phoneRule](phone) !== null,
    isCoolingDown: (_, error: unknown) => cooldownSecondsOf(refusalOf(error)) !== null,
    isLastSecond: ({ context }) => context.remaining <= 1,
  },
  actions: {
    assignPhoneProblem: assign({
      phoneError: ({ context }, phone: string) => phoneJudges[context.phoneRule](phone),
    }),
    assignRefusal: assign({ phoneError: (_, error: unknown) => refusalOf(error) }),
    clearPhoneError: assign({ phoneError: null }),
    startCountdown: assign({ remaining: ({ context }) => context.seconds }),
    followServer: assign({ remaining: (_, error: unknown) => cooldownSecondsOf(refusalOf(error)) ?? 0 }),
    countDown: assign({ remaining: ({ context }) => context.remaining - 1 }),
  },
}).createMachine({
  id: 'smsCountdown',
  initial: 'idle',
  context: ({ input }) => ({
    seconds: input.seconds,
    phoneRule: input.phoneRule ?? 'account',
    remaining: 0,
    phoneError: null,
  }),
  on: { 'phone.edit': { actions: 'clearPhoneError' } },
  states: {
    idle: {
      on: {
        'code.send': [
          {
            guard: { type: 'isPhoneInvalid', params: ({ event }) => event.phone },
            actions: { type: 'assignPhoneProblem', params: ({ event }) => event.phone },
          },
          { target: 'sending', actions: 'clearPhoneError' },
        ],
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ event }) => ({ phone: event.type === 'code.send' ? event.phone : '' }),
        onDone: { target: 'counting', actions: 'startCountdown' },
        onError: [
          {
            guard: { type: 'isCoolingDown', params: errorOf },
            target: 'counting',
            actions: { type: 'followServer', params: errorOf },
          },
          { target: 'idle', actions: { type: 'assignRefusal', params: errorOf } },
        ],
      },
    },
    counting: {
      tags: ['counting'],
      initial: 'ticking',
      states: {
        ticking: {
          after: {
            tick: [
              { guard: 'isLastSecond', target: '#smsCountdown.resendable' },
              { target: 'ticking', reenter: true, actions: 'countDown' },
            ],
          },
        },
      },
    },
    resendable: {
      on: {
        'code.send': [
          {
            guard: { type: 'isPhoneInvalid', params: ({ event }) => event.phone },
            actions: { type: 'assignPhoneProblem', params: ({ event }) => event.phone },
          },
          { target: 'sending', actions: 'clearPhoneError' },
        ],
      },
    },
  },
});
