import { payApi } from '@contract/payment';
import { WECHAT_LOGIN_MESSAGES } from '@contract/wechat-login';
import { paymentMachine } from '@machines/payment.machine';
import { fromPromise } from 'xstate';
import { portalClient } from '../../api/client';
import { forgetVisit } from '../wechat/wechat-arrival';
import { withoutWordsUnlessRefused } from './refusal';

/**
 * The payment poll with its real status query, for every ordering flow to invoke, and the
 * phone channel's call (JSAPI's pay sheet, H5's cashier). A failed query is quiet (no toast each
 * second): the machine counts it as not paid and asks again.
 */
export const paymentLogic = paymentMachine.provide({
  actors: {
    queryStatus: fromPromise(({ input }) =>
      portalClient(payApi.payResult, { out_trade_no: input.outTradeNo }, { quiet: true }),
    ),
    // The dialog says a refusal where the believer is looking (quiet); without words, its own.
    payOn: fromPromise(async ({ input }) => {
      const answer = await portalClient(
        payApi.payOn,
        {
          out_trade_no: input.outTradeNo,
          channel: input.channel,
          ...(input.visit ? { visit: input.visit } : {}),
        },
        { quiet: true },
      ).catch((error: unknown) => {
        // The server no longer knows this tab's web login: the next page asks WeChat again.
        if (error instanceof Error && error.message === WECHAT_LOGIN_MESSAGES.visitUnknown) forgetVisit();
        throw withoutWordsUnlessRefused(error);
      });
      return answer.data;
    }),
  },
});
