import { MEMBERSHIP_MESSAGES, type MyMembership } from '@contract/membership';
import { qrFailureText } from '@contract/membership-form';
import { IDEMPOTENCY_HEADER } from '@contract/payment';
import { modelMembershipPackages } from '@machines/index';
import { chosenPackage, type membershipRenewalMachine } from '@machines/membership-renewal.machine';
import { screen } from '@testing-library/react';
import { sessionStore } from '@web/api/session';
import { renewedEndDate } from '@web/features/membership/renewal-end-date';
import { expect, vi } from 'vitest';
import type { AnyMachineSnapshot, SnapshotFrom } from 'xstate';
import { fakeApi, heldCalls, portalOk } from '../../support/fake-api';
import { renderApp } from '../../support/render-app';
import { session } from '../../support/statecharts/fixtures/auth-dialog';
import { renewalPrePay } from '../../support/statecharts/fixtures/membership-renewal';
import { settle, type ViewAdapter } from '../../support/statecharts/run-on-view';
import { endCheckout, payDialog } from './checkout-gestures';

export const ORDER_PATH = '/portal/rs/payapi/v1/pay/prePay';
type RenewalSnapshot = SnapshotFrom<typeof membershipRenewalMachine>;

/** The believer's own membership: active until 2027-03-01. */
export const ownMembership: NonNullable<MyMembership> = {
  HY_CODE: 'HY2026000007',
  HY_STATUS: '1',
  JOIN_DATE: '2026-03-01',
  END_DATE: '2027-03-01',
  NAME: '陈居士',
  SEX: '1',
  BIRTH_DATE: '1960-01-01',
  MOBILE: session.userInfo.phone,
  SSQ_NAME: ['上海市'],
  ADDRESS: '',
  PHOTO: '',
};

/** The fake server of the membership pages: the packages, relations, the membership; calls held. */
export const membershipApi = (member: MyMembership = ownMembership) => {
  const orders = heldCalls();
  const queries = heldCalls();
  const lookups = heldCalls();
  const api = fakeApi({
    'GET /portal/rs/common-api/v1/common/getDictData': () =>
      portalOk({ 'WFS.COMMON.HY.PRODUCT': modelMembershipPackages.map((p) => ({ ...p, EXTTEXT1: null })) }),
    'GET /portal/rs/common-api/v1/common/getDictDataName': () =>
      portalOk(
        [
          ['1', '本人'],
          ['4', '朋友'],
          ['7', '其他'],
        ].map(([ITEMNO, CNNAME]) => ({ ITEMNO, CNNAME, EXTINT1: null, EXTINT2: null, EXTTEXT1: null })),
      ),
    'GET /portal/rs/believer-api/v1/believer/getMyMember': () => portalOk(member),
    'GET /portal/rs/believer-api/v1/believer/getBelieverByMemberNoAndName': lookups.next,
    'POST /portal/rs/payapi/v1/pay/prePay': orders.next,
    'POST /portal/rs/payapi/v1/pay/payResult': queries.next,
  });
  return { api, orders, queries, lookups };
};

/** Opens a membership page logged in and waits for `ready` (the route's code loads for real). */
export const openMembershipPage = async (hash: string, ready: () => HTMLElement) => {
  sessionStore.save(session);
  const app = renderApp(hash);
  await vi.waitFor(ready, { timeout: 15_000 });
  return app;
};

/** The package cards' names: 一年 and 三年 in the model. */
export const packageRadio = (itemNo: string) =>
  screen.getByRole('radio', { name: new RegExp(itemNo === 'HY3' ? '三年' : '一年') });

/**
 * The step the wizard marks current (aria-current="step"), or null when every step is done; read
 * under the QR dialog too (a modal hides the page from the accessibility tree).
 */
export const currentStep = () =>
  screen.getByRole('navigation', { name: '办理步骤', hidden: true }).querySelector('[aria-current="step"]')
    ?.textContent ?? null;

/** /Renewals of a member, in the whole app. */
export const membershipRenewalView: ViewAdapter = async () => {
  const { api, orders, queries } = membershipApi();
  const app = await openMembershipPage('#/Renewals', () => screen.getByRole('button', { name: '立即续费' }));
  const { user } = app;
  const orderCalls = () => api.calls.filter((c) => c.path === ORDER_PATH);
  let submits = 0;
  return {
    async exec(event) {
      switch (event.type) {
        case 'package.choose':
          await user.click(packageRadio(event.itemNo));
          break;
        case 'order.submit':
          submits += 1;
          await user.click(screen.getByRole('button', { name: '立即续费' }));
          break;
        default:
          await endCheckout(event.output, { orders, queries, user, prePay: renewalPrePay });
      }
      await settle(10);
    },
    async check(anySnapshot: AnyMachineSnapshot) {
      const snapshot = anySnapshot as RenewalSnapshot;
      const { context } = snapshot;
      const pkg = chosenPackage(modelMembershipPackages, context.itemNo);
      const endDate = pkg ? renewedEndDate(ownMembership.END_DATE, pkg) : '';
      const qr = payDialog();
      if (snapshot.matches('editing') || snapshot.matches('ordering.checkingOut')) {
        expect(currentStep()).toContain('年限选择');
        expect(packageRadio(context.itemNo ?? 'HY1')).toBeChecked();
        expect(screen.getByText(endDate)).toBeInTheDocument();
        const alert = screen.queryByRole('alert');
        if (context.orderError) expect(alert).toHaveTextContent(qrFailureText(context.orderError));
        else expect(alert).not.toBeInTheDocument();
        // Not a member after all: the way to /joinMember beside the message.
        const join = screen.queryByRole('link', { name: '前往入会' });
        if (context.orderError === MEMBERSHIP_MESSAGES.notMember) expect(join).toBeInTheDocument();
        else expect(join).not.toBeInTheDocument();
        expect(qr).not.toBeInTheDocument();
      }
      if (snapshot.matches('editing')) expect(screen.getByRole('button', { name: '立即续费' })).toBeEnabled();
      // The checkout is making the order: 年限选择 stays, 立即续费 pending.
      if (snapshot.matches('ordering.checkingOut')) {
        expect(screen.getByRole('button', { name: '请稍候…' })).toBeInTheDocument();
        expect(orderCalls().at(-1)?.headers.get(IDEMPOTENCY_HEADER)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
        expect(orderCalls().at(-1)?.body).toMatchObject({ RENEW: 1, PRODUCT_ID: context.itemNo });
      }
      // An order is asked for by each 立即续费, and by nothing else.
      expect(orderCalls()).toHaveLength(submits);
      if (snapshot.matches('paid')) {
        expect(currentStep()).toBeNull();
        expect(screen.getByRole('heading', { name: '支付成功' })).toBeInTheDocument();
        expect(screen.getByText(endDate)).toBeInTheDocument();
        expect(screen.getByRole('link', { name: '返回首页' })).toBeInTheDocument();
      }
    },
    unmount: app.unmount,
  };
};
