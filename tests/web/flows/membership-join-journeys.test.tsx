import { AUTH_MESSAGES } from '@contract/auth';
import { MEMBERSHIP_MESSAGES } from '@contract/membership';
import { IDEMPOTENCY_HEADER } from '@contract/payment';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { sessionStore } from '@web/api/session';
import { toastQueue } from '@web/components/ui/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { portalOk, refused } from '../../support/fake-api';
import { renderApp } from '../../support/render-app';
import { session } from '../../support/statecharts/fixtures/auth-dialog';
import { goodJoin, joinPrePay } from '../../support/statecharts/fixtures/membership-join';
import { passSecond, settle } from '../../support/statecharts/run-on-view';
import { guardLoginDialog } from './auth-dialog.flow';
import { fillJoinForm, inField, inPage, joinApi, ORDER_PATH, openJoinPage } from './membership-join.flow';

/** The join page with the fake server; helpers for the steps a believer takes. */
const openJoin = async () => {
  const server = joinApi();
  const app = await openJoinPage();
  const { user } = app;
  const click = async (name: string) => {
    await user.click(inPage().getByRole('button', { name }));
    await settle(10);
  };
  const orders = () => server.api.calls.filter((c) => c.path === ORDER_PATH);
  /** From the packages to the confirmation with the complete form. */
  const toConfirmation = async () => {
    await click('下一步');
    await fillJoinForm(user, goodJoin);
    await click('下一步');
    expect(inPage().getByRole('button', { name: '立即购买' })).toBeInTheDocument();
  };
  const buy = () => inPage().getByRole('button', { name: '立即购买' });
  return { ...app, heldOrders: server.orders, queries: server.queries, click, orders, toConfirmation, buy };
};

describe('joining the charity society (/joinMember)', { timeout: 60_000 }, () => {
  beforeEach(() =>
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] }),
  );
  afterEach(() => {
    vi.useRealTimers();
    for (const t of toastQueue.visibleToasts) toastQueue.close(t.key);
  });

  it('consent gates buy: 立即购买 disabled until 同意 is ticked (through 会员支付须知); then one order, paid, user type 2', async () => {
    const page = await openJoin();
    expect(document.querySelector('[aria-current="step"]')).toHaveTextContent('年限选择');
    await page.user.click(inPage().getByRole('radio', { name: /三年/ }));
    await page.toConfirmation();
    expect(document.querySelector('[aria-current="step"]')).toHaveTextContent('信息确认');
    expect(screen.getByText('¥1,000')).toBeInTheDocument();
    expect(screen.getByText('十方法界一切众生')).toBeInTheDocument();

    expect(page.buy()).toBeDisabled();
    await page.user.click(page.buy());
    await settle();
    expect(page.orders()).toHaveLength(0);

    // The notice opens from the consent text; its 同意 ticks the box.
    await page.click('《会员支付须知》');
    const notice = screen.getByRole('dialog', { name: '会员支付须知' });
    await page.user.click(within(notice).getByRole('button', { name: '同意' }));
    await settle();
    expect(inPage().getByRole('checkbox', { name: /同意/ })).toBeChecked();
    expect(page.buy()).toBeEnabled();

    await page.click('立即购买');
    expect(page.orders()).toHaveLength(1);
    expect(page.orders()[0]?.body).toMatchObject({
      type: 6,
      CHANNEL: 'pc',
      PRODUCT_ID: 'HY3',
      customAmount: 1000,
      MOBILE: sessionStore.mobile(),
      NAME: '陈明',
      SEX: '1',
      BIRTH_DATE: '1960-05-01',
      SSQ_NAME: ['上海市', '市辖区', '黄浦区'],
      SSQ: ['31', '3101', '310101'],
      GFR1: '十方法界一切众生',
      YS1: '陈明',
    });
    expect(page.orders()[0]?.body).not.toHaveProperty('RENEW');
    expect(page.orders()[0]?.headers.get(IDEMPOTENCY_HEADER)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);

    // The order answers; the QR dialog opens; a poll says paid.
    expect(inPage().getByRole('button', { name: '请稍候…' })).toBeDisabled();
    page.heldOrders.answer(portalOk(joinPrePay, '下单成功'));
    await settle(10);
    expect(screen.getByRole('dialog', { name: '请扫码支付' })).toBeInTheDocument();
    await passSecond();
    page.queries.answer({ body: { code: 0, msg: '1' } });
    await settle(10);
    expect(inPage().getByRole('heading', { name: '支付成功' })).toBeInTheDocument();
    expect(document.querySelector('[aria-current="step"]')).toBeNull();
    expect(localStorage.getItem('USER_TYPE')).toBe('2');
    expect(JSON.parse(localStorage.getItem('userInfo') ?? '{}')).toMatchObject({ userType: 2 });
    expect(inPage().getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/#/index');
  });

  it('QR failure: 获取二维码失败, the buy button enabled again, the retry sends the same key', async () => {
    const page = await openJoin();
    await page.toConfirmation();
    await page.user.click(inPage().getByRole('checkbox', { name: /同意/ }));
    await page.click('立即购买');
    page.heldOrders.fail();
    await settle(10);
    // The network gave no reason: 获取二维码失败 alone.
    expect(screen.getByRole('alert')).toHaveTextContent(new RegExp(`^${MEMBERSHIP_MESSAGES.qrFailed}$`));
    expect(screen.queryByRole('dialog', { name: '请扫码支付' })).not.toBeInTheDocument();
    expect(page.buy()).toBeEnabled();
    expect(localStorage.getItem('USER_TYPE')).toBe('1');

    await page.click('立即购买');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const [first, second] = page.orders();
    expect(second?.headers.get(IDEMPOTENCY_HEADER)).toBe(first?.headers.get(IDEMPOTENCY_HEADER));
  });

  it('a member refused by the server (409) is pointed to 续费', async () => {
    const page = await openJoin();
    await page.toConfirmation();
    await page.user.click(inPage().getByRole('checkbox', { name: /同意/ }));
    await page.click('立即购买');
    page.heldOrders.answer(refused(409, MEMBERSHIP_MESSAGES.alreadyMember));
    await settle(10);
    expect(screen.getByRole('alert')).toHaveTextContent(
      `获取二维码失败：${MEMBERSHIP_MESSAGES.alreadyMember}`,
    );
    expect(inPage().getByRole('link', { name: '去续费' })).toHaveAttribute('href', '/#/Renewals');
  });

  it('a QR closed unpaid: back on the confirmation, still agreed; 立即购买 asks for the same order with the same key', async () => {
    const page = await openJoin();
    await page.toConfirmation();
    await page.user.click(inPage().getByRole('checkbox', { name: /同意/ }));
    await page.click('立即购买');
    page.heldOrders.answer(portalOk(joinPrePay, '下单成功'));
    await settle(10);
    expect(document.querySelector('[aria-current="step"]')).toHaveTextContent('支付');
    const qr = screen.getByRole('dialog', { name: '请扫码支付' });
    await page.user.click(within(qr).getByRole('button', { name: /^关闭$/ }));
    await settle(10);
    expect(screen.queryByRole('dialog', { name: '请扫码支付' })).not.toBeInTheDocument();
    expect(document.querySelector('[aria-current="step"]')).toHaveTextContent('信息确认');
    expect(inPage().getByRole('checkbox', { name: /同意/ })).toBeChecked();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(localStorage.getItem('USER_TYPE')).toBe('1');

    await page.click('立即购买');
    const [first, second] = page.orders();
    expect(page.orders()).toHaveLength(2);
    expect(second?.headers.get(IDEMPOTENCY_HEADER)).toBe(first?.headers.get(IDEMPOTENCY_HEADER));
    expect(second?.body).toEqual(first?.body);
    // The server resumes the unpaid order: the same QR opens again.
    page.heldOrders.answer(portalOk(joinPrePay, '下单成功'));
    await settle(10);
    expect(screen.getByRole('dialog', { name: '请扫码支付' })).toBeInTheDocument();
  });

  it('a reload while the QR shows comes back to the confirmation, and 立即购买 sends the same key', async () => {
    const page = await openJoin();
    await page.toConfirmation();
    await page.user.click(inPage().getByRole('checkbox', { name: /同意/ }));
    await page.click('立即购买');
    page.heldOrders.answer(portalOk(joinPrePay, '下单成功'));
    await settle(10);
    expect(screen.getByRole('dialog', { name: '请扫码支付' })).toBeInTheDocument();

    cleanup();
    const { user } = renderApp('#/joinMember');
    await vi.waitFor(() => inPage().getByRole('button', { name: '立即购买' }), { timeout: 10_000 });
    expect(document.querySelector('[aria-current="step"]')).toHaveTextContent('信息确认');
    expect(screen.queryByRole('dialog', { name: '请扫码支付' })).not.toBeInTheDocument();
    // Kept as the believer left the confirmation: still agreed.
    expect(inPage().getByRole('checkbox', { name: /同意/ })).toBeChecked();
    await user.click(inPage().getByRole('button', { name: '立即购买' }));
    await settle(10);
    expect(page.orders()).toHaveLength(2);
    const [first, second] = page.orders();
    expect(second?.headers.get(IDEMPOTENCY_HEADER)).toBe(first?.headers.get(IDEMPOTENCY_HEADER));
    expect(second?.body).toEqual(first?.body);
  });

  it('the first 下一步 of an untouched form: each missing field says so beside it; GFR1 and YS1 are filled', async () => {
    const page = await openJoin();
    await page.click('下一步');
    expect(inField('GFR1').getByRole('textbox', { name: '供奉人一' })).toHaveValue('十方法界一切众生');
    expect(inField('YS1').getByRole('textbox', { name: '阳上人一' })).toHaveValue('陈明');
    expect(inField('NAME').getByRole('textbox', { name: '会员姓名' })).toHaveValue('陈明');
    await page.click('下一步');
    expect(inField('SEX').getByRole('radiogroup', { name: '性别' })).toHaveAccessibleDescription(
      MEMBERSHIP_MESSAGES.sex,
    );
    expect(inField('BIRTH_DATE').getByLabelText('出生日期')).toHaveAccessibleDescription(
      MEMBERSHIP_MESSAGES.birthDate,
    );
    expect(
      within(inField('SSQ_NAME').getByRole('group', { name: /所在地区/ })).getByRole('alert'),
    ).toHaveTextContent(MEMBERSHIP_MESSAGES.region);
    // The first field with a message has the focus: the sex, then (once sex and birth date are
    // given) the region.
    expect(inField('SEX').getByRole('radio', { name: '男' })).toHaveFocus();
    await page.user.click(inField('SEX').getByRole('radio', { name: '男' }));
    fireEvent.change(inField('BIRTH_DATE').getByLabelText('出生日期'), { target: { value: '1960-05-01' } });
    await page.click('下一步');
    expect(inField('SSQ_NAME').getByRole('button', { name: /所在地区 省份/ })).toHaveFocus();

    await page.user.clear(inField('GFR1').getByRole('textbox', { name: '供奉人一' }));
    await page.user.clear(inField('YS1').getByRole('textbox', { name: '阳上人一' }));
    await page.click('下一步');
    expect(inField('GFR1').getByRole('textbox', { name: '供奉人一' })).toHaveAccessibleDescription(
      MEMBERSHIP_MESSAGES.gfr1,
    );
    expect(inField('YS1').getByRole('textbox', { name: '阳上人一' })).toHaveAccessibleDescription(
      MEMBERSHIP_MESSAGES.ys1,
    );
    expect(page.orders()).toHaveLength(0);
    expect(document.querySelector('[aria-current="step"]')).toHaveTextContent('年限选择');
  });

  it('back buttons keep what was entered and the package chosen', async () => {
    const page = await openJoin();
    await page.user.click(inPage().getByRole('radio', { name: /三年/ }));
    await page.click('下一步');
    await fillJoinForm(page.user, goodJoin);
    await page.user.type(inField('GFR2').getByRole('textbox', { name: '供奉人二' }), '陈父');
    await page.click('上一步');
    expect(inPage().getByRole('radio', { name: /三年/ })).toBeChecked();
    await page.click('下一步');
    expect(inField('GFR2').getByRole('textbox', { name: '供奉人二' })).toHaveValue('陈父');
    await page.click('下一步');
    expect(screen.getByText('十方法界一切众生、陈父')).toBeInTheDocument();
    await page.user.click(inPage().getByRole('checkbox', { name: /同意/ }));
    await page.click('上一步');
    expect(inField('GFR2').getByRole('textbox', { name: '供奉人二' })).toHaveValue('陈父');
    expect(inField('BIRTH_DATE').getByLabelText('出生日期')).toHaveValue('1960-05-01');
    await page.click('下一步');
    // What is confirmed may have changed: the consent is asked again.
    expect(inPage().getByRole('checkbox', { name: /同意/ })).not.toBeChecked();
    expect(page.buy()).toBeDisabled();
  });

  it('a member does not join again: 您已是功德会会员，请办理续费 and the way to 续费; 代人续费 is offered', async () => {
    joinApi({
      HY_CODE: 'HY2026000001',
      HY_STATUS: '1',
      JOIN_DATE: '2026-01-01',
      END_DATE: '2027-01-01',
      NAME: '陈明',
      SEX: '1',
      BIRTH_DATE: '1960-05-01',
      MOBILE: '13812345678',
      SSQ_NAME: ['上海市'],
      ADDRESS: '',
      PHOTO: '',
    });
    sessionStore.save(session);
    renderApp('#/joinMember');
    await vi.waitFor(() => screen.getByText(MEMBERSHIP_MESSAGES.alreadyMember), { timeout: 5000 });
    expect(screen.getByText('HY2026000001')).toBeInTheDocument();
    expect(inPage().getByRole('link', { name: '去续费' })).toHaveAttribute('href', '/#/Renewals');
    expect(inPage().getByRole('link', { name: '代人续费' })).toHaveAttribute('href', '/#/GenerationRenewal');
    expect(screen.queryByRole('radio', { name: /一年/ })).not.toBeInTheDocument();
  });

  it('a visitor is sent to /index with the login dialog (此内容需登录后查看。)', async () => {
    joinApi();
    sessionStore.clear();
    renderApp('#/joinMember');
    await vi.waitFor(() => expect(window.location.hash).toBe('#/index'), { timeout: 5000 });
    const login = await guardLoginDialog();
    expect(within(login).getByRole('alert')).toHaveTextContent(AUTH_MESSAGES.loginRequired);
  });
});
