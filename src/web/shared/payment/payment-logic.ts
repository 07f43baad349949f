import { payApi } from '@contract/payment';
import { paymentMachine } from '@machines/payment.machine';
import { fromPromise } from 'xstate';
import { portalClient } from '../../api/client';

/**
 * The payment poll with its real status query, for every ordering flow to invoke. A failed
 * query is quiet (no toast each second): the machine counts it as not paid and asks again.
 */
export const paymentLogic = paymentMachine.provide({
  actors: {
    queryStatus: fromPromise(({ input }) =>
      portalClient(payApi.payResult, { out_trade_no: input.outTradeNo }, { quiet: true }),
    ),
  },
});
