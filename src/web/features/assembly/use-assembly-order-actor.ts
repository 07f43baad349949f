import type { AssemblyInput } from '@contract/assembly-form';
import { assemblyOrderMachine } from '@machines/assembly-order.machine';
import { useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useAuthDialog } from '../../shared/auth/auth-dialog';
import { awaitLoginWith } from '../../shared/auth/await-login';
import { checkoutLogic } from '../../shared/payment/checkout-logic';

/** The registration flow of one assembly with its real effects: the API, the login dialog, navigation. */
export const useAssemblyOrderActor = (input: AssemblyInput) => {
  const navigate = useNavigate();
  const authDialog = useAuthDialog();
  return useMachine(
    assemblyOrderMachine.provide({
      actors: {
        awaitLogin: awaitLoginWith(authDialog),
        checkout: checkoutLogic,
      },
      actions: {
        leaveToList: () => void navigate({ to: '/BusinessClass' }),
        goToSuccess: (_, { outTradeNo }) => void navigate({ to: '/success', search: { no: outTradeNo } }),
      },
    }),
    { input },
  );
};
