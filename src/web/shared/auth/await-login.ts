import { fromPromise } from 'xstate';
import type { AuthDialogActor } from './auth-dialog-actor';

/**
 * Opens the site's login dialog with `notice` and settles when it closes: the logged-in phone,
 * or a rejection when the believer closed it without logging in. Every ordering flow's
 * `awaitLogin` actor.
 */
export const awaitLoginWith = (authDialog: AuthDialogActor) =>
  fromPromise<string, { notice: string }>(
    ({ input, signal }) =>
      new Promise((resolve, reject) => {
        const subscriptions = [
          authDialog.on('auth.loggedIn', ({ session }) => {
            stop();
            resolve(session.userInfo.phone);
          }),
          authDialog.on('auth.dismissed', () => {
            stop();
            reject(new Error('login dismissed'));
          }),
        ];
        const stop = () => {
          for (const subscription of subscriptions) subscription.unsubscribe();
        };
        signal.addEventListener('abort', stop);
        authDialog.send({ type: 'dialog.openLogin', notice: input.notice });
      }),
  );
