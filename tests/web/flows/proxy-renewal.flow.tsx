import { MEMBERSHIP_MESSAGES } from '@contract/membership';
import { qrFailureText } from '@contract/membership-form';
import { IDEMPOTENCY_HEADER } from '@contract/payment';
import { modelMembershipPackages } from '@machines/index';
import { chosenPackage } from '@machines/membership-renewal.machine';
import type { LookupField, proxyRenewalMachine } from '@machines/proxy-renewal.machine';
import { screen, within } from '@testing-library/react';
import { renewedEndDate } from '@web/features/membership/renewal-end-date';
import { expect, vi } from 'vitest';
import type { AnyMachineSnapshot, SnapshotFrom } from 'xstate';
import { portalOk, refused } from '../../support/fake-api';
import { expectAt } from '../../support/render-app';
import { proxyPrePay } from '../../support/statecharts/fixtures/proxy-renewal';
import { settle, type ViewAdapter } from '../../support/statecharts/run-on-view';
import { endCheckout, payDialog } from './checkout-gestures';
import { inPage, present, shown } from './membership-join.flow';
import { currentStep, membershipApi, ORDER_PATH, openMembershipPage } from './membership-renewal.flow';

export const LOOKUP_PATH = '/portal/rs/believer-api/v1/believer/getBelieverByMemberNoAndName';
type ProxySnapshot = SnapshotFrom<typeof proxyRenewalMachine>;

const LABELS: Record<LookupField, string> = { hyCode: '会员编号', name: '会员姓名' };
/** The relations' names of the fake dictionary, in its order. */
const RELATION_NAMES: Record<string, string> = { '1': '本人', '4': '朋友', '7': '其他' };

/**
 * A package's card (一年, 三年) within the packages' group: a radio's name is its whole card, and
 * over the page the relations' cards would have theirs computed too.
 */
export const packageCard = (itemNo: string) =>
  within(inPage().getByRole('radiogroup', { name: '选择年限' })).getByRole('radio', {
    name: new RegExp(itemNo === 'HY3' ? '三年' : '一年'),
  });
/** A field's part of the page (its `data-field` wrapper). */
const inField = (field: string) => within(document.querySelector(`[data-field="${field}"]`) as HTMLElement);

/** /GenerationRenewal, logged in, in the whole app. */
export const proxyRenewalView: ViewAdapter = async () => {
  const { api, orders, queries, lookups } = membershipApi();
  const app = await openMembershipPage('#/GenerationRenewal', () =>
    present(() => inPage().queryByRole('button', { name: '查找' })),
  );
  const { user } = app;
  const calls = (path: string) => api.calls.filter((c) => c.path === path);
  const fill = async (label: string, text: string) => {
    const field = inPage().getByRole('textbox', { name: label });
    await user.clear(field);
    if (text) await user.type(field, text);
  };
  let lookupsSent = 0;
  let ordersSent = 0;
  let last: string | null = null;
  return {
    async exec(event) {
      switch (event.type) {
        case 'lookup.submit':
          await fill('会员编号', event.hyCode);
          await fill('会员姓名', event.name);
          await user.click(inPage().getByRole('button', { name: '查找' }));
          break;
        case 'lookup.edit':
          await user.type(
            inField(event.field).getByRole('textbox', { name: LABELS[event.field as LookupField] }),
            'H',
          );
          break;
        case 'lookup.restart':
          await user.click(inPage().getByRole('button', { name: '重新查找' }));
          break;
        case 'relation.choose':
          await user.click(inField('relation').getByRole('radio', { name: RELATION_NAMES[event.relation] }));
          break;
        case 'package.choose':
          await user.click(packageCard(event.itemNo));
          break;
        case 'order.submit':
          await user.click(inPage().getByRole('button', { name: '确认续费' }));
          break;
        case 'xstate.done.actor.lookupMember':
          lookups.answer(portalOk(event.output));
          break;
        case 'xstate.error.actor.lookupMember': {
          const message = (event.error as Error).message;
          lookups.answer(refused(message === MEMBERSHIP_MESSAGES.tooManyLookups ? 429 : 404, message));
          break;
        }
        default:
          await endCheckout(event.output, { orders, queries, user, prePay: proxyPrePay });
      }
      await settle(10);
    },
    async check(anySnapshot: AnyMachineSnapshot) {
      const snapshot = anySnapshot as ProxySnapshot;
      const { context } = snapshot;
      const state = JSON.stringify(snapshot.value);
      // Each entry into lookingUp (ordering.checkingOut) is one call, and nothing else calls.
      if (state !== last && snapshot.matches('lookingUp')) lookupsSent += 1;
      if (state !== last && snapshot.matches('ordering.checkingOut')) ordersSent += 1;
      last = state;
      expect(calls(LOOKUP_PATH)).toHaveLength(lookupsSent);
      expect(calls(ORDER_PATH)).toHaveLength(ordersSent);
      const qr = payDialog();
      const pkg = chosenPackage(modelMembershipPackages, context.itemNo);
      const endDate = context.member && pkg ? renewedEndDate(context.member.END_DATE, pkg) : '';

      if (snapshot.matches('lookup') || snapshot.matches('lookingUp')) {
        expect(currentStep()).toContain('查找会员');
        for (const field of ['hyCode', 'name'] as const) {
          const input = inField(field).getByRole('textbox', { name: LABELS[field] });
          const message = context.lookupErrors[field];
          if (message) {
            expect(input).toHaveAttribute('aria-invalid', 'true');
            expect(input).toHaveAccessibleDescription(message);
          } else expect(input).not.toHaveAttribute('aria-invalid', 'true');
        }
        const alert = screen.queryByRole('alert');
        if (context.lookupFailure) expect(alert).toHaveTextContent(context.lookupFailure);
        else expect(alert).not.toBeInTheDocument();
        expect(inPage().queryByRole('button', { name: '确认续费' })).not.toBeInTheDocument();
      }
      if (snapshot.matches('lookup')) expect(inPage().getByRole('button', { name: '查找' })).toBeEnabled();
      if (snapshot.matches('lookingUp')) {
        expect(inPage().getByRole('button', { name: '请稍候…' })).toBeInTheDocument();
        expect(calls(LOOKUP_PATH).at(-1)?.path).toBe(LOOKUP_PATH);
      }
      if (snapshot.matches('editing') || snapshot.matches('ordering.checkingOut')) {
        expect(currentStep()).toContain('确认续费');
        expect(screen.getByText(context.member?.NAME ?? '')).toBeInTheDocument();
        expect(screen.getByText(endDate)).toBeInTheDocument();
        expect(packageCard(context.itemNo ?? 'HY1')).toBeChecked();
        const relation = inField('relation').getByRole('radiogroup', { name: '与会员的关系' });
        // The relations' radios, one named by each relation of the dictionary in its order, checked
        // as the machine says (each radio's name computed once, not once per relation asked for).
        const radios = within(relation).getAllByRole('radio');
        const relations = Object.entries(RELATION_NAMES);
        expect(radios).toHaveLength(relations.length);
        for (const [i, [no, name]] of relations.entries()) {
          const radio = radios[i] as HTMLElement;
          expect(radio).toHaveAccessibleName(name);
          if (context.relation === no) expect(radio).toBeChecked();
          else expect(radio).not.toBeChecked();
        }
        if (context.relationError) expect(relation).toHaveTextContent(context.relationError);
        const alert = screen.queryAllByRole('alert').map((a) => a.textContent);
        if (context.orderError) expect(alert).toContain(qrFailureText(context.orderError));
        else expect(alert.filter((t) => t?.startsWith(MEMBERSHIP_MESSAGES.qrFailed))).toEqual([]);
        expect(qr).not.toBeInTheDocument();
      }
      if (snapshot.matches('editing'))
        expect(inPage().getByRole('button', { name: '确认续费' })).toBeEnabled();
      // The checkout is making the order: the confirmation stays, 确认续费 pending.
      if (snapshot.matches('ordering.checkingOut')) {
        expect(inPage().getByRole('button', { name: '请稍候…' })).toBeInTheDocument();
        const sent = calls(ORDER_PATH).at(-1);
        expect(sent?.headers.get(IDEMPOTENCY_HEADER)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
        expect(sent?.body).toMatchObject({
          RENEW: 1,
          TARGET_ID: context.member?.ID,
          RELATION: context.relation,
          PRODUCT_ID: context.itemNo,
        });
      }
      if (snapshot.matches('paid')) {
        expect(currentStep()).toBeNull();
        expect(inPage().getByRole('heading', { name: '支付成功' })).toBeInTheDocument();
        expect(screen.getByText(endDate)).toBeInTheDocument();
      }
      // /Renewals's code loads for real (seconds on a busy machine): the room of a page's opening.
      if (snapshot.matches('redirected')) {
        await vi.waitFor(() => expectAt('/Renewals'), { timeout: 15_000 });
        await shown(() => inPage().queryByRole('heading', { name: '会员续费' }), 15_000);
      }
    },
    unmount: app.unmount,
  };
};
