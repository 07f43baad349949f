import { MERIT_FIELDS, MERIT_MESSAGES, type MeritField } from '@contract/merit';
import { OVER_LIMIT_MESSAGE } from '@contract/money';
import { IDEMPOTENCY_HEADER } from '@contract/payment';
import { modelMeritItem } from '@machines/index';
import { screen, within } from '@testing-library/react';
import { sessionStore } from '@web/api/session';
import { expect, vi } from 'vitest';
import { fakeApi, heldCalls, portalOk } from '../../support/fake-api';
import { expectAt, renderApp } from '../../support/render-app';
import { session } from '../../support/statecharts/fixtures/auth-dialog';
import { prePay } from '../../support/statecharts/fixtures/merit-order';
import { settle, type ViewAdapter } from '../../support/statecharts/run-on-view';
import { endCheckout, payDialog } from './checkout-gestures';
import { closeLogin, expectLoginAsked, logIn } from './ordering-gestures';

const LABELS: Partial<Record<MeritField, string>> = { donor: '功德芳名', quantity: '数量' };
const ORDER_PATH = '/portal/rs/payapi/v1/pay/prePay';

/** The merit detail page of the model item (佛前供灯, ¥100 a lamp), logged in, in the whole app. */
export const meritOrderView: ViewAdapter = async () => {
  const orders = heldCalls();
  const queries = heldCalls();
  const logins = heldCalls();
  const api = fakeApi({
    'GET /portal/rs/gdapi/selectById': () => portalOk(modelMeritItem),
    'GET /portal/rs/gdapi/findByGdList': () => portalOk([modelMeritItem]),
    'GET /portal/rs/wish-api/v1/wish/getWishList': () => portalOk([]),
    'POST /portal/rs/payapi/v1/pay/prePay': orders.next,
    'POST /portal/rs/payapi/v1/pay/payResult': queries.next,
    'POST /api/login/mobile': logins.next,
  });
  sessionStore.save(session);
  const app = renderApp('#/meritDetail?id=1');
  // The first render loads the route's code for real: wait for it, not for the fake clock.
  await vi.waitFor(() => screen.getByRole('button', { name: '提交' }), { timeout: 5000 });
  const { user } = app;
  const dialog = (name: string) => screen.getByRole('dialog', { name });
  const open = (name: string) => screen.queryByRole('dialog', { name });
  let confirms = 0;
  const orderCalls = () => api.calls.filter((c) => c.path === ORDER_PATH);
  const fill = async (name: string | RegExp, text: string) => {
    const field = screen.getByRole('textbox', { name });
    await user.clear(field);
    if (text) await user.type(field, text);
  };
  return {
    async exec(event) {
      switch (event.type) {
        case 'order.submit':
          await fill(/数量/, String(event.form.quantity));
          await fill('功德芳名', event.form.donor);
          if (event.mobile) sessionStore.save(session);
          else sessionStore.clear();
          await user.click(screen.getByRole('button', { name: '提交' }));
          break;
        case 'form.edit':
          await user.type(screen.getByRole('textbox', { name: '功德芳名' }), '林');
          break;
        case 'xstate.done.actor.awaitLogin':
          await logIn(user, logins, event.output);
          break;
        case 'xstate.error.actor.awaitLogin':
          await closeLogin(user);
          break;
        case 'overLimit.confirm':
          await user.click(within(dialog('温馨提示')).getByRole('button', { name: '确定' }));
          break;
        case 'overLimit.cancel':
          await user.click(within(dialog('温馨提示')).getByRole('button', { name: '取消' }));
          break;
        case 'order.confirm':
          confirms += 1;
          await user.click(within(dialog('订单确认')).getByRole('button', { name: '确认支付' }));
          break;
        case 'order.cancel':
          await user.click(within(dialog('订单确认')).getByRole('button', { name: '取消' }));
          break;
        default:
          // The checkout ends: refused, or the QR paid after a poll says so or closed unpaid.
          await endCheckout(event.output, { orders, queries, user, prePay });
      }
      await settle(10);
    },
    async check(snapshot) {
      if (snapshot.matches('editing')) {
        expect(open('订单确认')).not.toBeInTheDocument();
        expect(payDialog()).not.toBeInTheDocument();
        expect(open('验证码登录')).not.toBeInTheDocument();
        expect(screen.getByRole('button', { name: '提交' })).toBeEnabled();
        // Each of the machine's messages beside its field, and only those.
        for (const field of MERIT_FIELDS) {
          const label = LABELS[field];
          if (!label) continue;
          const input = screen.getByRole('textbox', { name: new RegExp(label) });
          const message = snapshot.context.errors[field];
          if (message) {
            expect(input).toHaveAttribute('aria-invalid', 'true');
            expect(input).toHaveAccessibleDescription(message);
          } else expect(input).not.toHaveAttribute('aria-invalid', 'true');
        }
      }
      if (snapshot.matches('overLimit'))
        expect(within(dialog('温馨提示')).getByText(OVER_LIMIT_MESSAGE)).toBeInTheDocument();
      if (snapshot.matches('awaitingLogin')) expectLoginAsked(MERIT_MESSAGES.loginFirst);
      if (snapshot.matches('ordering.confirming')) {
        const confirm = dialog('订单确认');
        expect(within(confirm).getByText(modelMeritItem.GD_NAME)).toBeInTheDocument();
        expect(within(confirm).getByRole('button', { name: '确认支付' })).toBeEnabled();
        const refusal = within(confirm).queryByRole('alert');
        if (snapshot.context.orderError) expect(refusal).toHaveTextContent(snapshot.context.orderError);
        else expect(refusal).not.toBeInTheDocument();
      }
      // The checkout is making the order: the dialog stays, its button pending.
      if (snapshot.matches('ordering.checkingOut')) {
        expect(within(dialog('订单确认')).getByRole('button', { name: '请稍候…' })).toBeInTheDocument();
        expect(orderCalls().at(-1)?.headers.get(IDEMPOTENCY_HEADER)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
      }
      // An order is requested by each confirmation, and by nothing else.
      expect(orderCalls()).toHaveLength(confirms);
      if (snapshot.matches('paid')) await vi.waitFor(() => expectAt(`/success?no=${prePay.out_trade_no}`));
      if (snapshot.matches('left')) await vi.waitFor(() => expectAt('/merit'));
    },
    unmount: app.unmount,
  };
};
