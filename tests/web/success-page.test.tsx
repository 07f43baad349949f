import { defaultSiteConfig } from '@server/db/seed/site';
import { screen, within } from '@testing-library/react';
import { toastQueue } from '@web/components/ui/toast';
import { describe, expect, it } from 'vitest';
import { type FakeRoute, fakeApi, ok, portalOk, refused } from '../support/fake-api';
import { renderApp } from '../support/render-app';

const no = 'WF20261122100000000001';
const site = { 'GET /api/yxs-app/site/config': () => ok({ ...defaultSiteConfig, demo: true }) };
const payResult = 'POST /portal/rs/payapi/v1/pay/payResult';

const loggedIn = (answer: FakeRoute) => {
  localStorage.setItem('token', 'tok-1');
  localStorage.setItem('mobile', '13812345678');
  return fakeApi({ ...site, [payResult]: answer });
};

const expectNoPaidOrder = async () => {
  expect(await screen.findByRole('heading', { name: '未找到已支付的订单' })).toBeInTheDocument();
  expect(screen.queryByText('支付成功')).not.toBeInTheDocument();
  const main = screen.getByRole('main');
  expect(within(main).getByRole('link', { name: '个人中心' })).toHaveAttribute('href', '/#/UserCenter');
  expect(within(main).getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/#/index');
};

describe('success page (/success?no=…)', () => {
  it('says 支付成功 with the order number once the server confirms the order is paid', async () => {
    const api = loggedIn(() => portalOk(undefined, '1'));
    renderApp(`#/success?no=${no}`);
    expect(await screen.findByRole('heading', { name: '支付成功' })).toBeInTheDocument();
    expect(screen.getByRole('term')).toHaveTextContent('订单号');
    expect(screen.getByRole('definition')).toHaveTextContent(no);
    expect(within(screen.getByRole('main')).getByRole('link', { name: '返回首页' })).toBeInTheDocument();
    const call = api.calls.find((c) => c.path === '/portal/rs/payapi/v1/pay/payResult');
    expect(call?.body).toEqual({ out_trade_no: no });
    expect(call?.headers.get('Authorization')).toBe('tok-1');
  });

  it('claims nothing when opened without an order number, and asks the server nothing', async () => {
    const api = loggedIn(() => portalOk(undefined, '1'));
    renderApp('#/success');
    await expectNoPaidOrder();
    expect(api.calls.some((c) => c.path.endsWith('/payResult'))).toBe(false);
  });

  it('claims nothing for an order that is not paid', async () => {
    loggedIn(() => portalOk(undefined, '0'));
    renderApp(`#/success?no=${no}`);
    await expectNoPaidOrder();
  });

  it('claims nothing, calmly and without a toast, for an unknown order', async () => {
    loggedIn(() => refused(404, '订单不存在'));
    renderApp(`#/success?no=${no}`);
    await expectNoPaidOrder();
    expect(toastQueue.visibleToasts).toEqual([]);
  });

  it('names the page 支付结果, not 支付成功, in the breadcrumb and the title', async () => {
    loggedIn(() => portalOk(undefined, '0'));
    renderApp('#/success');
    await expectNoPaidOrder();
    const trail = screen.getByRole('navigation', { name: '当前位置' });
    expect(within(trail).getByText('支付结果')).toHaveAttribute('aria-current', 'page');
    expect(document.title).toBe(`支付结果 - ${defaultSiteConfig.templeName}`);
  });
});
