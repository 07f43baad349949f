import { fromPromise } from 'xstate';
import type { AuthDialog } from './auth-dialog';

/**
 * Opens the site's login dialog with `notice` and settles when it closes: the logged-in phone,
 * or a rejection when the believer closed it without logging in. Every ordering flow's
 * `awaitLogin` actor.
 */
export const awaitLoginWith = (authDialog: AuthDialog) =>
  fromPromise<string, { notice: string }>(async ({ input, signal }) => {
    const actor = await authDialog.load();
    signal.throwIfAborted();
    return new Promise((resolve, reject) => {
      const subscriptions = [
        actor.on('auth.loggedIn', ({ session }) => {
          stop();
          resolve(session.userInfo.phone);
        }),
        actor.on('auth.dismissed', () => {
          stop();
          reject(new Error('login dismissed'));
        }),
      ];
      const stop = () => {
        for (const subscription of subscriptions) subscription.unsubscribe();
      };
      signal.addEventListener('abort', stop);
      actor.send({ type: 'dialog.openLogin', notice: input.notice });
    });
  });
