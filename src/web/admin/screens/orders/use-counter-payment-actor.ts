import { consoleApi } from '@contract/console';
import { type CounterField, counterPaymentMachine } from '@machines/counter-payment.machine';
import { useQueryClient } from '@tanstack/react-query';
import { useActor } from '@xstate/react';
import { fromPromise } from 'xstate';
import { toast } from '../../../components/ui/toast';
import { consoleCall } from '../../api/console-client';
import { isOrderRead } from './order-queries';

/** The form of the counter-payment dialog (its fields carry `data-field`). */
export const COUNTER_FORM_ID = 'counter-payment-form';
export const PAYMENT_RECORDED = '已登记付款，确认短信将发送给信众';

const focusField = (field: CounterField | undefined) => {
  const target = document.querySelector<HTMLElement>(
    `#${COUNTER_FORM_ID} [data-field="${field}"] input, #${COUNTER_FORM_ID} [data-field="${field}"] textarea`,
  );
  target?.focus();
};

/**
 * 登记到寺付款 with its real effects: the record call (quiet: the dialog shows a refusal), the
 * toast once recorded, and the order's page, the searches and Today asked again.
 */
export const useCounterPaymentActor = () => {
  const queryClient = useQueryClient();
  return useActor(
    counterPaymentMachine.provide({
      actors: {
        recordPayment: fromPromise(({ input: { outTradeNo, payment } }) =>
          consoleCall(consoleApi.recordPayment, { params: { no: outTradeNo }, body: payment, quiet: true }),
        ),
      },
      actions: {
        focusField: (_, field) => focusField(field),
        paymentRecorded: () => {
          toast.success(PAYMENT_RECORDED, 4000);
          void queryClient.invalidateQueries({ predicate: (query) => isOrderRead(query.queryKey) });
        },
      },
    }),
  );
};

export type CounterPaymentActor = ReturnType<typeof useCounterPaymentActor>;
