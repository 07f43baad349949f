import type { MeritItem } from '@contract/merit';
import { meritOrderMachine } from '@machines/merit-order.machine';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useAuthDialog } from '../../shared/auth/auth-dialog';
import { awaitLoginWith } from '../../shared/auth/await-login';
import { checkoutLogic } from '../../shared/payment/checkout-logic';

/** The merit order flow of `item` with its real effects: the checkout, the login dialog, navigation. */
export const useMeritOrderActor = (item: MeritItem) => {
  const navigate = useNavigate();
  const authDialog = useAuthDialog();
  const queryClient = useQueryClient();
  return useMachine(
    meritOrderMachine.provide({
      actors: {
        awaitLogin: awaitLoginWith(authDialog),
        checkout: checkoutLogic,
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
