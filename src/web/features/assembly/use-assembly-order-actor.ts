import { assemblyApi } from '@contract/assembly';
import { IDEMPOTENCY_HEADER } from '@contract/payment';
import { type AssemblyInput, assemblyOrderMachine } from '@machines/assembly-order.machine';
import { useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { portalClient } from '../../api/client';
import { type AuthDialogActor, useAuthDialog } from '../../shared/auth/auth-dialog-actor';
import { paymentLogic } from '../../shared/payment/payment-logic';

/** A key for one 提交: every try of its confirmation sends it (`Idempotency-Key`). */
export const newIdempotencyKey = (): string => crypto.randomUUID();

/**
 * Opens the login dialog with `notice`; the logged-in phone, or a rejection when it is closed.
 * The same as the merit feature's: it belongs in src/web/shared/auth (a feature may not import another).
 */
const awaitLoginWith = (authDialog: AuthDialogActor) =>
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

/** The registration flow of one assembly with its real effects: the API, the login dialog, navigation. */
export const useAssemblyOrderActor = (input: AssemblyInput) => {
  const navigate = useNavigate();
  const authDialog = useAuthDialog();
  return useMachine(
    assemblyOrderMachine.provide({
      actors: {
        // Quiet: a refusal is shown in the order dialog, where the believer is looking.
        createOrder: fromPromise(
          async ({ input: { order, idempotencyKey } }) =>
            (
              await portalClient(assemblyApi.order, order, {
                quiet: true,
                headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
              })
            ).data,
        ),
        awaitLogin: awaitLoginWith(authDialog),
        payment: paymentLogic,
      },
      actions: {
        leaveToList: () => void navigate({ to: '/BusinessClass' }),
        goToSuccess: (_, { outTradeNo }) => void navigate({ to: '/success', search: { no: outTradeNo } }),
      },
    }),
    { input },
  );
};
