import {
  ASSEMBLY_MESSAGES,
  type AssemblyMeritItem,
  judgeAssemblyOrder,
  type TabletPreview,
} from '@contract/assembly';
import { OVER_LIMIT_MESSAGE } from '@contract/money';
import { IDEMPOTENCY_HEADER, RESERVATION_NOTICE } from '@contract/payment';
import { modelHoe, modelHoePrices } from '@machines/index';
import { screen, within } from '@testing-library/react';
import { sessionStore } from '@web/api/session';
import { expect, vi } from 'vitest';
import { fakeApi, heldCalls, portalOk } from '../../support/fake-api';
import { expectAt, renderApp } from '../../support/render-app';
import { assemblyPrePay, reservationAnswer } from '../../support/statecharts/fixtures/assembly-order';
import { session } from '../../support/statecharts/fixtures/auth-dialog';
import { settle, type ViewAdapter } from '../../support/statecharts/run-on-view';
import { endCheckout, payDialog } from './checkout-gestures';
import { closeLogin, expectLoginAsked, logIn } from './ordering-gestures';
import { waitForSubmit } from './tablet-booking.flow';

const ORDER_PATH = '/portal/rs/payapi/v1/pay/prePay';
export const modelMeritItems: AssemblyMeritItem[] = [{ CNNAME: '佛前供灯', EXTINT1: 100, ITEMNO: 'DENG' }];
export const modelPreview: TabletPreview = {
  HOE_NAME: modelHoe.HOE_NAME,
  HOE_TYPE: '往生',
  TABLET_TYPE: '小功德主',
  SIZE: 'medium',
  STYLES: [],
  NOTE: '效果图仅供参考，以实际打印为准',
};
export const modelDetailHash = `#/homeDetail?year=${modelHoe.HOE_YEAR}&name=${encodeURIComponent(modelHoe.HOE_NAME)}`;

/**
 * A field of the detail page's form by its wrapper (data-field: hoeType, tabletType, quantity,
 * merit), null while it is not shown. Gestures' queries stay within the part of the page they
 * concern: in jsdom a query after a render computes afresh the style of every element it reads
 * (candidates, their labels, ancestors), so one over the whole page reads every radio, text
 * field or group of the page and of the dialogs behind the open one.
 */
export const pageField = (field: 'hoeType' | 'tabletType' | 'quantity' | 'merit') =>
  document.querySelector<HTMLElement>(`section[aria-labelledby="hoe-name"] [data-field="${field}"]`);
/** The order dialog's entries (明细信息: 添加, each entry's 编辑 and 删除). */
export const entriesOf = (order: HTMLElement) =>
  within(order.querySelector('section[aria-labelledby="memorial-entries"]') as HTMLElement);
/** A text field of the entry dialog by its wrapper (data-field: shang1 is 阳上人一). */
export const entryField = (entry: HTMLElement, field: string, name: string) =>
  within(entry.querySelector(`[data-field="${field}"]`) as HTMLElement).getByRole('textbox', { name });
/** 提交, in the page's section (the form's part of the page). */
export const pageSubmit = () =>
  within(document.querySelector('section[aria-labelledby="hoe-name"]') as HTMLElement).getByRole('button', {
    name: '提交',
  });
/** A choice's radio within its field (法会类型 or 牌位类型). */
export const choiceRadio = (field: 'hoeType' | 'tabletType', name: RegExp) => {
  const scope = pageField(field);
  if (!scope) throw new Error(`the page shows no ${field} field`);
  return within(scope).getByRole('radio', { name });
};

/** The detail page of the model assembly (往生 · 小功德主 ¥300, 佛前供灯 ¥100), logged in, in the whole app. */
export const assemblyOrderView: ViewAdapter = async () => {
  const orders = heldCalls();
  const queries = heldCalls();
  const logins = heldCalls();
  const api = fakeApi({
    'GET /portal/rs/hoeapi/hoe/getHoeAll': () => portalOk({ hoe: modelHoe, tabletGdjList: modelHoePrices }),
    'GET /portal/rs/hoeapi/hoe/findByHoeList': () => portalOk({ ls: [modelHoe] }),
    'GET /portal/rs/hoe-api/v1/hoe/getMeritItemList': () => portalOk(modelMeritItems),
    'GET /portal/rs/hoe-api/v1/hoe/getTabletPreview': () => portalOk(modelPreview),
    'POST /portal/rs/payapi/v1/pay/prePay': orders.next,
    'POST /portal/rs/payapi/v1/pay/payResult': queries.next,
    'POST /api/login/mobile': logins.next,
  });
  sessionStore.save(session);
  const app = renderApp(modelDetailHash);
  await waitForSubmit();
  const { user } = app;
  const dialog = (name: string | RegExp) => screen.getByRole('dialog', { name });
  const open = (name: string) => screen.queryByRole('dialog', { name });
  let confirms = 0;
  const orderCalls = () => api.calls.filter((c) => c.path === ORDER_PATH);
  const radio = (field: 'hoeType' | 'tabletType', name: RegExp) => user.click(choiceRadio(field, name));
  return {
    async exec(event, before) {
      switch (event.type) {
        case 'order.submit': {
          // Choosing the assembly type again empties the tablet type, the amount and the items.
          await radio('hoeType', /^延生/);
          await radio('hoeType', /^往生/);
          await settle();
          if (event.form.tabletType) await radio('tabletType', /^小功德主/);
          const count = event.form.merit[0]?.count ?? 0;
          const lamps = await screen.findByRole('textbox', { name: /佛前供灯/ });
          await user.clear(lamps);
          await user.type(lamps, String(count));
          if (event.mobile) sessionStore.save(session);
          else sessionStore.clear();
          await user.click(pageSubmit());
          break;
        }
        case 'form.edit': {
          const tablets = pageField('tabletType');
          if (!tablets || !within(tablets).queryByRole('radio', { name: /^小功德主/ }))
            await radio('hoeType', /^往生/);
          await radio('tabletType', /^小功德主/);
          break;
        }
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
        case 'agreement.set': {
          const box = within(dialog('订单确认')).getByRole('checkbox', { name: /我已阅读并同意/ });
          // Setting what is already set still clears the last message: the believer ticks it off and on.
          if (before.context.agreed === event.agreed) await user.click(box);
          await user.click(box);
          break;
        }
        case 'xstate.snapshot.entries':
          if (before.context.entries.length === 0) {
            await user.click(entriesOf(dialog('订单确认')).getByRole('button', { name: '添加' }));
            const entry = dialog(/往生牌位$/);
            const seat = within(within(entry).getByRole('group', { name: '往生牌位一' })).getByRole(
              'combobox',
              { name: '牌位类型' },
            );
            await user.selectOptions(seat, '十方法界一切众生');
            await user.type(entryField(entry, 'shang1', '阳上人一'), '张小明');
          } else await user.click(entriesOf(dialog('订单确认')).getByRole('button', { name: '编辑第1条' }));
          await user.click(within(dialog(/往生牌位$/)).getByRole('button', { name: '确定' }));
          break;
        case 'order.confirm':
          // Only a confirmation that passes the order-level rules asks the server.
          if (
            judgeAssemblyOrder({
              entries: before.context.entries.length,
              agreed: before.context.agreed,
              quantity: before.context.draft?.QUANTITY ?? 1,
              newYearEve: modelHoe.NEW_YEAR_EVE,
              leaderTablet: modelHoe.LEADER_TABLET,
            }) === null
          )
            confirms += 1;
          await user.click(within(dialog('订单确认')).getByRole('button', { name: '确认支付' }));
          break;
        case 'order.cancel':
          await user.click(within(dialog('订单确认')).getByRole('button', { name: '取消' }));
          break;
        case 'reserved.close':
          await user.click(within(dialog('办理成功')).getByRole('button', { name: '确定' }));
          break;
        default:
          await endCheckout(event.output, {
            orders,
            queries,
            user,
            prePay: assemblyPrePay,
            reservation: reservationAnswer,
          });
      }
      await settle(10);
    },
    async check(snapshot) {
      const { context } = snapshot;
      if (snapshot.matches('editing')) {
        expect(open('订单确认')).not.toBeInTheDocument();
        expect(payDialog()).not.toBeInTheDocument();
        expect(open('验证码登录')).not.toBeInTheDocument();
        expect(pageSubmit()).toBeEnabled();
        for (const [field, label] of [
          ['hoeType', '法会类型'],
          ['tabletType', '牌位类型'],
        ] as const) {
          const group = screen.queryByRole('radiogroup', { name: label });
          const message = context.errors[field];
          if (message) expect(group).toHaveTextContent(message);
          else if (group) expect(group).not.toHaveAttribute('aria-invalid', 'true');
        }
      }
      if (snapshot.matches('overLimit'))
        expect(within(dialog('温馨提示')).getByText(OVER_LIMIT_MESSAGE)).toBeInTheDocument();
      if (snapshot.matches('awaitingLogin')) expectLoginAsked(ASSEMBLY_MESSAGES.loginFirst);
      if (snapshot.matches('ordering')) {
        const confirm = dialog('订单确认');
        expect(within(confirm).getByText(modelHoe.HOE_NAME)).toBeInTheDocument();
        expect(within(confirm).getByRole('checkbox', { name: /我已阅读并同意/ })).toHaveProperty(
          'checked',
          context.agreed,
        );
        expect(within(confirm).queryAllByRole('button', { name: /^编辑第/ })).toHaveLength(
          context.entries.length,
        );
        expect(within(confirm).queryAllByRole('img', { name: /^往生牌位：/ })).toHaveLength(
          context.entries.length,
        );
        const alert = within(confirm).queryByRole('alert');
        if (context.orderError) expect(alert).toHaveTextContent(context.orderError);
        else expect(alert).not.toBeInTheDocument();
      }
      if (snapshot.matches('ordering.confirming'))
        expect(within(dialog('订单确认')).getByRole('button', { name: '确认支付' })).toBeEnabled();
      // The checkout is making the order: the dialog stays, its button pending.
      if (snapshot.matches('ordering.checkingOut')) {
        expect(within(dialog('订单确认')).getByRole('button', { name: '请稍候…' })).toBeInTheDocument();
        expect(orderCalls().at(-1)?.headers.get(IDEMPOTENCY_HEADER)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
      }
      // An order is requested only by a confirmation that passed the order-level rules.
      expect(orderCalls()).toHaveLength(confirms);
      if (snapshot.matches('reserved')) {
        expect(within(dialog('办理成功')).getByText(RESERVATION_NOTICE)).toBeInTheDocument();
        expect(payDialog()).not.toBeInTheDocument();
      }
      if (snapshot.matches('paid'))
        await vi.waitFor(() => expectAt(`/success?no=${assemblyPrePay.out_trade_no}`));
      if (snapshot.matches('left')) await vi.waitFor(() => expectAt('/BusinessClass'));
    },
    unmount: app.unmount,
  };
};
