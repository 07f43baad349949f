import type { MeritItem } from '@contract/merit';
import { OVER_LIMIT_MESSAGE } from '@contract/money';
import { findMachine } from '@machines/index';
import { screen, within } from '@testing-library/react';
import { sessionStore } from '@web/api/session';
import { expect, vi } from 'vitest';
import { fakeApi, heldCalls, portalOk, refused } from '../../support/fake-api';
import { renderApp } from '../../support/render-app';
import { passSecond, settle, type ViewAdapter } from '../../support/statecharts/run-on-view';

const lamp: MeritItem = {
  ID: 1,
  GD_NAME: '佛前供灯',
  IMAGE: '/images/lamp.svg',
  PARTICULARS: '于佛前供灯一盏。',
  PRICE_MODEL: '1',
  GD_TYPE: '1',
  GD_PRICE: 100,
  GDM: [],
};
const session = { token: 'tok', userInfo: { phone: '13812345678', userType: 1, realName: '陈居士' } };
const prePay = findMachine('merit-order')?.events.find(
  (e) => e.type === 'xstate.done.actor.createOrder',
)?.output;

/** The merit detail page of a quantity-priced item, logged in, in the whole app. */
export const meritOrderView: ViewAdapter = async () => {
  const orders = heldCalls();
  const queries = heldCalls();
  fakeApi({
    'GET /portal/rs/gdapi/selectById': () => portalOk(lamp),
    'GET /portal/rs/gdapi/findByGdList': () => portalOk([lamp]),
    'GET /portal/rs/wish-api/v1/wish/getWishList': () => portalOk([]),
    'POST /portal/rs/payapi/v1/pay/prePay': orders.next,
    'POST /portal/rs/payapi/v1/pay/payResult': queries.next,
  });
  sessionStore.save(session);
  const app = renderApp('#/meritDetail?id=1');
  // The first render loads the route's code for real: wait for it, not for the fake clock.
  await vi.waitFor(() => screen.getByRole('button', { name: '提交' }), { timeout: 5000 });
  const { user } = app;
  const dialog = (name: string) => screen.getByRole('dialog', { name });
  const fillForm = async (quantity: number, donor: string) => {
    const count = screen.getByRole('textbox', { name: /数量/ });
    await user.clear(count);
    await user.type(count, String(quantity));
    const name = screen.getByRole('textbox', { name: '功德芳名' });
    await user.clear(name);
    if (donor) await user.type(name, donor);
    await user.tab();
  };
  return {
    async exec(event) {
      switch (event.type) {
        case 'order.submit':
          await fillForm(event.overLimit ? 101 : 2, event.problem ? '' : '陈居士');
          if (!event.loggedIn) sessionStore.clear();
          await user.click(screen.getByRole('button', { name: '提交' }));
          await settle();
          if (event.problem) expect(screen.getByText(event.problem)).toBeInTheDocument();
          if (!event.loggedIn) {
            // The login dialog opens over the page; the believer closes it and is back on the form.
            const login = screen.getByRole('dialog', { name: '验证码登录' });
            await user.click(within(login).getByRole('button', { name: '关闭窗口' }));
          }
          break;
        case 'overLimit.confirm':
          await user.click(within(dialog('温馨提示')).getByRole('button', { name: '确定' }));
          break;
        case 'overLimit.cancel':
          await user.click(within(dialog('温馨提示')).getByRole('button', { name: '取消' }));
          break;
        case 'order.confirm':
          await user.click(within(dialog('订单确认')).getByRole('button', { name: '确认支付' }));
          break;
        case 'order.cancel':
          await user.click(within(dialog('订单确认')).getByRole('button', { name: '取消' }));
          break;
        case 'xstate.done.actor.createOrder':
          orders.answer({ body: { code: 0, msg: '下单成功', data: prePay } });
          break;
        case 'xstate.error.actor.createOrder':
          orders.answer(refused(400, OVER_LIMIT_MESSAGE));
          break;
        default:
          // The payment child finishes: paid after a poll says so, or closed by the believer.
          if (event.output.paid) {
            await passSecond();
            queries.answer({ body: { code: 0, msg: '1' } });
          } else {
            await user.click(screen.getByRole('button', { name: '关闭' }));
          }
      }
      await settle(10);
    },
    async check(snapshot) {
      const open = (name: string) => screen.queryByRole('dialog', { name });
      if (snapshot.matches('editing')) {
        expect(open('订单确认')).not.toBeInTheDocument();
        expect(open('请扫码支付')).not.toBeInTheDocument();
        expect(screen.getByRole('button', { name: '提交' })).toBeEnabled();
      }
      if (snapshot.matches('overLimit'))
        expect(within(dialog('温馨提示')).getByText(OVER_LIMIT_MESSAGE)).toBeInTheDocument();
      if (snapshot.matches('confirming')) {
        expect(within(dialog('订单确认')).getByText('佛前供灯')).toBeInTheDocument();
        expect(within(dialog('订单确认')).getByRole('button', { name: '确认支付' })).toBeEnabled();
      }
      if (snapshot.matches('creatingOrder')) {
        expect(within(dialog('订单确认')).getByRole('button', { name: '请稍候…' })).toBeInTheDocument();
      }
      if (snapshot.matches('paying')) expect(dialog('请扫码支付')).toBeInTheDocument();
      if (snapshot.matches('paid')) {
        await vi.waitFor(() => expect(window.location.hash).toBe('#/success'));
        expect(await screen.findByRole('heading', { name: '支付成功' })).toBeInTheDocument();
      }
      if (snapshot.matches('left')) await vi.waitFor(() => expect(window.location.hash).toBe('#/merit'));
    },
    unmount: app.unmount,
  };
};
