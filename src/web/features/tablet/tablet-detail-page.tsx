import { SEAT_MESSAGES } from '@contract/seats';
import type { PwType } from '@contract/tablet';
import { isReservationTotal, TABLET_NOTICES, tabletAreaOf, tabletDialogFields } from '@contract/tablet-form';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { focusFirstError } from '../../components/ui/focus-first-error';
import { RequiredMark } from '../../components/ui/required-mark';
import { submitFacts } from '../../shared/ordering/submit-facts';
import { useCheckout } from '../../shared/payment/checkout-logic';
import { PaymentDialog } from '../../shared/payment/payment-dialog';
import { SeatMapView } from '../../shared/seat-map/seat-map';
import { type TabletChoices, TabletChoicesView } from './tablet-choices';
import { TabletOrderDialog } from './tablet-order-dialog';
import { tabletCategoriesQuery, tabletLocationsQuery, tabletSeatsQuery } from './tablet-queries';
import { TabletReservedDialog } from './tablet-reserved-dialog';
import { TabletSubmitBar } from './tablet-submit-bar';
import { useTabletBookingActor } from './use-tablet-booking-actor';

const emptyChoices: TabletChoices = { category: '', floor: null, group: null };

/**
 * 牌位供奉 of one type (002 section 2): category, floor and group, the seat map with the price,
 * 提交; then the notice (10000 and above), order, reservation and success dialogs and the QR. The
 * view keeps what is chosen; the machine judges it.
 */
export function TabletDetailPage({ pwType, typeName }: { pwType: PwType; typeName: string }) {
  const { data: categories } = useSuspenseQuery(tabletCategoriesQuery);
  const { data: floors } = useSuspenseQuery(tabletLocationsQuery(pwType));
  const input = useMemo(() => ({ pwType }), [pwType]);
  const [snapshot, send, actor] = useTabletBookingActor(input);
  const [form, setForm] = useState<TabletChoices>(emptyChoices);
  const seats = snapshot.children.seats;
  const area =
    form.floor && form.group ? tabletAreaOf(pwType, form.floor.PW_LOCATION, form.group.PW_GROUP) : null;
  // The price came with the map (the seat machine loads it through this cache entry).
  const { data: seatData } = useQuery({ ...tabletSeatsQuery(area ?? ''), enabled: false });
  const price = area ? (seatData?.PW_PRICE ?? null) : null;
  const { context } = snapshot;
  const draft = context.draft;
  const reservation = isReservationTotal(draft?.GFJ_TOTAL ?? 0);
  const checkout = useCheckout(snapshot.children.checkout);
  // The checkout is making the order: the dialog that confirmed it stays, pending, until the QR.
  const creating = snapshot.matches('ordering.checkingOut') && !checkout.paying;

  const change = (next: TabletChoices) => {
    setForm(next);
    // The machine picks the map (another floor or group forgets the place) and clears the message.
    send({
      type: 'choices.change',
      floor: next.floor?.PW_LOCATION ?? null,
      group: next.group?.PW_GROUP ?? null,
    });
  };
  // A seat chosen answers 请选择类别和位置: the message above 提交 goes (the machine's form.edit).
  const chooseSeat = useCallback(() => send({ type: 'form.edit' }), [send]);
  const submit = () => send({ type: 'order.submit', form: { ...form, price }, ...submitFacts() });
  const confirmOrder = () => {
    send({ type: 'order.confirm' });
    const after = actor.getSnapshot().context;
    if (after.draft)
      focusFirstError(document.body, after.fieldErrors, tabletDialogFields(after.draft.FS_TYPE));
  };

  return (
    <div className="mx-auto flex max-w-page flex-col gap-8 px-6 pb-10">
      <h1 className="font-serif text-3xl tracking-widest text-temple">{typeName}</h1>
      <section
        aria-label="选择牌位"
        className="flex flex-col gap-6 rounded-lg border border-gold/40 bg-white p-5 sm:p-7"
      >
        <TabletChoicesView categories={categories} floors={floors} form={form} onChange={change} />
        <div className="flex flex-col gap-3">
          <h2 className="text-lg font-medium text-ink">
            选择位置
            <RequiredMark />
          </h2>
          {seats && <SeatMapView actor={seats} label={`${typeName}座位图`} onChoose={chooseSeat} />}
        </div>
        <TabletSubmitBar
          price={price}
          error={context.error}
          isDisabled={!snapshot.matches('editing')}
          onSubmit={submit}
        />
      </section>

      <ConfirmDialog
        title="温馨提示"
        isOpen={snapshot.matches('notice')}
        // A double click on 提交 lands its second click on the overlay: it must not close the notice.
        closesOnOutsideClick={false}
        onConfirm={() => send({ type: 'notice.confirm' })}
        onCancel={() => send({ type: 'notice.cancel' })}
      >
        {TABLET_NOTICES.hint}
      </ConfirmDialog>
      <TabletOrderDialog
        draft={draft}
        names={context.names}
        descendants={context.descendants}
        errors={context.fieldErrors}
        orderError={context.orderError}
        isOpen={snapshot.matches('ordering.confirming') || (creating && !reservation)}
        isPending={checkout.busy}
        onName={(index, value) => send({ type: 'name.change', index, value })}
        onDescendant={(index, value) => send({ type: 'descendant.change', index, value })}
        onConfirm={confirmOrder}
        onCancel={() => send({ type: 'order.cancel' })}
      />
      <ConfirmDialog
        title="预定须知"
        isOpen={snapshot.matches('ordering.reserving') || (creating && reservation)}
        isPending={checkout.busy}
        onConfirm={() => send({ type: 'reservation.confirm' })}
        onCancel={() => send({ type: 'reservation.cancel' })}
      >
        {TABLET_NOTICES.reservation}
      </ConfirmDialog>
      <TabletReservedDialog
        isOpen={snapshot.matches('reserved')}
        message={SEAT_MESSAGES.reserved}
        onClose={() => send({ type: 'reserved.close' })}
      />
      <PaymentDialog actor={checkout.payment} />
    </div>
  );
}
