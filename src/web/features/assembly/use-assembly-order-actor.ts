import { assemblyApi } from '@contract/assembly';
import type { AssemblyInput } from '@contract/assembly-form';
import { IDEMPOTENCY_HEADER } from '@contract/payment';
import { assemblyOrderMachine } from '@machines/assembly-order.machine';
import { useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { portalClient } from '../../api/client';
import { useAuthDialog } from '../../shared/auth/auth-dialog';
import { awaitLoginWith } from '../../shared/auth/await-login';
import { paymentLogic } from '../../shared/payment/payment-logic';

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
