import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, refused } from '../support/fake-api';
import { renderApp } from '../support/render-app';

/** The shell around a page: the menu, the footer, and the way back home in the page itself. */
const expectInsideShell = () => {
  expect(screen.getByRole('navigation', { name: '主菜单' })).toBeInTheDocument();
  expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  expect(within(screen.getByRole('main')).getByRole('link', { name: '返回首页' })).toHaveAttribute(
    'href',
    '/#/index',
  );
  expect(screen.queryByText(/something went wrong/i)).not.toBeInTheDocument();
  expect(document.body.textContent).not.toMatch(/Invalid|Expected|received|undefined|NaN/);
};

describe('error pages speak Chinese inside the site', () => {
  it.each([
    '#/meritDetail',
    '#/meritDetail?id=abc',
    '#/meritDetail?id=0',
    '#/homeDetail',
    '#/homeDetail?year=abc&name=x',
    '#/homeDetail?year=2026',
  ])('%s: a wrong or missing query is 链接有误', async (hash) => {
    fakeApi({});
    renderApp(hash);
    await screen.findByRole('heading', { name: '链接有误' });
    await waitFor(() => expect(screen.getByRole('heading', { name: '链接有误' })).toBeInTheDocument());
    expectInsideShell();
  });

  it('an unknown item is 内容不存在', async () => {
    fakeApi({ 'GET /portal/rs/gdapi/selectById': () => refused(404, '功德项目不存在') });
    renderApp('#/meritDetail?id=999');
    await screen.findByRole('heading', { name: '内容不存在' });
    await waitFor(() => expect(screen.getByRole('heading', { name: '内容不存在' })).toBeInTheDocument());
    expectInsideShell();
  });

  it('a failed load says so and offers 重试, which loads the page again', async () => {
    let answer = refused(503, '服务暂时不可用');
    fakeApi({
      'GET /portal/rs/hoeapi/hoe/getHoeAll': () => answer,
      'GET /portal/rs/hoe-api/v1/hoe/getMeritItemList': () => answer,
    });
    const { user } = renderApp('#/homeDetail?year=2026&name=%E6%B0%B4%E9%99%86%E6%B3%95%E4%BC%9A');
    await screen.findByRole('heading', { name: '页面暂时无法显示' });
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: '页面暂时无法显示' })).toBeInTheDocument(),
    );
    expectInsideShell();
    answer = refused(404, '该法会不存在或已结束');
    await user.click(screen.getByRole('button', { name: '重试' }));
    await screen.findByRole('heading', { name: '内容不存在' });
    await waitFor(() => expect(screen.getByRole('heading', { name: '内容不存在' })).toBeInTheDocument());
  });

  it('the root’s own failure (the temple’s facts not loaded) is Chinese too', async () => {
    fakeApi({ 'GET /api/yxs-app/site/config': () => refused(503, '服务暂时不可用') });
    renderApp('#/index');
    await screen.findByRole('heading', { name: '页面暂时无法显示' });
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: '页面暂时无法显示' })).toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: '返回首页' })).toBeInTheDocument();
    expect(screen.queryByText(/something went wrong/i)).not.toBeInTheDocument();
  });
});
