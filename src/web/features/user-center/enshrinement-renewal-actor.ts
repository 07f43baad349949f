import type { EnshrinementItem } from '@contract/believer';
import { IDEMPOTENCY_HEADER } from '@contract/payment';
import { renewalApi } from '@contract/renewal';
import { enshrinementRenewalMachine } from '@machines/enshrinement-renewal.machine';
import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { ApiError, portalClient } from '../../api/client';
import { paymentLogic } from '../../shared/payment/payment-logic';

/** A refusal in the server's words (4xx) stays; any other failure has none: 获取二维码失败. */
const withoutWordsUnlessRefused = (error: unknown): Error =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 ? error : new Error('');

/**
 * The renewal of `item` with its real effects: the order call, the QR poll, and the user centre's
 * lists (我的订单, 当前供奉) asked again when an order was paid, reserved or left unpaid.
 */
export const useEnshrinementRenewalActor = (item: EnshrinementItem) => {
  const queryClient = useQueryClient();
  return useMachine(
    enshrinementRenewalMachine.provide({
      actors: {
        // Quiet: a refusal is shown beside the button, where the believer is looking.
        createOrder: fromPromise(async ({ input: { order, idempotencyKey } }) => {
          try {
            return (
              await portalClient(renewalApi.order, order, {
                quiet: true,
                headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
              })
            ).data;
          } catch (error) {
            throw withoutWordsUnlessRefused(error);
          }
        }),
        payment: paymentLogic,
      },
      actions: {
        refreshLists: () => void queryClient.invalidateQueries({ queryKey: ['user-center'] }),
      },
    }),
    { input: { item } },
  );
};
