import { AUTH_MESSAGES } from '@contract/auth-messages';
import { redirect } from '@tanstack/react-router';
import { sessionStore } from '../../api/session';
import type { RouterContext } from '../../router-context';

/**
 * The guard of login-only pages (DESIGN section 5): a visitor is returned to /index and sees
 * the login dialog with 此内容需登录后查看。
 *
 * Only a real navigation opens the dialog. The router also runs the guard to preload a page when
 * the pointer rests on its link or the link takes the keyboard focus (`defaultPreload: 'intent'`):
 * opening the dialog then would open it without a click, and again each time it closes and gives
 * the focus back to the link, so the visitor could never close it.
 */
export const requireLogin = ({ context, preload }: { context: RouterContext; preload?: boolean }) => {
  if (sessionStore.isLoggedIn()) return;
  if (!preload) context.authDialog.open({ type: 'dialog.openLogin', notice: AUTH_MESSAGES.loginRequired });
  throw redirect({ to: '/index' });
};
