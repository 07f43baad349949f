import { formatYuan, yuanToFen } from '@contract/money';
import { SEAT_MESSAGES } from '@contract/seats';
import type { StatueItem, StatueLocation, StatuePreview } from '@contract/statue';
import {
  emptyStatueForm,
  STATUE_RESERVATION_NOTICE,
  type StatueForm,
  statueTotalOf,
} from '@contract/statue-form';
import { useCallback, useMemo, useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Modal } from '../../components/ui/modal';
import { RequiredMark } from '../../components/ui/required-mark';
import { submitFacts } from '../../shared/ordering/submit-facts';
import { useCheckout } from '../../shared/payment/checkout-logic';
import { PaymentDialog } from '../../shared/payment/payment-dialog';
import { SeatMapView } from '../../shared/seat-map/seat-map';
import { useSiteConfig } from '../../shared/site-config-query';
import { StatueChoices } from './statue-choices';
import { StatueOrderDialog } from './statue-order-dialog';
import { useStatueOrderActor } from './use-statue-order-actor';

export interface StatueDetailPageProps {
  location: StatueLocation;
  locationName: string;
  preview: StatuePreview;
  statues: StatueItem[];
}

/**
 * A location's enshrinement (001 section 2): material, statue, term and group, the niches of the
 * group on the seat map, the total and 提交; then the notice (10000 and above), the order dialog,
 * 预定成功 or the QR. The view keeps what is chosen; the machine judges and holds the messages.
 */
export function StatueDetailPage({ location, locationName, preview, statues }: StatueDetailPageProps) {
  const site = useSiteConfig();
  const place = useMemo(() => ({ location, locationName }), [location, locationName]);
  const [form, setForm] = useState<StatueForm>(emptyStatueForm);
  const [snapshot, send] = useStatueOrderActor(place);
  const seats = snapshot.children.seats;
  const checkout = useCheckout(snapshot.children.checkout);
  const total = statueTotalOf(form);

  const change = (next: StatueForm) => {
    setForm(next);
    // The machine picks the map (another material or group forgets the seat) and clears the message.
    send({
      type: 'choices.change',
      material: next.material?.ID ?? null,
      group: next.group?.FX_GROUP ?? null,
    });
  };
  const submit = () => send({ type: 'order.submit', form, ...submitFacts() });
  // A seat chosen answers 请选择…佛像位置: the message beside 提交 goes (the machine's form.edit).
  const chooseSeat = useCallback(() => send({ type: 'form.edit' }), [send]);

  return (
    <div className="mx-auto flex max-w-page flex-col gap-8 px-6 pb-10">
      <header className="flex flex-col gap-2">
        <h1 className="font-serif text-3xl tracking-widest text-temple">{locationName}</h1>
        <p className="text-lg text-ink-soft">
          请依次选择材质、佛像、期限与方位，再在座位图上选定供奉位置。咨询电话：{site.receptionPhone}
        </p>
      </header>
      <section
        aria-label="供奉选择"
        className="flex flex-col gap-6 rounded-lg border border-gold/40 bg-white p-5 sm:p-7"
      >
        <StatueChoices preview={preview} statues={statues} form={form} onChange={change} />
        <div className="flex flex-col gap-3">
          <h2 className="text-lg font-medium text-ink">
            供奉位置
            <RequiredMark />
          </h2>
          {seats && <SeatMapView actor={seats} label="供奉位置" onChoose={chooseSeat} />}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-4 border-t border-gold/30 pt-5">
          <p className="text-lg">
            功德金：
            <span className="text-3xl font-bold text-temple">
              {total ? formatYuan(yuanToFen(total)) : '—'}
            </span>
          </p>
          <div className="flex flex-col items-end gap-2">
            <Button size="lg" onPress={submit} isDisabled={!snapshot.matches('editing')}>
              提交
            </Button>
            {snapshot.context.error && (
              <p role="alert" className="text-lg text-temple-dark">
                {snapshot.context.error}
              </p>
            )}
          </div>
        </div>
      </section>

      <ConfirmDialog
        title="温馨提示"
        isOpen={snapshot.matches('notice')}
        onConfirm={() => send({ type: 'notice.confirm' })}
        onCancel={() => send({ type: 'notice.cancel' })}
      >
        {STATUE_RESERVATION_NOTICE}
      </ConfirmDialog>
      <StatueOrderDialog
        context={snapshot.context}
        isOpen={snapshot.matches('ordering') && !checkout.paying}
        isPending={checkout.busy}
        onDonor={(donor) => send({ type: 'donor.change', donor })}
        onRemark={(remark) => send({ type: 'remark.change', remark })}
        onConfirm={() => send({ type: 'order.confirm' })}
        onCancel={() => send({ type: 'order.cancel' })}
      />
      <PaymentDialog actor={checkout.payment} />
      <Modal
        title="预定成功"
        isOpen={snapshot.matches('reserved')}
        onClose={() => send({ type: 'reserved.close' })}
      >
        <p className="text-lg leading-8">{SEAT_MESSAGES.reserved}</p>
        <div className="mt-7 flex justify-end">
          <Button size="lg" onPress={() => send({ type: 'reserved.close' })}>
            确定
          </Button>
        </div>
      </Modal>
    </div>
  );
}
