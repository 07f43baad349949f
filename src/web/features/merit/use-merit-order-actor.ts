import { type MeritItem, meritApi } from '@contract/merit';
import { IDEMPOTENCY_HEADER } from '@contract/payment';
import { meritOrderMachine } from '@machines/merit-order.machine';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { portalClient } from '../../api/client';
import { useAuthDialog } from '../../shared/auth/auth-dialog';
import { awaitLoginWith } from '../../shared/auth/await-login';
import { paymentLogic } from '../../shared/payment/payment-logic';

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
