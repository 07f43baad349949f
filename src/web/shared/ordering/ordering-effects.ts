import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useAuthDialog } from '../auth/auth-dialog';
import { awaitLoginWith } from '../auth/await-login';
import { checkoutLogic } from '../payment/checkout-logic';

/**
 * The ordering flow's effects (machines/ordering-flow.ts), the same for every kind: the login
 * dialog, the checkout, the success page and the believer's lists asked again when an order came
 * to be or changed. A flow's hook spreads them into its machine's `.provide()` beside its own.
 * A flow whose success is shown in its own page (the renewals) has no success page to go to.
 */
export const useOrderingEffects = ({ successPage = true }: { successPage?: boolean } = {}) => {
  const navigate = useNavigate();
  const authDialog = useAuthDialog();
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      actors: { awaitLogin: awaitLoginWith(authDialog), checkout: checkoutLogic },
      actions: {
        goToSuccess: (_: unknown, { outTradeNo }: { outTradeNo: string }) => {
          if (successPage) void navigate({ to: '/success', search: { no: outTradeNo } });
        },
        // 我的订单, 当前供奉 and 活动历史 show the order from now on.
        ordersChanged: () => void queryClient.invalidateQueries({ queryKey: ['user-center'] }),
      },
    }),
    [authDialog, navigate, queryClient, successPage],
  );
};
