import type { EnshrinementItem } from '@contract/believer';
import { formatYuan, yuanToFen } from '@contract/money';
import { RESERVATION_NOTICE } from '@contract/payment';
import { RENEWAL_RULES } from '@contract/renewal';
import { isRenewalReservation, renewalTotalOf } from '@machines/enshrinement-renewal.machine';
import { useEffect } from 'react';
import { sessionStore } from '../../api/session';
import { Button } from '../../components/ui/button';
import { ChoiceCards } from '../../components/ui/choice-cards';
import { Modal } from '../../components/ui/modal';
import { Notice } from '../../components/ui/notice';
import { useCheckout } from '../../shared/payment/checkout-logic';
import { newIdempotencyKey } from '../../shared/payment/idempotency-key';
import { payingDevice } from '../../shared/payment/paying-device';
import { PaymentDialog } from '../../shared/payment/payment-dialog';
import { useEnshrinementRenewalActor } from './enshrinement-renewal-actor';

const yearChoices = Array.from({ length: RENEWAL_RULES.maxYears - RENEWAL_RULES.minYears + 1 }, (_, i) => {
  const years = RENEWAL_RULES.minYears + i;
  return { value: String(years), label: `${years}年` };
});

/**
 * 供奉续费 of one yearly enshrinement: 1 to 3 years, the total, 确认续费; then the QR, or at 10000
 * and above 预订成功 (paid at the temple). Mounted while the flow runs: `onClose` when it ends.
 */
export function EnshrinementRenewalDialog({
  item,
  onClose,
}: {
  item: EnshrinementItem;
  onClose: () => void;
}) {
  const [snapshot, send] = useEnshrinementRenewalActor(item);
  const checkout = useCheckout(snapshot.children.checkout);
  const done = snapshot.status === 'done';
  useEffect(() => {
    if (done) onClose();
  }, [done, onClose]);
  const { context } = snapshot;
  const total = renewalTotalOf(context);
  const reservation = isRenewalReservation(context);
  const busy = checkout.busy;
  const cancel = () => send({ type: 'renewal.cancel' });
  return (
    <>
      <Modal
        title="供奉续费"
        isOpen={snapshot.matches('editing') || (snapshot.matches('ordering.checkingOut') && !checkout.paying)}
        onClose={cancel}
        isDismissable={!busy}
        width={560}
        footer={
          <div className="flex flex-1 flex-wrap items-center justify-end gap-4">
            {context.orderError && (
              <p role="alert" className="mr-auto text-lg text-temple-dark">
                {context.orderError}
              </p>
            )}
            <Button tone="secondary" size="lg" onPress={cancel} isDisabled={busy}>
              取消
            </Button>
            <Button
              size="lg"
              isPending={busy}
              className="max-sm:flex-1"
              onPress={() =>
                send({
                  type: 'order.submit',
                  mobile: sessionStore.mobile() ?? '',
                  // A key for a new order: the machine keeps the first one while the same renewal is retried.
                  key: newIdempotencyKey(),
                  device: payingDevice(),
                })
              }
            >
              确认续费
            </Button>
          </div>
        }
      >
        <div className="flex flex-col gap-5">
          <dl className="grid grid-cols-[6rem_1fr] gap-x-4 gap-y-1 rounded-md bg-paper-deep px-5 py-3 text-lg">
            <dt className="text-ink-soft">供奉圣像</dt>
            <dd>{item.GF_NR}</dd>
            <dt className="text-ink-soft">供奉位置</dt>
            <dd>{item.localtion}</dd>
            <dt className="text-ink-soft">当前到期</dt>
            <dd>{item.END_DATE}</dd>
            <dt className="text-ink-soft">每年</dt>
            <dd>{formatYuan(yuanToFen(item.FX_PRICE))}</dd>
          </dl>
          <ChoiceCards
            label="续费年限"
            choices={yearChoices.map((choice) => ({ ...choice, isDisabled: busy }))}
            value={String(context.years)}
            onChange={(value) => send({ type: 'years.choose', years: Number(value) })}
          />
          <p className="text-lg">
            续费金额：
            <span className="text-3xl font-bold text-temple" data-testid="renewal-total">
              {formatYuan(yuanToFen(total))}
            </span>
          </p>
          {reservation && <Notice>{RESERVATION_NOTICE}</Notice>}
        </div>
      </Modal>
      <PaymentDialog actor={checkout.payment} />
      <Modal
        title="预订成功"
        isOpen={snapshot.matches('reserved')}
        onClose={() => send({ type: 'reserved.close' })}
        footer={
          <Button size="lg" className="max-sm:flex-1" onPress={() => send({ type: 'reserved.close' })}>
            确定
          </Button>
        }
      >
        <p className="text-lg leading-8">{RESERVATION_NOTICE}</p>
      </Modal>
    </>
  );
}
