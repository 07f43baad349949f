import { MEMBERSHIP_MESSAGES } from '@contract/membership';
import { type JoinField, type JoinFormValues, qrFailureText } from '@contract/membership-form';
import { IDEMPOTENCY_HEADER } from '@contract/payment';
import { modelMembershipPackages } from '@machines/index';
import { joinOrderOfContext, type membershipJoinMachine } from '@machines/membership-join.machine';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { sessionStore } from '@web/api/session';
import { expect, vi } from 'vitest';
import type { AnyMachineSnapshot, SnapshotFrom } from 'xstate';
import { fakeApi, heldCalls, ok, portalOk } from '../../support/fake-api';
import { hrefTo, renderApp } from '../../support/render-app';
import { session } from '../../support/statecharts/fixtures/auth-dialog';
import { joinPrePay, joinProfile } from '../../support/statecharts/fixtures/membership-join';
import { settle, type ViewAdapter } from '../../support/statecharts/run-on-view';
import { endCheckout, payDialog } from './checkout-gestures';

export const ORDER_PATH = '/portal/rs/payapi/v1/pay/prePay';
type JoinSnapshot = SnapshotFrom<typeof membershipJoinMachine>;

/** The believer's profile as getByPhone answers it (a name, nothing else yet). */
export const profileAnswer = {
  xzCode: 'XZ000001',
  phone: session.userInfo.phone,
  cardId: '',
  telNumber: '',
  postCode: '',
  email: '',
  ...joinProfile,
};

/** The fake server of the join page: the packages, no membership yet, the profile; orders held. */
export const joinApi = (member: unknown = null) => {
  const orders = heldCalls();
  const queries = heldCalls();
  const api = fakeApi({
    'GET /portal/rs/common-api/v1/common/getDictData': () =>
      portalOk({ 'WFS.COMMON.HY.PRODUCT': modelMembershipPackages.map((p) => ({ ...p, EXTTEXT1: null })) }),
    'GET /portal/rs/believer-api/v1/believer/getMyMember': () => portalOk(member),
    'GET /api/yxs-app/believer/getByPhone': () => ok(profileAnswer),
    'GET /api/yxs-app/user/me': () => ok(session.userInfo),
    'POST /portal/rs/payapi/v1/pay/prePay': orders.next,
    'POST /portal/rs/payapi/v1/pay/payResult': queries.next,
  });
  return { api, orders, queries };
};

/**
 * The page's own part (the shell's <main>): the wizard's queries stay within it. A query by role
 * and name computes the accessible name (with getComputedStyle, in jsdom) of every candidate:
 * over the whole page, the header's links and buttons too.
 */
export const inPage = () => within(document.querySelector('main') as HTMLElement);

/** A field's part of the form (its `data-field` wrapper): a field's queries stay within it. */
const fieldScope = (field: JoinField) => document.querySelector(`[data-field="${field}"]`) as HTMLElement;
export const inField = (field: JoinField) => within(fieldScope(field));

/**
 * What `find` (a queryBy) finds, or a cheap failure while it finds nothing: for vi.waitFor to poll
 * with. A failed getBy would list the role and name of every element of the page at each poll
 * (most of a page's opening went to that).
 */
export const present = <T extends HTMLElement>(find: () => T | null): T => {
  const found = find();
  expect(found).not.toBeNull();
  return found as T;
};

/** Waits until `find` (a queryBy) finds its element, and answers it. */
export const shown = <T extends HTMLElement>(find: () => T | null, timeout = 5000): Promise<T> =>
  vi.waitFor(() => present(find), { timeout });

/** Opens /joinMember logged in and waits for the first step (the route's code loads for real). */
export const openJoinPage = async () => {
  sessionStore.save(session);
  const app = renderApp('#/joinMember');
  await shown(() => inPage().queryByRole('radio', { name: /一年/ }));
  return app;
};

/**
 * Picks 省/市/区 through the real picker (its table loads lazily, as on the site): each select's
 * popover is opened with a click, and the option is clicked in it. The option is looked for in the
 * open list only: over the whole page its name would be computed for each option of the three
 * selects' hidden native <select>s too (every province, the province's cities and the city's
 * districts).
 */
export const pickRegion = async (user: UserEvent, names: readonly string[]) => {
  const group = inField('SSQ_NAME').getByRole('group', { name: /所在地区/ });
  for (const [level, name] of names.entries()) {
    const trigger = await vi.waitFor(
      () => {
        const button = within(group).getAllByRole('button')[level] as HTMLElement;
        expect(button).toBeEnabled();
        return button;
      },
      { timeout: 5000 },
    );
    await user.click(trigger);
    const list = await vi.waitFor(() => screen.getByRole('listbox'), { timeout: 5000 });
    await user.click(within(list).getByRole('option', { name }));
    await settle();
  }
};

/** The text fields the adapter fills (the rest keep what the form starts with). */
const FILLED_TEXTS = [
  ['GFR1', '供奉人一'],
  ['YS1', '阳上人一'],
] as const;

/**
 * Fills the form as the values say, as far as a believer can (a chosen sex or region stays chosen).
 * 供奉人一 and 阳上人一 are pasted, both in one render: typed, each keystroke would draw the whole
 * form again, its three region selects with every option.
 */
export const fillJoinForm = async (user: UserEvent, values: JoinFormValues) => {
  if (values.SEX)
    await user.click(inField('SEX').getByRole('radio', { name: values.SEX === '1' ? '男' : '女' }));
  fireEvent.change(inField('BIRTH_DATE').getByLabelText('出生日期'), {
    target: { value: values.BIRTH_DATE },
  });
  if (values.SSQ_NAME.length > 0) await pickRegion(user, values.SSQ_NAME);
  const boxes = FILLED_TEXTS.map(
    ([field, label]) => [inField(field).getByRole('textbox', { name: label }), values[field]] as const,
  );
  act(() => {
    for (const [box, text] of boxes) fireEvent.change(box, { target: { value: text } });
  });
};

const FIELD_LABELS: Partial<Record<JoinField, string>> = {
  GFR1: '供奉人一',
  YS1: '阳上人一',
  NAME: '会员姓名',
};
/** The step shown at each state the paths rest on (支付 is the checkout's QR, closed or paid by then). */
const STEP_OF = (s: JoinSnapshot) =>
  s.matches('paid') ? null : s.matches('choosing') || s.matches('editing') ? '年限选择' : '信息确认';

/** The join wizard at /joinMember, logged in, in the whole app; the two seeded packages. */
export const membershipJoinView: ViewAdapter = async () => {
  const { api, orders, queries } = joinApi();
  const app = await openJoinPage();
  const { user } = app;
  const orderCalls = () => api.calls.filter((c) => c.path === ORDER_PATH);
  let buys = 0;
  return {
    async exec(event, before) {
      switch (event.type) {
        case 'package.choose': {
          const pkg = modelMembershipPackages.find((p) => p.ITEMNO === event.itemNo);
          await user.click(inPage().getByRole('radio', { name: new RegExp(pkg?.CNNAME ?? '') }));
          break;
        }
        case 'package.next':
        case 'order.submit':
          if (event.type === 'order.submit') await fillJoinForm(user, event.form);
          await user.click(inPage().getByRole('button', { name: '下一步' }));
          break;
        case 'form.edit':
          await user.type(inField('GFR1').getByRole('textbox', { name: '供奉人一' }), '众');
          break;
        case 'form.back':
        case 'order.cancel':
          await user.click(inPage().getByRole('button', { name: '上一步' }));
          break;
        case 'consent.set': {
          const box = inPage().getByRole('checkbox', { name: /同意/ });
          if ((box as HTMLInputElement).checked !== event.agreed) await user.click(box);
          break;
        }
        case 'order.confirm':
          // Before 同意 the button is disabled: the machine takes the event and changes nothing.
          if (before.matches('ordering.confirming') && before.context.agreed) buys += 1;
          await user.click(inPage().getByRole('button', { name: '立即购买' }));
          break;
        default:
          await endCheckout(event.output, { orders, queries, user, prePay: joinPrePay });
      }
      await settle(10);
    },
    async check(any: AnyMachineSnapshot) {
      const snapshot = any as JoinSnapshot;
      const { context } = snapshot;
      const step = STEP_OF(snapshot);
      const current = document.querySelector('[aria-current="step"]');
      if (step) expect(current).toHaveTextContent(step);
      else expect(current).toBeNull();

      if (snapshot.matches('choosing')) {
        const pkg = modelMembershipPackages.find((p) => p.ITEMNO === context.productId);
        expect(inPage().getByRole('radio', { name: new RegExp(pkg?.CNNAME ?? '-') })).toBeChecked();
      }
      if (snapshot.matches('editing')) {
        // Each of the machine's messages beside its field, and only those (the fields looked up at
        // once, each field's queries within it).
        const scopes = new Map(
          [...document.querySelectorAll<HTMLElement>('[data-field]')].map((e) => [e.dataset.field, e]),
        );
        const inScope = (field: JoinField) => within(scopes.get(field) as HTMLElement);
        for (const [field, label] of Object.entries(FIELD_LABELS)) {
          const input = inScope(field as JoinField).getByRole('textbox', { name: label });
          const message = context.errors[field as JoinField];
          if (message) expect(input).toHaveAccessibleDescription(message);
          else expect(input).not.toHaveAttribute('aria-invalid', 'true');
        }
        const birth = inScope('BIRTH_DATE').getByLabelText('出生日期');
        if (context.errors.BIRTH_DATE) expect(birth).toHaveAccessibleDescription(context.errors.BIRTH_DATE);
        else expect(birth).not.toHaveAttribute('aria-invalid');
      }
      const confirming = snapshot.matches('ordering');
      // (Under the QR dialog the page is hidden from assistive technology: checked while it is seen.)
      if (confirming) {
        const page = inPage();
        expect(page.getByText(/^功德会会员（/)).toBeInTheDocument();
        expect(page.getByRole('checkbox', { name: /同意/ })).toHaveProperty('checked', context.agreed);
      }
      if (snapshot.matches('ordering.confirming')) {
        const buy = inPage().getByRole('button', { name: '立即购买' });
        if (context.agreed) expect(buy).toBeEnabled();
        else expect(buy).toBeDisabled();
        const alert = screen.queryByRole('alert');
        if (context.orderError) expect(alert).toHaveTextContent(qrFailureText(context.orderError));
        else expect(alert).not.toBeInTheDocument();
        // (Within the page: over the whole page, each of the header's links would have its name computed.)
        const renew = inPage().queryByRole('link', { name: '去续费' });
        if (context.orderError === MEMBERSHIP_MESSAGES.alreadyMember) expect(renew).toBeInTheDocument();
        else expect(renew).not.toBeInTheDocument();
      }
      // The checkout is making the order: the confirmation stays, 立即购买 pending.
      if (snapshot.matches('ordering.checkingOut')) {
        expect(inPage().getByRole('button', { name: '请稍候…' })).toBeDisabled();
        const last = orderCalls().at(-1);
        expect(last?.headers.get(IDEMPOTENCY_HEADER)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
        expect(last?.body).toMatchObject({
          type: 6,
          PRODUCT_ID: context.productId,
          GFR1: joinOrderOfContext(context)?.GFR1,
        });
      }
      // An order is requested by each buy the consent allowed, and by nothing else.
      expect(orderCalls()).toHaveLength(buys);
      expect(payDialog()).not.toBeInTheDocument();
      if (snapshot.matches('paid')) {
        const page = inPage();
        expect(page.getByRole('heading', { name: '支付成功' })).toBeInTheDocument();
        expect(page.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', hrefTo('/index'));
        expect(localStorage.getItem('USER_TYPE')).toBe('2');
      } else expect(localStorage.getItem('USER_TYPE')).toBe('1');
    },
    unmount: app.unmount,
  };
};
