import { CEREMONY_NOTICES } from '@contract/ceremony';
import type { ceremonyBookingMachine } from '@machines/ceremony-booking.machine';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useCheckout } from '../../shared/payment/checkout-logic';
import { PaymentDialog } from '../../shared/payment/payment-dialog';
import { CeremonyOrderDialog } from './ceremony-order-dialog';

export interface CeremonyDialogsProps {
  snapshot: SnapshotFrom<typeof ceremonyBookingMachine>;
  send: (event: EventFrom<typeof ceremonyBookingMachine>) => void;
}

/**
 * What 提交 opens, in the machine's order: 温馨提示, 订单确认 with the entries editor, 预约须知,
 * the deposit's QR. Their own chunk (the page shows the type's picture without waiting for them).
 */
export function CeremonyDialogs({ snapshot, send }: CeremonyDialogsProps) {
  const checkout = useCheckout(snapshot.children.checkout);
  return (
    <>
      {/* Opened by 提交: a double click's second click must not close it. */}
      <ConfirmDialog
        title="温馨提示"
        isOpen={snapshot.matches('notice')}
        closesOnOutsideClick={false}
        onConfirm={() => send({ type: 'notice.confirm' })}
        onCancel={() => send({ type: 'notice.cancel' })}
      >
        {CEREMONY_NOTICES.hint}
      </ConfirmDialog>
      <CeremonyOrderDialog
        context={snapshot.context}
        editor={snapshot.children.entries}
        isOpen={snapshot.matches('ordering.confirming')}
        onAgree={(agreed) => send({ type: 'agreement.set', agreed })}
        onCause={(cause) => send({ type: 'cause.change', cause })}
        onConfirm={() => send({ type: 'order.confirm' })}
        onCancel={() => send({ type: 'order.cancel' })}
      />
      <ConfirmDialog
        title="预约须知"
        // The checkout is making the deposit's order: 预约须知 stays, pending, until the QR.
        isOpen={
          snapshot.matches('ordering.reserving') ||
          (snapshot.matches('ordering.checkingOut') && !checkout.paying)
        }
        isPending={checkout.busy}
        confirmLabel="确定，支付定金"
        onConfirm={() => send({ type: 'reservation.confirm' })}
        onCancel={() => send({ type: 'reservation.cancel' })}
      >
        {CEREMONY_NOTICES.reservation}
      </ConfirmDialog>
      <PaymentDialog actor={checkout.payment} />
    </>
  );
}
