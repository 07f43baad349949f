import { MEMBERSHIP_MESSAGES } from '@contract/membership';
import { modelMembershipPackages } from '@machines/index';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { toastQueue } from '@web/components/ui/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { portalOk } from '../support/fake-api';
import { renderApp } from '../support/render-app';
import { session } from '../support/statecharts/fixtures/auth-dialog';
import { goodJoin, joinDefaults, joinPrePay } from '../support/statecharts/fixtures/membership-join';
import { passSecond, settle } from '../support/statecharts/run-on-view';
import { fillJoinForm, inPage, joinApi, openJoinPage, present, shown } from './flows/membership-join.flow';
import {
  currentStep,
  membershipApi,
  openMembershipPage,
  packageRadio,
} from './flows/membership-renewal.flow';

/** A reload of the tab: the page goes, the tab's sessionStorage stays, the page starts again. */
const reload = (hash: string) => {
  cleanup();
  return renderApp(hash);
};
// Queries stay within the page (the shell's <main>), and a page's opening is polled with a queryBy:
// by role and name, each candidate's name is computed (with getComputedStyle, in jsdom), and a
// failed getBy lists the role and name of every element of the page.
const textbox = (name: string) => inPage().getByRole('textbox', { name });
const press = async (user: { click: (e: Element) => Promise<void> }, name: string) => {
  await user.click(inPage().getByRole('button', { name }));
  await settle(10);
};

/** Where a wizard is kept for the tab's session (the hooks' keys, the believer's phone in them). */
const keptAt = (wizard: string) => `wizard:${wizard}:${session.userInfo.phone}`;
/**
 * A wizard as the site's last version kept it (before the ordering flow): its persisted snapshot
 * alone, on one of its steps of then, with the context of then (`refusal`, `order`).
 */
const keepAsLastVersion = (wizard: string, value: string, context: Record<string, unknown>) =>
  sessionStorage.setItem(
    keptAt(wizard),
    JSON.stringify({ status: 'active', value, historyValue: {}, context, children: {} }),
  );
/** The order's fields of the last version's contexts. */
const lastVersionOrder = {
  packages: modelMembershipPackages,
  idempotencyKey: null,
  order: null,
  refusal: null,
};

describe('the membership wizards keep what was entered for the session', { timeout: 60_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    // 12:00 in Shanghai on 2026-11-22.
    vi.setSystemTime(new Date('2026-11-22T04:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    for (const t of toastQueue.visibleToasts) toastQueue.close(t.key);
  });

  it('join: a birth date to come is refused beside its field; a reload keeps the package, the step and what was typed', async () => {
    joinApi();
    const { user } = await openJoinPage();
    await user.click(packageRadio('HY3'));
    await press(user, '下一步');
    await user.type(textbox('供奉人二'), '陈父');
    await user.type(textbox('阳上人二'), '陈母');
    fireEvent.change(screen.getByLabelText('出生日期'), { target: { value: '2026-11-23' } });
    await press(user, '下一步');
    const birth = screen.getByLabelText('出生日期');
    expect(birth).toHaveAttribute('aria-invalid', 'true');
    expect(birth).toHaveAccessibleDescription(MEMBERSHIP_MESSAGES.birthFuture);
    expect(MEMBERSHIP_MESSAGES.birthFuture).toBe('出生日期不能晚于今天');

    const again = reload('#/joinMember');
    await shown(() => inPage().queryByRole('textbox', { name: '供奉人二' }), 10_000);
    expect(textbox('供奉人二')).toHaveValue('陈父');
    expect(textbox('阳上人二')).toHaveValue('陈母');
    expect(screen.getByLabelText('出生日期')).toHaveValue('2026-11-23');
    expect(screen.getByLabelText('出生日期')).toHaveAccessibleDescription(MEMBERSHIP_MESSAGES.birthFuture);
    await press(again.user, '上一步');
    expect(packageRadio('HY3')).toBeChecked();
  });

  it('join: once paid, the kept wizard is gone: a reload starts at the packages', async () => {
    const server = joinApi();
    const { user } = await openJoinPage();
    await press(user, '下一步');
    await fillJoinForm(user, goodJoin);
    await press(user, '下一步');
    expect(inPage().getByRole('button', { name: '立即购买' })).toBeInTheDocument();
    // Reloaded on the confirmation: it comes back there, the consent to give again.
    const { user: after } = reload('#/joinMember');
    await shown(() => inPage().queryByRole('button', { name: '立即购买' }), 10_000);
    expect(currentStep()).toContain('信息确认');
    await after.click(inPage().getByRole('checkbox', { name: /同意/ }));
    await press(after, '立即购买');
    server.orders.answer(portalOk(joinPrePay, '下单成功'));
    await settle(10);
    await passSecond();
    server.queries.answer({ body: { code: 0, msg: '1' } });
    await settle(10);
    expect(inPage().getByRole('heading', { name: '支付成功' })).toBeInTheDocument();
    expect(Object.keys(sessionStorage).filter((k) => k.startsWith('wizard:'))).toEqual([]);

    reload('#/joinMember');
    await shown(() => inPage().queryByRole('radio', { name: /一年/ }), 10_000);
    expect(currentStep()).toContain('年限选择');
    expect(inPage().getByRole('button', { name: '下一步' })).toBeInTheDocument();
  });

  it('renewal: a reload keeps the chosen package', async () => {
    membershipApi();
    const { user } = await openMembershipPage('#/Renewals', () =>
      present(() => inPage().queryByRole('button', { name: '立即续费' })),
    );
    await user.click(packageRadio('HY3'));
    expect(packageRadio('HY3')).toBeChecked();
    reload('#/Renewals');
    await shown(() => inPage().queryByRole('button', { name: '立即续费' }), 10_000);
    expect(packageRadio('HY3')).toBeChecked();
  });

  it('proxy renewal: a reload keeps the code and name typed', async () => {
    membershipApi();
    const { user } = await openMembershipPage('#/GenerationRenewal', () =>
      present(() => inPage().queryByRole('button', { name: '查找' })),
    );
    await user.type(textbox('会员编号'), 'HY2026000008');
    await user.type(textbox('会员姓名'), '林慧');
    reload('#/GenerationRenewal');
    await shown(() => inPage().queryByRole('button', { name: '查找' }), 10_000);
    expect(textbox('会员编号')).toHaveValue('HY2026000008');
    expect(textbox('会员姓名')).toHaveValue('林慧');
  });

  // A snapshot of the site's last version names its steps of then: `filling` is no step now,
  // `choosing` still is (with a context of then), and proxy's `editing` is now the member's step
  // (its lookup form was `editing`).
  it.each(['choosing', 'filling'])(
    'join: a wizard kept by the last version of the site on its %s is dropped: the packages, the form as the profile fills it',
    async (step) => {
      joinApi();
      keepAsLastVersion('membership-join', step, {
        mobile: session.userInfo.phone,
        productId: 'HY3',
        values: { ...joinDefaults, GFR2: '陈父' },
        errors: {},
        agreed: false,
        ...lastVersionOrder,
      });
      const { user } = await openJoinPage();
      expect(currentStep()).toContain('年限选择');
      expect(packageRadio('HY1')).toBeChecked();
      await press(user, '下一步');
      expect(textbox('供奉人二')).toHaveValue('');
      expect(textbox('阳上人一')).toHaveValue('陈明');
    },
  );

  it('renewal: a wizard kept by the last version of the site is dropped: the first package', async () => {
    membershipApi();
    keepAsLastVersion('membership-renewal', 'choosing', { ...lastVersionOrder, itemNo: 'HY3' });
    await openMembershipPage('#/Renewals', () =>
      present(() => inPage().queryByRole('button', { name: '立即续费' })),
    );
    expect(packageRadio('HY1')).toBeChecked();
    // Dropped, not kept again until the believer chooses.
    expect(sessionStorage.getItem(keptAt('membership-renewal'))).toBeNull();
  });

  // The second: a context with every field of today's, the step named as then (the states differ).
  it.each([
    ['its context', {}],
    ['a context of today’s fields', { mobile: null, orderError: null }],
  ])(
    'proxy renewal: a lookup kept by the last version of the site (its `editing`) with %s is dropped: an empty lookup',
    async (_, today) => {
      membershipApi();
      keepAsLastVersion('membership-proxy', 'editing', {
        ...lastVersionOrder,
        ...today,
        lookupErrors: {},
        lookupFailure: null,
        query: { hyCode: 'HY2026000008', name: '林慧' },
        member: null,
        relation: null,
        relationError: null,
        itemNo: 'HY1',
      });
      await openMembershipPage('#/GenerationRenewal', () =>
        present(() => inPage().queryByRole('button', { name: '查找' })),
      );
      expect(currentStep()).toContain('查找会员');
      expect(textbox('会员编号')).toHaveValue('');
      expect(textbox('会员姓名')).toHaveValue('');
    },
  );

  type Kept = { states: string; snapshot: { context: Record<string, unknown> } };
  it.each([
    // The same steps, a context of another version: without the order's message.
    [
      'whose context lacks a field the machine has now',
      (kept: Kept) => delete kept.snapshot.context.orderError,
    ],
    // The same context, written when the form's step had another name.
    [
      'written by a machine of other states',
      (kept: Kept) => {
        kept.states = kept.states.replace('membershipJoin.editing', 'membershipJoin.filling');
      },
    ],
  ])('join: a kept wizard %s is dropped', async (_, otherVersion) => {
    joinApi();
    const { user } = await openJoinPage();
    await user.click(packageRadio('HY3'));
    await press(user, '下一步');
    await user.type(textbox('供奉人二'), '陈父');
    const kept = JSON.parse(sessionStorage.getItem(keptAt('membership-join')) ?? '{}') as Kept;
    expect(kept.snapshot.context.values).toMatchObject({ GFR2: '陈父' });
    expect(kept.states).toContain('membershipJoin.editing');
    otherVersion(kept);
    sessionStorage.setItem(keptAt('membership-join'), JSON.stringify(kept));

    reload('#/joinMember');
    await shown(() => inPage().queryByRole('radio', { name: /一年/ }), 10_000);
    expect(currentStep()).toContain('年限选择');
    expect(packageRadio('HY1')).toBeChecked();
  });
});
