import { AUTH_MESSAGES } from '@contract/auth';
import { MEMBERSHIP_MESSAGES } from '@contract/membership';
import { IDEMPOTENCY_HEADER } from '@contract/payment';
import { screen, within } from '@testing-library/react';
import { sessionStore } from '@web/api/session';
import { toastQueue } from '@web/components/ui/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { portalOk, refused } from '../../support/fake-api';
import { renderApp } from '../../support/render-app';
import { renewalPrePay } from '../../support/statecharts/fixtures/membership-renewal';
import { passSecond, settle } from '../../support/statecharts/run-on-view';
import { guardLoginDialog } from './auth-dialog.flow';
import {
  currentStep,
  membershipApi,
  ORDER_PATH,
  openMembershipPage,
  ownMembership,
  packageRadio,
} from './membership-renewal.flow';

/** /Renewals of `member` (null: not a member yet); the calls are held for the test to answer. */
const openRenewals = async (member = ownMembership as typeof ownMembership | null) => {
  const fake = membershipApi(member);
  const app = await openMembershipPage('#/Renewals', () => screen.getByRole('heading', { name: '会员续费' }));
  await vi.waitFor(() => screen.getByRole('heading', { name: '会员续费' }));
  await settle();
  const orders = () => fake.api.calls.filter((c) => c.path === ORDER_PATH);
  const renew = async () => {
    await app.user.click(screen.getByRole('button', { name: '立即续费' }));
    await settle();
  };
  return { ...app, ...fake, orderCalls: orders, renew };
};

// A whole believer's session in jsdom: the limit guards against a hang, not against slowness.
describe('renewing one’s own membership on /Renewals', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    // 12:00 in Shanghai on 2026-11-22.
    vi.setSystemTime(new Date('2026-11-22T04:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    for (const t of toastQueue.visibleToasts) toastQueue.close(t.key);
  });

  it('active: the end date counts from the current one; 三年, paid: one RENEW order, then 支付成功 with the new date', async () => {
    const page = await openRenewals();
    await vi.waitFor(() => screen.getByRole('button', { name: '立即续费' }));
    expect(currentStep()).toContain('年限选择');
    expect(screen.getByText('HY2026000007')).toBeInTheDocument();
    expect(screen.getByText('有效')).toBeInTheDocument();
    expect(packageRadio('HY1')).toBeChecked();
    expect(screen.getByText('2028-03-01')).toBeInTheDocument();

    await page.user.click(packageRadio('HY3'));
    expect(screen.getByText('2030-03-01')).toBeInTheDocument();
    await page.renew();
    expect(screen.getByRole('button', { name: '请稍候…' })).toBeInTheDocument();
    expect(page.orderCalls()).toHaveLength(1);
    expect(page.orderCalls()[0]?.body).toEqual({
      type: 6,
      RENEW: 1,
      CHANNEL: 'pc',
      MOBILE: sessionStore.mobile(),
      PRODUCT_ID: 'HY3',
      customAmount: 1000,
    });
    expect(page.orderCalls()[0]?.headers.get(IDEMPOTENCY_HEADER)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);

    page.orders.answer(portalOk(renewalPrePay));
    await settle(10);
    expect(screen.getByRole('dialog', { name: '请扫码支付' })).toBeInTheDocument();
    expect(currentStep()).toContain('支付');
    await passSecond();
    page.queries.answer({ body: { code: 0, msg: '1' } });
    await settle(10);
    expect(screen.queryByRole('dialog', { name: '请扫码支付' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '支付成功' })).toBeInTheDocument();
    expect(screen.getByText('2030-03-01')).toBeInTheDocument();
    await page.user.click(screen.getByRole('link', { name: '返回首页' }));
    await vi.waitFor(() => expect(window.location.hash).toMatch(/^#\/(index)?$/));
    expect(page.orderCalls()).toHaveLength(1);
  });

  it('expired: the end date counts from today', async () => {
    await openRenewals({ ...ownMembership, HY_STATUS: '0', END_DATE: '2026-05-01' });
    await vi.waitFor(() => screen.getByRole('button', { name: '立即续费' }));
    expect(screen.getByText('已过期')).toBeInTheDocument();
    expect(screen.getByText('2027-11-22')).toBeInTheDocument();
  });

  it('not a member yet: 请先入会 with the way to /joinMember, and nothing to buy', async () => {
    const page = await openRenewals(null);
    expect(screen.getByRole('alert')).toHaveTextContent(MEMBERSHIP_MESSAGES.notMember);
    expect(screen.queryByRole('button', { name: '立即续费' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    await page.user.click(screen.getByRole('link', { name: '前往入会' }));
    await vi.waitFor(() => expect(window.location.hash).toBe('#/joinMember'));
    expect(page.orderCalls()).toHaveLength(0);
  });

  it('no QR (the network): 获取二维码失败, no toast, the button usable again; the retry sends the same key', async () => {
    const page = await openRenewals();
    await vi.waitFor(() => screen.getByRole('button', { name: '立即续费' }));
    await page.renew();
    page.orders.fail();
    await settle(10);
    // The network gave no reason: 获取二维码失败 alone.
    expect(screen.getByRole('alert')).toHaveTextContent(new RegExp(`^${MEMBERSHIP_MESSAGES.qrFailed}$`));
    expect(toastQueue.visibleToasts).toHaveLength(0);
    expect(screen.queryByRole('dialog', { name: '请扫码支付' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '立即续费' })).toBeEnabled();

    await page.renew();
    const [first, second] = page.orderCalls();
    expect(second?.headers.get(IDEMPOTENCY_HEADER)).toBe(first?.headers.get(IDEMPOTENCY_HEADER));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('the server says not a member: 获取二维码失败 with its reason, and the way to /joinMember', async () => {
    const page = await openRenewals();
    await vi.waitFor(() => screen.getByRole('button', { name: '立即续费' }));
    await page.renew();
    page.orders.answer(refused(400, MEMBERSHIP_MESSAGES.notMember));
    await settle(10);
    expect(screen.getByRole('alert')).toHaveTextContent(
      `${MEMBERSHIP_MESSAGES.qrFailed}：${MEMBERSHIP_MESSAGES.notMember}`,
    );
    expect(screen.getByRole('link', { name: '前往入会' })).toBeInTheDocument();
  });

  it('closing the QR unpaid: back on 年限选择, nothing renewed; 立即续费 asks for the same order with the same key', async () => {
    const page = await openRenewals();
    await vi.waitFor(() => screen.getByRole('button', { name: '立即续费' }));
    await page.renew();
    page.orders.answer(portalOk(renewalPrePay));
    await settle(10);
    expect(currentStep()).toContain('支付');
    await page.user.click(
      within(screen.getByRole('dialog', { name: '请扫码支付' })).getByRole('button', { name: /^关闭$/ }),
    );
    await settle();
    expect(currentStep()).toContain('年限选择');
    expect(screen.queryByRole('heading', { name: '支付成功' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '立即续费' })).toBeEnabled();

    await page.renew();
    const [first, second] = page.orderCalls();
    expect(page.orderCalls()).toHaveLength(2);
    expect(second?.headers.get(IDEMPOTENCY_HEADER)).toBe(first?.headers.get(IDEMPOTENCY_HEADER));
    expect(second?.body).toEqual(first?.body);
  });

  it('logged out: the page is not shown; the login dialog says why', async () => {
    membershipApi();
    sessionStore.clear();
    renderApp('#/Renewals');
    await vi.waitFor(() => expect(window.location.hash).toBe('#/index'), { timeout: 5000 });
    // /index's code loads for real (seconds on a busy machine): the guard's wait for its dialog.
    const login = await guardLoginDialog();
    expect(within(login).getByRole('alert')).toHaveTextContent(AUTH_MESSAGES.loginRequired);
  });
});
