import { AUTH_MESSAGES } from '@contract/auth';
import { MEMBERSHIP_MESSAGES } from '@contract/membership';
import { IDEMPOTENCY_HEADER } from '@contract/payment';
import { screen, within } from '@testing-library/react';
import { sessionStore } from '@web/api/session';
import { toastQueue } from '@web/components/ui/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { portalOk, refused } from '../../support/fake-api';
import { renderApp } from '../../support/render-app';
import {
  MEMBER_CODE,
  MEMBER_NAME,
  otherMember,
  proxyPrePay,
  selfMember,
} from '../../support/statecharts/fixtures/proxy-renewal';
import { passSecond, settle } from '../../support/statecharts/run-on-view';
import { guardLoginDialog } from './auth-dialog.flow';
import { inPage, present, shown } from './membership-join.flow';
import { currentStep, membershipApi, ORDER_PATH, openMembershipPage } from './membership-renewal.flow';
import { LOOKUP_PATH, packageCard } from './proxy-renewal.flow';

/** /GenerationRenewal logged in; lookups and orders are held for the test to answer. */
const openProxy = async () => {
  const fake = membershipApi();
  const app = await openMembershipPage('#/GenerationRenewal', () =>
    present(() => inPage().queryByRole('button', { name: '查找' })),
  );
  const calls = (path: string) => fake.api.calls.filter((c) => c.path === path);
  const lookUp = async (hyCode = MEMBER_CODE, name = MEMBER_NAME) => {
    if (hyCode) await app.user.type(inPage().getByRole('textbox', { name: '会员编号' }), hyCode);
    if (name) await app.user.type(inPage().getByRole('textbox', { name: '会员姓名' }), name);
    await app.user.click(inPage().getByRole('button', { name: '查找' }));
    await settle();
  };
  const found = async (member = otherMember) => {
    await lookUp();
    fake.lookups.answer(portalOk(member));
    await settle(10);
  };
  const confirm = async () => {
    await app.user.click(inPage().getByRole('button', { name: '确认续费' }));
    await settle();
  };
  return { ...app, ...fake, calls, lookUp, found, confirm };
};

// A whole believer's session in jsdom: the limit guards against a hang, not against slowness.
describe('renewing another member’s membership on /GenerationRenewal', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-11-22T04:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    for (const t of toastQueue.visibleToasts) toastQueue.close(t.key);
  });

  it('lookup, relation, 三年, paid: one proxy order with the token and relation; step 2 says 支付成功 and the new date', async () => {
    const page = await openProxy();
    expect(currentStep()).toContain('查找会员');
    await page.lookUp();
    expect(page.calls(LOOKUP_PATH)).toHaveLength(1);
    expect(inPage().getByRole('button', { name: '请稍候…' })).toBeInTheDocument();
    page.lookups.answer(portalOk(otherMember));
    await settle(10);

    expect(currentStep()).toContain('确认续费');
    expect(screen.getByText('陈*')).toBeInTheDocument();
    expect(screen.queryByText(MEMBER_NAME)).not.toBeInTheDocument();
    expect(screen.getByText('有效')).toBeInTheDocument();
    expect(screen.getByText('2027-03-01')).toBeInTheDocument();
    expect(screen.getByText('2028-03-01')).toBeInTheDocument();

    // 确认续费 without a relation: the message under the relations, focus on them, no order.
    await page.confirm();
    const relations = inPage().getByRole('radiogroup', { name: '与会员的关系' });
    expect(relations).toHaveTextContent(MEMBERSHIP_MESSAGES.relation);
    expect(within(relations).getByRole('radio', { name: '本人' })).toHaveFocus();
    expect(page.calls(ORDER_PATH)).toHaveLength(0);

    await page.user.click(inPage().getByRole('radio', { name: '朋友' }));
    expect(relations).not.toHaveTextContent(MEMBERSHIP_MESSAGES.relation);
    await page.user.click(packageCard('HY3'));
    expect(screen.getByText('2030-03-01')).toBeInTheDocument();
    await page.confirm();
    expect(page.calls(ORDER_PATH)).toHaveLength(1);
    expect(page.calls(ORDER_PATH)[0]?.body).toEqual({
      type: 6,
      RENEW: 1,
      CHANNEL: 'pc',
      MOBILE: sessionStore.mobile(),
      PRODUCT_ID: 'HY3',
      customAmount: 1000,
      TARGET_ID: otherMember.ID,
      RELATION: '4',
    });
    expect(page.calls(ORDER_PATH)[0]?.headers.get(IDEMPOTENCY_HEADER)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);

    page.orders.answer(portalOk(proxyPrePay));
    await settle(10);
    expect(screen.getByRole('dialog', { name: '请扫码支付' })).toBeInTheDocument();
    await passSecond();
    page.queries.answer({ body: { code: 0, msg: '1' } });
    await settle(10);
    expect(currentStep()).toBeNull();
    expect(inPage().getByRole('heading', { name: '支付成功' })).toBeInTheDocument();
    expect(screen.getByText(/陈\*的会员有效期已延至/)).toBeInTheDocument();
    expect(screen.getByText('2030-03-01')).toBeInTheDocument();
    expect(inPage().getByRole('link', { name: '返回首页' })).toBeInTheDocument();
  });

  it('self-lookup redirects to Renewals, saying why; no order', async () => {
    const page = await openProxy();
    await page.found(selfMember);
    // /Renewals's code loads for real (seconds on a busy machine): the room of a page's opening.
    await vi.waitFor(() => expect(window.location.hash).toBe('#/Renewals'), { timeout: 15_000 });
    await shown(() => inPage().queryByRole('heading', { name: '会员续费' }), 15_000);
    expect(toastQueue.visibleToasts.map((t) => t.content.text)).toContain(MEMBERSHIP_MESSAGES.selfProxy);
    expect(page.calls(ORDER_PATH)).toHaveLength(0);
  });

  it('lookup failure: 查找失败 on the lookup step (no toast), and the next lookup can be made', async () => {
    const page = await openProxy();
    await page.lookUp();
    page.lookups.answer(refused(404, MEMBERSHIP_MESSAGES.lookupFailed));
    await settle(10);
    expect(currentStep()).toContain('查找会员');
    expect(screen.getByRole('alert')).toHaveTextContent(MEMBERSHIP_MESSAGES.lookupFailed);
    expect(toastQueue.visibleToasts).toHaveLength(0);
    expect(inPage().getByRole('button', { name: '查找' })).toBeEnabled();
  });

  it('rate-limited: 查找过于频繁，请稍后再试 is shown', async () => {
    const page = await openProxy();
    await page.lookUp();
    page.lookups.answer(refused(429, MEMBERSHIP_MESSAGES.tooManyLookups));
    await settle(10);
    expect(screen.getByRole('alert')).toHaveTextContent(MEMBERSHIP_MESSAGES.tooManyLookups);
  });

  it('a lookup the network lost says 查找失败', async () => {
    const page = await openProxy();
    await page.lookUp();
    page.lookups.fail();
    await settle(10);
    expect(screen.getByRole('alert')).toHaveTextContent(MEMBERSHIP_MESSAGES.lookupFailed);
  });

  it('empty code and name: both messages under their fields, focus on the code, no lookup', async () => {
    const page = await openProxy();
    await page.lookUp('', '');
    const code = inPage().getByRole('textbox', { name: '会员编号' });
    expect(code).toHaveAccessibleDescription(MEMBERSHIP_MESSAGES.hyCode);
    expect(inPage().getByRole('textbox', { name: '会员姓名' })).toHaveAccessibleDescription(
      MEMBERSHIP_MESSAGES.hyName,
    );
    expect(code).toHaveFocus();
    expect(page.calls(LOOKUP_PATH)).toHaveLength(0);
  });

  it('QR failure: 获取二维码失败, 确认续费 usable again', async () => {
    const page = await openProxy();
    await page.found();
    await page.user.click(inPage().getByRole('radio', { name: '朋友' }));
    await page.confirm();
    page.orders.fail();
    await settle(10);
    // The network gave no reason: 获取二维码失败 alone.
    expect(screen.getByRole('alert')).toHaveTextContent(new RegExp(`^${MEMBERSHIP_MESSAGES.qrFailed}$`));
    expect(screen.queryByRole('dialog', { name: '请扫码支付' })).not.toBeInTheDocument();
    expect(inPage().getByRole('button', { name: '确认续费' })).toBeEnabled();
  });

  it('a QR closed unpaid: back on 确认续费 with the member and relation; 确认续费 asks for the same order with the same key', async () => {
    const page = await openProxy();
    await page.found();
    await page.user.click(inPage().getByRole('radio', { name: '朋友' }));
    await page.confirm();
    page.orders.answer(portalOk(proxyPrePay, '下单成功'));
    await settle(10);
    const qr = screen.getByRole('dialog', { name: '请扫码支付' });
    await page.user.click(within(qr).getByRole('button', { name: /^关闭$/ }));
    await settle(10);
    expect(screen.queryByRole('dialog', { name: '请扫码支付' })).not.toBeInTheDocument();
    expect(currentStep()).toContain('确认续费');
    expect(inPage().getByRole('radio', { name: '朋友' })).toBeChecked();
    expect(screen.queryByRole('heading', { name: '支付成功' })).not.toBeInTheDocument();

    await page.confirm();
    const [first, second] = page.calls(ORDER_PATH);
    expect(page.calls(ORDER_PATH)).toHaveLength(2);
    expect(second?.headers.get(IDEMPOTENCY_HEADER)).toBe(first?.headers.get(IDEMPOTENCY_HEADER));
    expect(second?.body).toEqual(first?.body);
  });

  it('an expired member: the new end date counts from today', async () => {
    const page = await openProxy();
    await page.found({ ...otherMember, HY_STATUS: '0', END_DATE: '2026-05-01' });
    expect(screen.getByText('已过期')).toBeInTheDocument();
    expect(screen.getByText('2027-11-22')).toBeInTheDocument();
  });

  it('a lookup that ran out: back on the lookup with 查找结果已失效，请重新查找', async () => {
    const page = await openProxy();
    await page.found();
    await page.user.click(inPage().getByRole('radio', { name: '朋友' }));
    await page.confirm();
    page.orders.answer(refused(400, MEMBERSHIP_MESSAGES.targetExpired));
    await settle(10);
    expect(currentStep()).toContain('查找会员');
    expect(screen.getByRole('alert')).toHaveTextContent(MEMBERSHIP_MESSAGES.targetExpired);
    // Asked again as it was: the code and name are still there.
    expect(inPage().getByRole('textbox', { name: '会员编号' })).toHaveValue(MEMBER_CODE);
    expect(inPage().getByRole('textbox', { name: '会员姓名' })).toHaveValue(MEMBER_NAME);
  });

  it('logged out: the page is not shown; the login dialog says why', async () => {
    membershipApi();
    sessionStore.clear();
    renderApp('#/GenerationRenewal');
    await vi.waitFor(() => expect(window.location.hash).toBe('#/index'), { timeout: 15_000 });
    const login = await guardLoginDialog();
    expect(within(login).getByRole('alert')).toHaveTextContent(AUTH_MESSAGES.loginRequired);
  });

  it('重新查找 returns to an empty lookup', async () => {
    const page = await openProxy();
    await page.found();
    await page.user.click(inPage().getByRole('button', { name: '重新查找' }));
    await settle();
    expect(currentStep()).toContain('查找会员');
    expect(inPage().getByRole('textbox', { name: '会员编号' })).toHaveValue('');
  });
});
