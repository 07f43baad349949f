import { assign, fromPromise, setup } from 'xstate';

/**
 * The send-code button of the login, register and volunteer forms.
 *
 * | state      | the believer sees                                  |
 * | ---------- | -------------------------------------------------- |
 * | idle       | 发送验证码, enabled                                 |
 * | sending    | 发送中…, disabled (tag busy)                        |
 * | counting   | 60 秒后重发 … 1 秒后重发, disabled (tag counting)    |
 * | resendable | 重新发送, enabled                                   |
 *
 * A failed send (the server's message is shown by the request client) goes back to idle.
 */
export interface SmsCountdownContext {
  seconds: number;
  remaining: number;
}

export type SmsCountdownEvent = { type: 'code.send'; phone: string };

export const smsCountdownMachine = setup({
  types: {
    context: {} as SmsCountdownContext,
    events: {} as SmsCountdownEvent,
    input: {} as { seconds: number },
    tags: {} as 'busy' | 'counting',
  },
  actors: {
    sendCode: fromPromise<void, { phone: string }>(async () => {
      throw new Error('sendCode is not provided: add it with .provide()');
    }),
  },
  delays: { tick: 1000 },
  guards: {
    isLastSecond: ({ context }) => context.remaining <= 1,
  },
  actions: {
    startCountdown: assign({ remaining: ({ context }) => context.seconds }),
    countDown: assign({ remaining: ({ context }) => context.remaining - 1 }),
  },
}).createMachine({
  id: 'smsCountdown',
  initial: 'idle',
  context: ({ input }) => ({ seconds: input.seconds, remaining: 0 }),
  states: {
    idle: {
      on: { 'code.send': 'sending' },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ event }) => ({ phone: event.phone }),
        onDone: 'counting',
        onError: 'idle',
      },
    },
    counting: {
      tags: ['counting'],
      entry: 'startCountdown',
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
      on: { 'code.send': 'sending' },
    },
  },
});
