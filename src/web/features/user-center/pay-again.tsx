import type { MyOrderItem } from '@contract/believer';
import { ORDER_STATE } from '@contract/payment';
import type { PayingDevice, PaymentInput } from '@machines/payment.machine';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type ActorRefFrom, createActor } from 'xstate';
import { payingDevice } from '../../shared/payment/paying-device';
import { PaymentDialog } from '../../shared/payment/payment-dialog';
import { paymentLogic } from '../../shared/payment/payment-logic';

/**
 * Whether 我的订单 offers 去支付 at `now` (the page's clock): an unpaid online order whose hold
 * still lasts (its QR, if a phone channel has not taken it over). A tab left open past the hold
 * no longer offers it.
 */
export const canPayAgain = (order: MyOrderItem, now: Date): boolean => {
  const expires = Date.parse(order.expireTime);
  return (
    order.orderState === ORDER_STATE.reserved &&
    order.payOnline &&
    Number.isFinite(expires) &&
    now.getTime() < expires
  );
};

/**
 * The QR dialog's input from a row of the list: the same trade, its QR, deadline, item and
 * amount, and the device it is paid from now.
 */
export const payAgainInput = (order: MyOrderItem, device: PayingDevice): PaymentInput => ({
  outTradeNo: order.orderNo,
  codeUrl: order.codeImgUrl,
  expiresAt: order.expireTime,
  description: order.description,
  amount: order.payAmount,
  device,
});

type PaymentActor = ActorRefFrom<typeof paymentLogic>;

/**
 * 去支付 of 我的订单: the payment machine (the same poll and QR dialog as every ordering flow) on an
 * order already placed. When the dialog ends, paid or not, the believer's lists are asked again:
 * a paid row reads 已支付, an expired one 已关闭. Leaving the tab stops the poll.
 */
export const usePayAgain = () => {
  const queryClient = useQueryClient();
  const [actor, setActor] = useState<PaymentActor | null>(null);
  useEffect(() => () => actor?.stop(), [actor]);
  const payAgain = (order: MyOrderItem) => {
    const next = createActor(paymentLogic, { input: payAgainInput(order, payingDevice()) });
    next.subscribe({
      complete: () => void queryClient.invalidateQueries({ queryKey: ['user-center'] }),
    });
    setActor(next.start());
  };
  return { actor, payAgain };
};

/** The QR dialog of the order being paid again (nothing while none is). */
export function PayAgainDialog({ actor }: { actor: PaymentActor | null }) {
  return <PaymentDialog actor={actor ?? undefined} />;
}
