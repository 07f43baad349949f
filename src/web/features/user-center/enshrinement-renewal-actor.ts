import type { EnshrinementItem } from '@contract/believer';
import { enshrinementRenewalMachine } from '@machines/enshrinement-renewal.machine';
import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { checkoutLogic } from '../../shared/payment/checkout-logic';

/**
 * The renewal of `item` with its real effects: the shared checkout (a refusal shown beside the
 * button), and the user centre's lists (我的订单, 当前供奉) asked again when an order was paid,
 * reserved or left unpaid.
 */
export const useEnshrinementRenewalActor = (item: EnshrinementItem) => {
  const queryClient = useQueryClient();
  return useMachine(
    enshrinementRenewalMachine.provide({
      actors: { checkout: checkoutLogic },
      actions: {
        refreshLists: () => void queryClient.invalidateQueries({ queryKey: ['user-center'] }),
      },
    }),
    { input: { item } },
  );
};
