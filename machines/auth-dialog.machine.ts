import type { Session } from '@contract/auth';
import { assign, fromPromise, setup } from 'xstate';

/**
 * The login (验证码登录) and register (手机号注册) dialogs, one of them open at a time.
 *
 * | state                | the believer sees                                         |
 * | -------------------- | --------------------------------------------------------- |
 * | closed               | the page                                                  |
 * | login.editing        | the login dialog, with the notice (此内容需登录后查看。) if any |
 * | login.submitting     | the same, 登录 button pending and disabled (tag busy)      |
 * | register.editing     | the register dialog                                       |
 * | register.submitting  | the same, 注册 button pending and disabled (tag busy)      |
 *
 * A successful login or registration runs `finishLogin` (store the session, greet, go to
 * `redirect` or refresh the page's data) and closes. A refused one goes back to editing; the
 * request client has shown the server's message.
 */
export interface LoginForm {
  account: string;
  captcha: string;
}
export interface RegisterForm extends LoginForm {
  realName: string;
}

export interface AuthDialogContext {
  notice: string | null;
  redirect: string | null;
}

export type AuthDialogEvent =
  | { type: 'dialog.openLogin'; notice?: string; redirect?: string }
  | { type: 'dialog.openRegister' }
  | { type: 'dialog.close' }
  | { type: 'login.submit'; form: LoginForm }
  | { type: 'register.submit'; form: RegisterForm };

export const authDialogMachine = setup({
  types: {
    context: {} as AuthDialogContext,
    events: {} as AuthDialogEvent,
    tags: {} as 'busy',
  },
  actors: {
    login: fromPromise<Session, LoginForm>(async () => {
      throw new Error('login is not provided: add it with .provide()');
    }),
    register: fromPromise<Session, RegisterForm>(async () => {
      throw new Error('register is not provided: add it with .provide()');
    }),
  },
  actions: {
    openWith: assign(({ event }) =>
      event.type === 'dialog.openLogin'
        ? { notice: event.notice ?? null, redirect: event.redirect ?? null }
        : { notice: null, redirect: null },
    ),
    finishLogin: (_, _params: { session: Session; redirect: string | null }) => {},
  },
}).createMachine({
  id: 'authDialog',
  initial: 'closed',
  context: { notice: null, redirect: null },
  states: {
    closed: {
      on: {
        'dialog.openLogin': { target: 'login', actions: 'openWith' },
        'dialog.openRegister': { target: 'register', actions: 'openWith' },
      },
    },
    login: {
      initial: 'editing',
      states: {
        // Closing or switching is accepted only while editing: a request under way must land.
        editing: {
          on: {
            'dialog.close': '#authDialog.closed',
            'login.submit': 'submitting',
            'dialog.openRegister': { target: '#authDialog.register' },
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            id: 'login',
            src: 'login',
            input: ({ event }) => (event.type === 'login.submit' ? event.form : { account: '', captcha: '' }),
            onDone: {
              target: '#authDialog.closed',
              actions: {
                type: 'finishLogin',
                params: ({ context, event }) => ({ session: event.output, redirect: context.redirect }),
              },
            },
            onError: 'editing',
          },
        },
      },
    },
    register: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'dialog.close': '#authDialog.closed',
            'register.submit': 'submitting',
            'dialog.openLogin': { target: '#authDialog.login', actions: 'openWith' },
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            id: 'register',
            src: 'register',
            input: ({ event }) =>
              event.type === 'register.submit' ? event.form : { account: '', captcha: '', realName: '' },
            onDone: {
              target: '#authDialog.closed',
              actions: {
                type: 'finishLogin',
                params: ({ context, event }) => ({ session: event.output, redirect: context.redirect }),
              },
            },
            onError: 'editing',
          },
        },
      },
    },
  },
});
