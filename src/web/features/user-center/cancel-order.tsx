import type { MyOrderItem } from '@contract/believer';
import { ORDER_STATE, PAYMENT_MESSAGES, payApi } from '@contract/payment';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DialogTrigger } from 'react-aria-components';
import { portalClient } from '../../api/client';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { CancelOrderDialog } from './cancel-order-dialog';

/** The id of 我的订单's table: focus lands there when a cancelled row's button goes. */
export const MY_ORDERS_TABLE = 'my-orders';

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
 * confirm button is pending while the call is under way. Done, a toast says so; refused (the
 * order was paid or ran out meanwhile), the client toasts the server's words. Either way the
 * dialog closes and the lists are asked again; when the row's button has gone with it, focus
 * moves to the orders table rather than being lost.
 */
export function CancelOrderButton({ order }: { order: MyOrderItem }) {
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => portalClient(payApi.cancelOrder, { out_trade_no: order.orderNo }),
  });
  const settle = async (close: () => void) => {
    close();
    await queryClient.invalidateQueries({ queryKey: ['user-center'] });
    if (document.activeElement === document.body || document.activeElement === null)
      document.getElementById(MY_ORDERS_TABLE)?.focus();
  };
  return (
    <DialogTrigger>
      <Button tone="secondary" className="whitespace-nowrap" aria-label={`取消订单 ${order.orderNo}`}>
        取消订单
      </Button>
      <CancelOrderDialog
        order={order}
        isPending={cancel.isPending}
        onConfirm={(close) =>
          cancel.mutate(undefined, {
            onSuccess: () => {
              toast.success(PAYMENT_MESSAGES.cancelled);
              return settle(close);
            },
            onError: () => settle(close),
          })
        }
      />
    </DialogTrigger>
  );
}
