import type { MyOrderItem } from '@contract/believer';
import { ORDER_STATE, PAYMENT_MESSAGES, payApi } from '@contract/payment';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DialogTrigger } from 'react-aria-components';
import { portalClient } from '../../api/client';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { CancelOrderDialog } from './cancel-order-dialog';

/**
 * Whether 我的订单 offers 取消订单 at `now`: an unpaid order (online or reserved at the temple)
 * whose hold still lasts. The server closes it and frees its place at once.
 */
export const canCancel = (order: MyOrderItem, now: Date): boolean => {
  const expires = Date.parse(order.expireTime);
  return order.orderState === ORDER_STATE.reserved && Number.isFinite(expires) && now.getTime() < expires;
};

/**
 * 取消订单 and its confirmation (React Aria's trigger keeps the dialog open or shut). The
 * confirm button is pending while the call is under way; done, the lists are asked again and a
 * toast says so; refused, the server's words are toasted by the client and the dialog stays.
 */
export function CancelOrderButton({ order }: { order: MyOrderItem }) {
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => portalClient(payApi.cancelOrder, { out_trade_no: order.orderNo }),
    onSuccess: async () => {
      toast.success(PAYMENT_MESSAGES.cancelled);
      await queryClient.invalidateQueries({ queryKey: ['user-center'] });
    },
  });
  return (
    <DialogTrigger>
      <Button tone="secondary" className="whitespace-nowrap" aria-label={`取消订单 ${order.orderNo}`}>
        取消订单
      </Button>
      <CancelOrderDialog
        order={order}
        isPending={cancel.isPending}
        onConfirm={(close) => cancel.mutate(undefined, { onSuccess: close })}
      />
    </DialogTrigger>
  );
}
