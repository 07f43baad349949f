import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../support/fake-api';
import { renderApp } from '../support/render-app';

/** The ring classes of an element, without their variant (`data-[focus-visible]:ring-4` → `ring-4`). */
const ringOf = (element: Element) =>
  new Set(
    element.className
      .split(/\s+/)
      .filter((name) => /:ring-/.test(name))
      .map((name) => name.slice(name.lastIndexOf(':') + 1)),
  );

describe('keyboard focus', () => {
  it('the first Tab reaches 跳到主要内容, which moves the focus to the page and leaves the route alone', async () => {
    fakeApi({});
    const { user } = renderApp('#/index');
    await screen.findByRole('navigation', { name: '主菜单' });
    await user.tab();
    const skip = screen.getByRole('link', { name: '跳到主要内容' });
    expect(skip).toHaveFocus();
    // <main> takes the focus only from the skip link (a click in the page must not move it there).
    expect(screen.getByRole('main')).not.toHaveAttribute('tabindex');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    expect(window.location.hash).toBe('#/index');
    // The next Tab goes on inside the page, past header and menus.
    await user.tab();
    expect(screen.getByRole('main').contains(document.activeElement)).toBe(true);
    expect(screen.getByRole('main')).not.toHaveAttribute('tabindex');
  });

  it('a text input has the buttons’ focus ring, not only a border colour', async () => {
    fakeApi({});
    const { user } = renderApp('#/index');
    await user.click(await screen.findByRole('button', { name: '登录' }));
    const dialog = await screen.findByRole('dialog', { name: '验证码登录' });
    const buttonRing = ringOf(within(dialog).getByRole('button', { name: '发送验证码' }));
    expect(buttonRing).toEqual(new Set(['ring-4', 'ring-gold/60', 'ring-offset-2']));
    for (const input of [within(dialog).getByLabelText('手机号'), within(dialog).getByLabelText('验证码')]) {
      expect(ringOf(input)).toEqual(buttonRing);
    }
  });
});
