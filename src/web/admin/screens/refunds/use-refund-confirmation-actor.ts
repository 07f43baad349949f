import { consoleApi } from '@contract/console';
import { refundConfirmationMachine } from '@machines/refund-confirmation.machine';
import { useQueryClient } from '@tanstack/react-query';
import { useActor } from '@xstate/react';
import { fromPromise } from 'xstate';
import { consoleCall } from '../../api/console-client';

export const REFUND_DIGITS_ID = 'refund-digits';

/**
 * The refund with its real effects: the refund call, sent with its confirmation (quiet: the
 * dialog shows a refusal); the refunds list, Today and the order's page asked again after it.
 */
export const useRefundConfirmationActor = () => {
  const queryClient = useQueryClient();
  return useActor(
    refundConfirmationMachine.provide({
      actors: {
        refund: fromPromise(async ({ input: { outTradeNo } }) => {
          const row = await consoleCall(consoleApi.refund, {
            params: { no: outTradeNo },
            body: { confirm: true },
            quiet: true,
          });
          return { outRefundNo: row.outRefundNo, refundStatus: row.refundStatus };
        }),
      },
      actions: {
        refundsChanged: () => {
          void queryClient.invalidateQueries({
            predicate: ({ queryKey }) =>
              queryKey[0] === 'console' && ['refunds', 'today', 'order'].includes(String(queryKey[1])),
          });
        },
        focusDigits: () => document.getElementById(REFUND_DIGITS_ID)?.focus(),
      },
    }),
  );
};

export type RefundConfirmationActor = ReturnType<typeof useRefundConfirmationActor>;
