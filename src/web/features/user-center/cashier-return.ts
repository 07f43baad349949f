import type { MyOrderItem } from '@contract/believer';
import { ORDER_STATE } from '@contract/payment';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { canPayAgain } from './pay-again';

/** What 我的订单 says of the order the believer came back from WeChat's H5 cashier with. */
export const CASHIER_RETURN = {
  paid: (no: string) => `订单 ${no} 已支付成功`,
  gone: (no: string) => `订单 ${no} 已关闭，无法继续支付`,
} as const;

/**
 * Back from WeChat's H5 cashier (`?paying=<order>` on 我的订单), paid or not: once the list has
 * loaded, a paid order says so; an order still payable opens its payment dialog again, which
 * asks the server each second (a notification still on its way ends it as paid) and offers the
 * cashier again (继续支付). The address then loses `paying`: a reload opens nothing by itself.
 */
export const useCashierReturn = (
  paying: string | undefined,
  orders: MyOrderItem[] | undefined,
  payAgain: (order: MyOrderItem) => void,
) => {
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string | null>(null);
  const handled = useRef(false);
  useEffect(() => {
    if (!paying || !orders || handled.current) return;
    handled.current = true;
    const order = orders.find((o) => o.orderNo === paying);
    if (order?.orderState === ORDER_STATE.paid) setNotice(CASHIER_RETURN.paid(paying));
    else if (order && canPayAgain(order, new Date())) payAgain(order);
    else if (order) setNotice(CASHIER_RETURN.gone(paying));
    void navigate({ to: '.', search: {}, replace: true });
  }, [paying, orders, payAgain, navigate]);
  return notice;
};
