import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../support/fake-api';
import { renderApp } from '../support/render-app';

describe('the way into the video gallery', () => {
  it('is the header menu’s 视频专区, which opens the gallery', async () => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('mobile', '13812345678');
    fakeApi({ 'GET /api/yxs-app/news': () => ok({ content: [], totalElements: 0 }) });
    const { user } = renderApp('#/index');
    const nav = await screen.findByRole('navigation', { name: '主菜单' });
    const link = within(nav).getByRole('link', { name: '视频专区' });
    expect(link).toHaveAttribute('href', '/#/wfVideo');
    await user.click(link);
    expect(await screen.findByRole('heading', { name: '视频专区', level: 1 })).toBeInTheDocument();
    expect(window.location.hash).toMatch(/^#\/wfVideo/);
  });

  it('asks a visitor to log in (the gallery is login only), on the click', async () => {
    fakeApi({});
    const { user } = renderApp('#/index');
    const nav = await screen.findByRole('navigation', { name: '主菜单' });
    await user.click(within(nav).getByRole('link', { name: '视频专区' }));
    const dialog = await screen.findByRole('dialog', { name: '验证码登录' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('此内容需登录后查看。');
  });
});
