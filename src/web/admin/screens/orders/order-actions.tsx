import { consoleApi, type OrderDetail } from '@contract/console';
import { owesBalance } from '@contract/order-money';
import { orderKindView } from '@contract/order-types';
import { hasPermission, type StaffRole } from '@contract/staff';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Notice } from '../../../components/ui/notice';
import { consoleCall } from '../../api/console-client';
import { CancelOrderDialog } from './cancel-order-dialog';
import { ExtendHoldDialog } from './extend-hold-dialog';
import { counterOrderOf, PAID, UNPAID } from './format';
import type { CounterPaymentActor } from './use-counter-payment-actor';
import { useOrderChange } from './use-order-change';

type Dialog = 'extend' | 'cancel' | 'enshrine' | null;

function EnshrineDialog({ no, onClose }: { no: string; onClose: () => void }) {
  const mark = useOrderChange(
    () => consoleCall(consoleApi.markEnshrined, { params: { no }, quiet: true }),
    '已标记为已供奉',
    onClose,
  );
  return (
    <ConfirmDialog
      title="标记已供奉"
      isOpen
      confirmLabel="确认已供奉"
      onConfirm={() => mark.mutate(undefined)}
      onCancel={onClose}
      isPending={mark.isPending}
      closesOnOutsideClick={false}
    >
      <p>圣像已请入佛龛供奉：座位将显示为已售已供。</p>
      {mark.error ? <Notice tone="error">{mark.error.message}</Notice> : null}
    </ConfirmDialog>
  );
}

/**
 * What may be done with the order, by its state and the member's roles (hidden when not allowed;
 * the server checks anyway): an unpaid reservation is paid at the counter or held longer, an
 * unpaid order is released, a ceremony's balance after its deposit is taken at the counter, a paid
 * statue is marked enshrined.
 */
export function OrderActions({
  order,
  roles,
  payment,
}: {
  order: OrderDetail['order'];
  roles: readonly StaffRole[];
  payment: CounterPaymentActor;
}) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const changes = hasPermission(roles, 'changeOrders') && order.state === UNPAID;
  // A ceremony whose deposit was paid online: its balance is taken at the counter.
  const takesBalance =
    hasPermission(roles, 'changeOrders') && order.state === PAID && owesBalance(order.money);
  const enshrines =
    hasPermission(roles, 'changeSeats') &&
    order.state === PAID &&
    orderKindView(order.type)?.staffMarksOffered === true;
  if (!changes && !takesBalance && !enshrines) return null;
  const no = order.outTradeNo;
  return (
    <section aria-label="订单操作" className="flex flex-wrap gap-4 print:hidden">
      {takesBalance ? (
        <Button size="lg" onPress={() => payment[1]({ type: 'payment.open', order: counterOrderOf(order) })}>
          登记补缴余款
        </Button>
      ) : null}
      {changes && order.reservation ? (
        <>
          <Button
            size="lg"
            onPress={() => payment[1]({ type: 'payment.open', order: counterOrderOf(order) })}
          >
            登记到寺付款
          </Button>
          <Button size="lg" tone="secondary" onPress={() => setDialog('extend')}>
            延长保留
          </Button>
          {/* An online order's QR stays payable until it ends: only a reservation is released here. */}
          <Button size="lg" tone="secondary" onPress={() => setDialog('cancel')}>
            释放/取消订单
          </Button>
        </>
      ) : null}
      {enshrines ? (
        <Button size="lg" onPress={() => setDialog('enshrine')}>
          标记已供奉
        </Button>
      ) : null}
      {dialog === 'extend' ? <ExtendHoldDialog no={no} onClose={close} /> : null}
      {dialog === 'cancel' ? <CancelOrderDialog no={no} onClose={close} /> : null}
      {dialog === 'enshrine' ? <EnshrineDialog no={no} onClose={close} /> : null}
    </section>
  );
}
