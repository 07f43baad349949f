import { formatYuan, yuanToFen } from '@contract/money';
import { IDEMPOTENCY_HEADER, PAYMENT_MESSAGES, RESERVATION_NOTICE } from '@contract/payment';
import {
  type EnshrinementRenewalContext,
  isRenewalReservation,
  modelEnshrinement,
  renewalTotalOf,
} from '@machines/enshrinement-renewal.machine';
import { screen, within } from '@testing-library/react';
import { sessionStore } from '@web/api/session';
import { expect, vi } from 'vitest';
import { type FakeRoutes, fakeApi, heldCalls, ok } from '../../support/fake-api';
import { renderApp } from '../../support/render-app';
import { session } from '../../support/statecharts/fixtures/auth-dialog';
import { renewalAnswer } from '../../support/statecharts/fixtures/enshrinement-renewal';
import { settle, type ViewAdapter } from '../../support/statecharts/run-on-view';
import { endCheckout, PAY_DIALOG, payDialog } from './checkout-gestures';

export const RENEWAL_ORDER_PATH = '/portal/rs/payapi/v1/pay/prePay';
export const WORSHIP_PATH = '/api/yxs-app/pay/getMyWorship';

/**
 * What the user centre asks of the server besides the renewal: the believer, the profile (the
 * first tab) and 当前供奉 with the model enshrinement (年供 ¥4,000 a year).
 */
export const userCentreRoutes = (): FakeRoutes => ({
  'GET /api/yxs-app/user/me': () => ok(session.userInfo),
  'GET /api/yxs-app/believer/getByPhone': () =>
    ok({
      xzCode: 'XZ00000001',
      realName: session.userInfo.realName,
      phone: session.userInfo.phone,
      addres: '',
      cardId: '',
      telNumber: '',
      postCode: '',
      photo: '',
      ssqName: '',
      ssqCode: '',
      birthDate: '',
      gender: '1',
      email: '',
    }),
  'GET /portal/rs/believer-api/v1/believer/getMyMember': () => ok(null),
  [`GET ${WORSHIP_PATH}`]: () => ok({ content: [modelEnshrinement], totalElements: 1 }),
});

/** Opens /UserCenter, logged in, on 当前供奉, and the renewal of the model enshrinement. */
export const openRenewal = async (routes: FakeRoutes) => {
  const api = fakeApi({ ...userCentreRoutes(), ...routes });
  sessionStore.save(session);
  const app = renderApp('#/UserCenter');
  // The first render loads the route's code for real: wait for it, not for the fake clock.
  const tab = await vi.waitFor(() => screen.getByRole('tab', { name: '当前供奉' }), { timeout: 5000 });
  await app.user.click(tab);
  await settle();
  const renew = await vi.waitFor(
    () => screen.getByRole('button', { name: `续费 ${modelEnshrinement.GF_NR}` }),
    {
      timeout: 5000,
    },
  );
  await app.user.click(renew);
  await settle();
  return { ...app, api };
};

/** What the renewal dialog shows for the context: the years chosen, the total, the notice, a message. */
export const expectChoosing = (context: EnshrinementRenewalContext) => {
  const dialog = screen.getByRole('dialog', { name: '供奉续费' });
  expect(within(dialog).getByRole('radio', { name: `${context.years}年` })).toBeChecked();
  expect(within(dialog).getByTestId('renewal-total')).toHaveTextContent(
    formatYuan(yuanToFen(renewalTotalOf(context))),
  );
  const notice = within(dialog).queryByText(RESERVATION_NOTICE);
  if (isRenewalReservation(context)) expect(notice).toBeInTheDocument();
  else expect(notice).not.toBeInTheDocument();
  const alerts = within(dialog)
    .queryAllByRole('alert')
    .filter((a) => a.textContent !== RESERVATION_NOTICE);
  if (context.orderError) expect(alerts.map((a) => a.textContent)).toEqual([context.orderError]);
  else expect(alerts).toEqual([]);
  return dialog;
};

/** 当前供奉 of the model enshrinement, logged in, in the whole app; the renewal dialog open. */
export const enshrinementRenewalView: ViewAdapter = async () => {
  const orders = heldCalls();
  const queries = heldCalls();
  const app = await openRenewal({
    [`POST ${RENEWAL_ORDER_PATH}`]: orders.next,
    'POST /portal/rs/payapi/v1/pay/payResult': queries.next,
  });
  const { user, api } = app;
  const dialog = (name: string) => screen.getByRole('dialog', { name });
  const open = (name: string | RegExp) => screen.queryByRole('dialog', { name });
  const orderCalls = () => api.calls.filter((c) => c.path === RENEWAL_ORDER_PATH);
  const worshipCalls = () => api.calls.filter((c) => c.path === WORSHIP_PATH).length;
  const listed = worshipCalls();
  let submits = 0;
  // Whether an order came to be or changed (reserved, paid, left unpaid): the lists are asked again.
  let refreshed = false;
  return {
    async exec(event, before) {
      switch (event.type) {
        case 'years.choose':
          await user.click(within(dialog('供奉续费')).getByRole('radio', { name: `${event.years}年` }));
          break;
        case 'order.submit':
          submits += 1;
          await user.click(within(dialog('供奉续费')).getByRole('button', { name: '确认续费' }));
          break;
        case 'renewal.cancel':
          await user.click(within(dialog('供奉续费')).getByRole('button', { name: '取消' }));
          break;
        case 'reserved.close':
          await user.click(within(dialog('预订成功')).getByRole('button', { name: '确定' }));
          break;
        default: {
          const { outcome, message } = event.output;
          // An order came to be or changed: paid, reserved, or its QR closed unpaid.
          if (outcome !== 'refused') refreshed = true;
          // Refused without the server's words: the network failed, no QR could be had.
          if (outcome === 'refused' && message === PAYMENT_MESSAGES.orderFailed) orders.fail();
          else {
            const answer = renewalAnswer((before.context as EnshrinementRenewalContext).years);
            await endCheckout(event.output, { orders, queries, user, prePay: answer, reservation: answer });
          }
        }
      }
      await settle(10);
    },
    async check(snapshot) {
      const context = snapshot.context as EnshrinementRenewalContext;
      if (snapshot.matches('editing')) {
        const renewal = expectChoosing(context);
        expect(within(renewal).getByRole('button', { name: '确认续费' })).toBeEnabled();
        expect(payDialog()).not.toBeInTheDocument();
      }
      // The checkout is making the order: the dialog stays, 确认续费 pending.
      if (snapshot.matches('ordering.checkingOut')) {
        expect(within(dialog('供奉续费')).getByRole('button', { name: '请稍候…' })).toBeInTheDocument();
        const last = orderCalls().at(-1);
        expect(last?.headers.get(IDEMPOTENCY_HEADER)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
        expect(last?.body).toMatchObject({
          type: 4,
          ID: modelEnshrinement.ID,
          YEARS: context.years,
          customAmount: renewalTotalOf(context),
          FX_YD_FLAG: isRenewalReservation(context) ? '1' : '0',
        });
      }
      // An order is asked by each 确认续费, and by nothing else.
      expect(orderCalls()).toHaveLength(submits);
      // An order made or changed (reserved, paid, left unpaid) asks the lists again; nothing else does.
      if (refreshed) await vi.waitFor(() => expect(worshipCalls()).toBeGreaterThan(listed));
      else expect(worshipCalls()).toBe(listed);
      if (snapshot.matches('reserved')) {
        expect(within(dialog('预订成功')).getByText(RESERVATION_NOTICE)).toBeInTheDocument();
        expect(payDialog()).not.toBeInTheDocument();
      }
      if (snapshot.status === 'done') {
        for (const name of ['供奉续费', PAY_DIALOG, '预订成功'])
          await vi.waitFor(() => expect(open(name)).not.toBeInTheDocument());
        expect(screen.getByRole('button', { name: `续费 ${modelEnshrinement.GF_NR}` })).toBeEnabled();
      }
    },
    unmount: app.unmount,
  };
};
