import { WECHAT_LOGIN_MESSAGES } from '@contract/wechat-login';
import { assign, setup } from 'xstate';
import { messageOf, unprovided } from './effects';

/**
 * The WeChat binding in 个人中心 (issue 37, docs/privacy.md): after the SMS login inside WeChat,
 * the believer is asked once per tab whether later payments in the 服务号 may use this WeChat
 * without a new authorisation; a bound believer sees so on any device and can undo it.
 *
 * | state      | the believer sees                                                              |
 * | ---------- | ------------------------------------------------------------------------------ |
 * | asking     | nothing yet (the server is asked whether the believer has a binding)          |
 * | offered    | the question (bindOffer) with 使用当前微信 and 暂不; a refusal under it          |
 * | binding    | the same, 使用当前微信 pending and both disabled (tag busy)                      |
 * | bound      | 已绑定微信 (a status) with 解除绑定; a refusal under it                           |
 * | unbinding  | the same, 解除绑定 pending (tag busy)                                           |
 * | quiet      | nothing but the notice, if any (已绑定 undone, a visit the server forgot)      |
 *
 * The question needs this tab's web login (`visit`, inside WeChat only) and is not asked again in
 * a tab whose believer said 暂不 (`declined`). A visit the server no longer knows (409
 * visitUnknown) is forgotten by the tab (`forgetVisit`): the next page asks WeChat again.
 */
export interface WechatBindingInput {
  /** This tab's web-login visit token (inside WeChat), or null. */
  visit: string | null;
  /** The believer said 暂不 in this tab already. */
  declined: boolean;
}

export interface WechatBindingContext extends WechatBindingInput {
  /** What happened, said quietly (a status): unbound, or the visit gone. */
  notice: string | null;
  /** A refusal of the last try, under the buttons. */
  error: string | null;
}

export type WechatBindingEvent =
  | { type: 'binding.accept' }
  | { type: 'binding.decline' }
  | { type: 'binding.undo' };

const refusalOf = ({ event }: { event: { error: unknown } }) =>
  messageOf(event.error, WECHAT_LOGIN_MESSAGES.unavailable);

export const wechatBindingMachine = setup({
  types: {
    input: {} as WechatBindingInput,
    context: {} as WechatBindingContext,
    events: {} as WechatBindingEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** Whether the believer has bound a WeChat. */
    lookUp: unprovided<boolean, void>('lookUp'),
    bind: unprovided<void, string>('bind'),
    unbind: unprovided<void, void>('unbind'),
  },
  guards: {
    canOffer: ({ context }) => context.visit !== null && !context.declined,
    isVisitUnknown: ({ event }) =>
      'error' in event && messageOf(event.error, '') === WECHAT_LOGIN_MESSAGES.visitUnknown,
  },
  actions: {
    /** The tab remembers 暂不: the question is not asked again in it. */
    rememberDecline: () => {},
    /** The tab forgets its visit: the next page asks WeChat again. */
    forgetVisit: () => {},
  },
}).createMachine({
  id: 'wechatBinding',
  initial: 'asking',
  context: ({ input }) => ({ ...input, notice: null, error: null }),
  states: {
    asking: {
      invoke: {
        id: 'lookUp',
        src: 'lookUp',
        onDone: [
          { guard: ({ event }) => event.output, target: 'bound' },
          { guard: 'canOffer', target: 'offered' },
          { target: 'quiet' },
        ],
        // Only an offer is lost: the page goes on without it.
        onError: { target: 'quiet' },
      },
    },
    offered: {
      on: {
        'binding.accept': { target: 'binding', actions: assign({ error: null }) },
        'binding.decline': {
          target: 'quiet',
          actions: ['rememberDecline', assign({ declined: true, error: null })],
        },
      },
    },
    binding: {
      tags: ['busy'],
      invoke: {
        id: 'bind',
        src: 'bind',
        input: ({ context }) => context.visit ?? '',
        // The bound line says it (a status): no notice beside it.
        onDone: { target: 'bound' },
        onError: [
          {
            guard: 'isVisitUnknown',
            target: 'quiet',
            actions: ['forgetVisit', assign({ visit: null, notice: WECHAT_LOGIN_MESSAGES.visitUnknown })],
          },
          { target: 'offered', actions: assign({ error: refusalOf }) },
        ],
      },
    },
    bound: {
      on: { 'binding.undo': { target: 'unbinding', actions: assign({ error: null, notice: null }) } },
    },
    unbinding: {
      tags: ['busy'],
      invoke: {
        id: 'unbind',
        src: 'unbind',
        // Unbinding forgets every visit of that WeChat on the server: this tab's too.
        onDone: {
          target: 'quiet',
          actions: ['forgetVisit', assign({ visit: null, notice: WECHAT_LOGIN_MESSAGES.unbound })],
        },
        onError: { target: 'bound', actions: assign({ error: refusalOf }) },
      },
    },
    quiet: {},
  },
});
