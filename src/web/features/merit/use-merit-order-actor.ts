import { meritApi } from '@contract/merit';
import { meritOrderMachine } from '@machines/merit-order.machine';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { portalClient } from '../../api/client';
import { toast } from '../../components/ui/toast';
import { useAuthDialog } from '../../shared/auth/auth-dialog-actor';
import { paymentLogic } from '../../shared/payment/payment-logic';

/** The merit order flow with its real effects: the API, the login dialog, navigation, toasts. */
export const useMeritOrderActor = () => {
  const navigate = useNavigate();
  const authDialog = useAuthDialog();
  const queryClient = useQueryClient();
  return useMachine(
    meritOrderMachine.provide({
      actors: {
        createOrder: fromPromise(async ({ input }) => (await portalClient(meritApi.order, input)).data),
        payment: paymentLogic,
      },
      actions: {
        showProblem: (_, problem) => problem && toast.error(problem),
        requestLogin: () => authDialog.send({ type: 'dialog.openLogin' }),
        leaveToList: () => void navigate({ to: '/merit' }),
        goToSuccess: () => {
          void queryClient.invalidateQueries({ queryKey: ['wishes'] });
          void navigate({ to: '/success' });
        },
      },
    }),
  );
};
