import { AUTH_MESSAGES, type Session } from '@contract/auth';
import { PHONE_MESSAGES } from '@contract/phone';
import { authDialogMachine } from '@machines/auth-dialog.machine';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { deferred, flush } from '../support/deferred';

const session: Session = { token: 't', userInfo: { phone: '13812345678', userType: 1, realName: '陈居士' } };

const start = () => {
  const login = deferred<Session>();
  const register = deferred<Session>();
  const finished: { session: Session; redirect: string | null }[] = [];
  const requests: string[] = [];
  const emitted: string[] = [];
  const actor = createActor(
    authDialogMachine.provide({
      actors: {
        login: fromPromise(() => {
          requests.push('login');
          return login.promise;
        }),
        register: fromPromise(() => {
          requests.push('register');
          return register.promise;
        }),
      },
      actions: { finishLogin: (_, params) => finished.push(params) },
    }),
  ).start();
  actor.on('*', (event) => emitted.push(event.type));
  return { actor, login, register, finished, requests, emitted };
};

const loginForm = { account: '13812345678', captcha: '123456' };

describe('auth dialog', () => {
  it('opens with the login-required notice, logs in and returns to the redirect', async () => {
    const { actor, login, finished } = start();
    actor.send({ type: 'dialog.openLogin', notice: '此内容需登录后查看。', redirect: '/UserCenter' });
    expect(actor.getSnapshot().matches({ login: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.notice).toBe('此内容需登录后查看。');

    actor.send({ type: 'login.submit', form: loginForm });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    // A second press and closing are refused while the request is under way.
    expect(actor.getSnapshot().can({ type: 'login.submit', form: loginForm })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'dialog.close' })).toBe(false);

    login.resolve(session);
    await flush();
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(finished).toEqual([{ session, redirect: '/UserCenter' }]);
  });

  it('stays open for another try when the code is refused', async () => {
    const { actor, login, finished } = start();
    actor.send({ type: 'dialog.openLogin' });
    actor.send({ type: 'login.submit', form: loginForm });
    login.reject(new Error('验证码错误，还可尝试4次'));
    await flush();
    expect(actor.getSnapshot().matches({ login: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual({ captcha: '验证码错误，还可尝试4次' });
    expect(finished).toEqual([]);
  });

  it('switches between login and registration and registers', async () => {
    const { actor, register, finished } = start();
    actor.send({ type: 'dialog.openLogin', notice: '此内容需登录后查看。' });
    actor.send({ type: 'dialog.openRegister' });
    expect(actor.getSnapshot().matches({ register: 'editing' })).toBe(true);
    actor.send({ type: 'dialog.openLogin' });
    expect(actor.getSnapshot().context.notice).toBeNull();
    actor.send({ type: 'dialog.openRegister' });
    actor.send({ type: 'register.submit', form: { ...loginForm, realName: '陈居士' } });
    register.resolve(session);
    await flush();
    expect(finished).toEqual([{ session, redirect: null }]);
  });

  it('closes from either dialog', () => {
    const { actor } = start();
    actor.send({ type: 'dialog.openRegister' });
    actor.send({ type: 'dialog.close' });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
  });

  it('judges the form: an invalid one is not sent, and each message sits on its field', () => {
    const { actor, requests } = start();
    actor.send({ type: 'dialog.openLogin' });
    actor.send({ type: 'login.submit', form: { account: '1234', captcha: '' } });
    expect(actor.getSnapshot().matches({ login: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual({
      account: PHONE_MESSAGES.invalid,
      captcha: AUTH_MESSAGES.codeEmpty,
    });
    expect(requests).toEqual([]);
    actor.send({ type: 'form.edit', field: 'captcha' });
    expect(actor.getSnapshot().context.errors).toEqual({ account: PHONE_MESSAGES.invalid });
    actor.send({ type: 'login.submit', form: loginForm });
    expect(actor.getSnapshot().context.errors).toEqual({});
    expect(requests).toEqual(['login']);
  });

  it('register: the name is judged too', () => {
    const { actor, requests } = start();
    actor.send({ type: 'dialog.openRegister' });
    actor.send({ type: 'register.submit', form: { ...loginForm, realName: '' } });
    expect(actor.getSnapshot().context.errors).toEqual({ realName: AUTH_MESSAGES.nameEmpty });
    expect(requests).toEqual([]);
  });

  it('tells a waiting flow how it ended: logged in, or dismissed', async () => {
    const { actor, login, emitted } = start();
    actor.send({ type: 'dialog.openLogin', notice: '请先登录' });
    actor.send({ type: 'dialog.close' });
    actor.send({ type: 'dialog.openLogin', notice: '请先登录' });
    actor.send({ type: 'login.submit', form: loginForm });
    login.resolve(session);
    await flush();
    expect(emitted).toEqual(['auth.dismissed', 'auth.loggedIn']);
  });
});
