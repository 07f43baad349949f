import { type MeritItem, meritApi } from '@contract/merit';
import { IDEMPOTENCY_HEADER } from '@contract/payment';
import { meritOrderMachine } from '@machines/merit-order.machine';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { portalClient } from '../../api/client';
import { type AuthDialogActor, useAuthDialog } from '../../shared/auth/auth-dialog-actor';
import { paymentLogic } from '../../shared/payment/payment-logic';

/** A key for one confirmation: every try of that confirmation sends it (`Idempotency-Key`). */
export const newIdempotencyKey = (): string => crypto.randomUUID();

/**
 * Opens the site's login dialog with `notice` and settles when it closes: the logged-in phone,
 * or a rejection when the believer closed it without logging in.
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

/** The merit order flow of `item` with its real effects: the API, the login dialog, navigation. */
export const useMeritOrderActor = (item: MeritItem) => {
  const navigate = useNavigate();
  const authDialog = useAuthDialog();
  const queryClient = useQueryClient();
  return useMachine(
    meritOrderMachine.provide({
      actors: {
        // Quiet: a refusal is shown in the confirmation dialog, where the believer is looking.
        createOrder: fromPromise(
          async ({ input }) =>
            (
              await portalClient(meritApi.order, input.order, {
                quiet: true,
                headers: { [IDEMPOTENCY_HEADER]: input.idempotencyKey },
              })
            ).data,
        ),
        awaitLogin: awaitLoginWith(authDialog),
        payment: paymentLogic,
      },
      actions: {
        leaveToList: () => void navigate({ to: '/merit' }),
        goToSuccess: (_, { outTradeNo }) => {
          void queryClient.invalidateQueries({ queryKey: ['wishes'] });
          void navigate({ to: '/success', search: { no: outTradeNo } });
        },
      },
    }),
    { input: { item } },
  );
};
