import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../support/fake-api';
import { renderApp } from '../support/render-app';

/** Longer than the router's preload delay on intent (50 ms) and the dialog's download. */
const rest = () => act(() => new Promise((resolve) => setTimeout(resolve, 400)));

const volunteerLink = async () =>
  within(await screen.findByRole('navigation', { name: '主菜单' })).getByRole('link', { name: '志工' });

describe('a login-only page in the menu, logged out', () => {
  it('opens no login dialog when the pointer rests on its link or the focus reaches it', async () => {
    fakeApi({});
    const { user } = renderApp('#/index');
    const link = await volunteerLink();
    await user.hover(link);
    await rest();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => link.focus());
    await rest();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.location.hash).toBe('#/index');
  });

  it.each(['Escape', '×'])('opens it on a click, and %s closes it for good', async (how) => {
    fakeApi({});
    const { user } = renderApp('#/index');
    await user.click(await volunteerLink());
    const dialog = await screen.findByRole('dialog', { name: '验证码登录' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('此内容需登录后查看。');
    if (how === 'Escape') await user.keyboard('{Escape}');
    else await user.click(within(dialog).getByRole('button', { name: '关闭窗口' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await rest();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
