import {
  type AuthField,
  type AuthFieldErrors,
  fieldOfRefusal,
  judgeLoginForm,
  judgeRegisterForm,
  type LoginForm,
  type RegisterForm,
  type Session,
} from '@contract/auth';
import { assign, emit, setup } from 'xstate';
import { messageOf, unprovided } from './effects';

export type { LoginForm, RegisterForm };

/**
 * The login (验证码登录) and register (手机号注册) dialogs, one of them open at a time.
 *
 * | state                | the believer sees                                              |
 * | -------------------- | -------------------------------------------------------------- |
 * | closed               | the page                                                       |
 * | login.editing        | the login dialog, with the notice (why login is asked) if any; |
 * |                      | each problem of the form, or the server's refusal, under its   |
 * |                      | field (one about no field above the form)                      |
 * | login.submitting     | the same, 登录 button pending and disabled (tag busy)           |
 * | register.editing     | the register dialog, each problem under its field              |
 * | register.submitting  | the same, 注册 button pending and disabled (tag busy)           |
 *
 * `login.submit` and `register.submit` carry what was typed; the machine judges it with the
 * call's own schema and sends only a valid form. A successful login or registration runs
 * `finishLogin` (store the session, greet, go to `redirect` or refresh the page's data), emits
 * `auth.loggedIn` (a flow waiting for the login continues) and closes. Closing without logging
 * in emits `auth.dismissed`. A refused try goes back to editing with the server's message under
 * the field it is about (the code, the phone), or above the form when it is about none.
 */
export interface AuthDialogContext {
  notice: string | null;
  redirect: string | null;
  errors: AuthFieldErrors;
}

export type AuthDialogEvent =
  | { type: 'dialog.openLogin'; notice?: string; redirect?: string }
  | { type: 'dialog.openRegister' }
  | { type: 'dialog.close' }
  | { type: 'form.edit'; field: AuthField }
  | { type: 'login.submit'; form: LoginForm }
  | { type: 'register.submit'; form: RegisterForm };

export type AuthDialogEmitted = { type: 'auth.loggedIn'; session: Session } | { type: 'auth.dismissed' };

const hasErrors = (errors: AuthFieldErrors) => Object.keys(errors).length > 0;
const errorOf = ({ event }: { event: { error: unknown } }) => event.error;
const refusalOf = (error: unknown) => messageOf(error, '请求失败，请稍后再试');

export const authDialogMachine = setup({
  types: {
    context: {} as AuthDialogContext,
    events: {} as AuthDialogEvent,
    emitted: {} as AuthDialogEmitted,
    children: {} as { login: 'login'; register: 'register' },
    tags: {} as 'busy',
  },
  actors: {
    login: unprovided<Session, LoginForm>('login'),
    register: unprovided<Session, RegisterForm>('register'),
  },
  guards: {
    isLoginFormInvalid: (_, form: LoginForm) => hasErrors(judgeLoginForm(form)),
    isRegisterFormInvalid: (_, form: RegisterForm) => hasErrors(judgeRegisterForm(form)),
  },
  actions: {
    openWith: assign(({ event }) =>
      event.type === 'dialog.openLogin'
        ? { notice: event.notice ?? null, redirect: event.redirect ?? null, errors: {} }
        : { notice: null, redirect: null, errors: {} },
    ),
    assignLoginErrors: assign({ errors: (_, form: LoginForm) => judgeLoginForm(form) }),
    assignRegisterErrors: assign({ errors: (_, form: RegisterForm) => judgeRegisterForm(form) }),
    clearErrors: assign({ errors: {} }),
    /** The server's refusal, under the field it is about (or above the form). */
    assignRefusal: assign({
      errors: (_, error: unknown) => ({ [fieldOfRefusal(refusalOf(error))]: refusalOf(error) }),
    }),
    clearError: assign({
      errors: ({ context }, field: AuthField) => {
        const { [field]: _, ...rest } = context.errors;
        return rest;
      },
    }),
    finishLogin: (_, _params: { session: Session; redirect: string | null }) => {},
    emitLoggedIn: emit((_, session: Session) => ({ type: 'auth.loggedIn' as const, session })),
    emitDismissed: emit({ type: 'auth.dismissed' as const }),
  },
}).createMachine({
  id: 'authDialog',
  initial: 'closed',
  context: { notice: null, redirect: null, errors: {} },
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
            'dialog.close': { target: '#authDialog.closed', actions: 'emitDismissed' },
            'form.edit': { actions: { type: 'clearError', params: ({ event }) => event.field } },
            'login.submit': [
              {
                guard: { type: 'isLoginFormInvalid', params: ({ event }) => event.form },
                actions: { type: 'assignLoginErrors', params: ({ event }) => event.form },
              },
              { target: 'submitting', actions: 'clearErrors' },
            ],
            'dialog.openRegister': { target: '#authDialog.register', actions: 'clearErrors' },
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
              actions: [
                {
                  type: 'finishLogin',
                  params: ({ context, event }) => ({ session: event.output, redirect: context.redirect }),
                },
                { type: 'emitLoggedIn', params: ({ event }) => event.output },
              ],
            },
            onError: { target: 'editing', actions: { type: 'assignRefusal', params: errorOf } },
          },
        },
      },
    },
    register: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'dialog.close': { target: '#authDialog.closed', actions: 'emitDismissed' },
            'form.edit': { actions: { type: 'clearError', params: ({ event }) => event.field } },
            'register.submit': [
              {
                guard: { type: 'isRegisterFormInvalid', params: ({ event }) => event.form },
                actions: { type: 'assignRegisterErrors', params: ({ event }) => event.form },
              },
              { target: 'submitting', actions: 'clearErrors' },
            ],
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
              actions: [
                {
                  type: 'finishLogin',
                  params: ({ context, event }) => ({ session: event.output, redirect: context.redirect }),
                },
                { type: 'emitLoggedIn', params: ({ event }) => event.output },
              ],
            },
            onError: { target: 'editing', actions: { type: 'assignRefusal', params: errorOf } },
          },
        },
      },
    },
  },
});
