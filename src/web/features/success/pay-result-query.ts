import { outTradeNo, payApi } from '@contract/payment';
import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { portalClient } from '../../api/client';
import { LIVE_STALE_MS } from '../../shared/stale-times';

/**
 * Whether the believer's order `no` is paid, as the server says (code 0, msg '1'). A number that
 * is malformed, unknown or someone else's counts as not paid; no toast, the page says it calmly.
 */
export const payResultQuery = (no: string) =>
  queryOptions({
    queryKey: ['pay-result', no],
    queryFn: async (): Promise<boolean> => {
      if (!v.is(outTradeNo, no)) return false;
      const answer = await portalClient(payApi.payResult, { out_trade_no: no }, { quiet: true });
      return answer.code === 0 && answer.msg === '1';
    },
    retry: false,
    staleTime: LIVE_STALE_MS,
  });
