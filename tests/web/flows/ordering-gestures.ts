import { AUTH_MESSAGES } from '@contract/auth';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import { type heldCalls, ok } from '../../support/fake-api';
import { session } from '../../support/statecharts/fixtures/auth-dialog';
import { settle } from '../../support/statecharts/run-on-view';

/**
 * The gestures of the ordering flow's chain on a rendered page (machines/ordering-flow.ts), beside
 * the checkout's (checkout-gestures.ts): the login dialog answered or closed, and what the page
 * shows while the flow waits for it. Every ordering flow's view adapter uses them.
 */
const loginDialog = () => screen.getByRole('dialog', { name: '验证码登录' });

/** `xstate.done.actor.awaitLogin`: the believer logs in with `mobile`; the held login call answers. */
export const logIn = async (user: UserEvent, logins: ReturnType<typeof heldCalls>, mobile: string) => {
  const login = loginDialog();
  await user.type(within(login).getByRole('textbox', { name: '手机号' }), mobile);
  await user.type(within(login).getByRole('textbox', { name: '验证码' }), '123456');
  await user.click(within(login).getByRole('button', { name: '登录' }));
  await settle();
  logins.answer(ok(session, AUTH_MESSAGES.loggedIn));
};

/** `xstate.error.actor.awaitLogin`: the believer closes the login dialog. */
export const closeLogin = async (user: UserEvent) => {
  await user.click(within(loginDialog()).getByRole('button', { name: '关闭窗口' }));
};

/** `awaitingLogin`: the login dialog says why (the kind's words). */
export const expectLoginAsked = (notice: string) => {
  expect(within(loginDialog()).getByRole('alert')).toHaveTextContent(notice);
};
