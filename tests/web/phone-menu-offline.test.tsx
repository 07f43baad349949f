import { screen, waitFor } from '@testing-library/react';
import { MENU_UNAVAILABLE } from '@web/features/shell/phone-menu';
import { expect, it, vi } from 'vitest';
import { fakeApi } from '../support/fake-api';
import { renderApp } from '../support/render-app';

// The sheet's chunk does not download (offline, or a deploy renamed it): reading it fails.
vi.mock('@web/features/shell/phone-menu-sheet', () => ({
  get PhoneMenuSheet() {
    throw new Error('the chunk did not download');
  },
}));

it('菜单 cannot download its sheet: it says so, and 菜单 can be pressed again', async () => {
  fakeApi({});
  const { user } = renderApp('#/index');
  await user.click(await screen.findByRole('button', { name: '菜单' }));
  expect(await screen.findByText(MENU_UNAVAILABLE)).toBeInTheDocument();
  expect(screen.queryByRole('dialog', { name: '网站导航' })).not.toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('button', { name: '菜单' })).toBeEnabled());
  // The next press is told again (that it downloads again is load-once.test.ts's to show).
  await user.click(screen.getByRole('button', { name: '菜单' }));
  await waitFor(() => expect(screen.getAllByText(MENU_UNAVAILABLE)).toHaveLength(2));
});
