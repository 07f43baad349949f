import { AUTH_MESSAGES } from '@contract/auth-messages';
import { redirect } from '@tanstack/react-router';
import { sessionStore } from '../../api/session';
import type { RouterContext } from '../../router-context';

/**
 * The guard of login-only pages (DESIGN section 5): a visitor is returned to /index and sees
 * the login dialog with 此内容需登录后查看。
 */
export const requireLogin = ({ context }: { context: RouterContext }) => {
  if (sessionStore.isLoggedIn()) return;
  context.authDialog.open({ type: 'dialog.openLogin', notice: AUTH_MESSAGES.loginRequired });
  throw redirect({ to: '/index' });
};
