import { emptySelection, MERIT_FIELDS, type MeritItem, meritTotalYuan } from '@contract/merit';
import { formatYuan, OVER_LIMIT_MESSAGE, yuanToFen } from '@contract/money';
import { meritOrderOf } from '@machines/merit-order.machine';
import { useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { focusFirstError } from '../../components/ui/focus-first-error';
import { Notice } from '../../components/ui/notice';
import { submitFacts } from '../../shared/ordering/submit-facts';
import { useCheckout } from '../../shared/payment/checkout-logic';
import { PaymentDialog } from '../../shared/payment/payment-dialog';
import { useSiteConfig } from '../../shared/site-config-query';
import { drawnArt, TempleImage } from '../../shared/temple-image';
import { MeritConfirmDialog } from './merit-confirm-dialog';
import { MeritOptions } from './merit-options';
import { useMeritOrderActor } from './use-merit-order-actor';

/**
 * A merit item: its picture and story, the options, the total, and the ordering flow's dialogs.
 * The view keeps only what is typed; the machine judges it and holds every message.
 */
export function MeritDetailPage({ item }: { item: MeritItem }) {
  const site = useSiteConfig();
  const [form, setForm] = useState(emptySelection);
  const [snapshot, send, actor] = useMeritOrderActor(item);
  const checkout = useCheckout(snapshot.children.checkout);
  const fields = useRef<HTMLDivElement>(null);
  const { errors } = snapshot.context;

  const submit = () => {
    send({ type: 'order.submit', form, ...submitFacts() });
    focusFirstError(fields.current, actor.getSnapshot().context.errors, MERIT_FIELDS);
  };

  return (
    <div className="mx-auto grid max-w-page grid-cols-1 gap-10 px-6 pb-10 md:grid-cols-[2fr_3fr]">
      <div className="flex flex-col gap-4">
        <TempleImage
          src={item.IMAGE}
          fallback={drawnArt('lamp', item.GD_NAME)}
          alt=""
          priority
          // Two fifths of the 1200-px page beside the form; the whole width on a phone.
          sizes="(min-width: 768px) 460px, 100vw"
          className="aspect-[8/5] w-full rounded-lg border border-gold/40 object-cover"
        />
        <p className="text-lg leading-8 text-ink-soft">{item.PARTICULARS}</p>
      </div>
      <section
        aria-labelledby="merit-name"
        className="flex flex-col gap-6 rounded-lg border border-gold/40 bg-white p-5 sm:p-7"
      >
        <h1 id="merit-name" className="font-serif text-3xl tracking-widest text-temple">
          {item.GD_NAME}
        </h1>
        <div ref={fields}>
          <MeritOptions
            item={item}
            selection={form}
            errors={errors}
            onChange={(next, field) => {
              setForm(next);
              if (errors[field]) send({ type: 'form.edit', field });
            }}
          />
        </div>
        <div className="rounded-md bg-paper-deep px-5 py-4 text-base text-ink-soft">
          预约咨询：如需大额供养或有疑问，请致电客堂 {site.receptionPhone}
        </div>
        {errors.general && <Notice tone="error">{errors.general}</Notice>}
        <div className="flex items-center justify-between border-t border-gold/30 pt-5">
          <p className="text-lg">
            合计：
            <span className="text-3xl font-bold text-temple">
              {formatYuan(yuanToFen(meritTotalYuan(item, form)))}
            </span>
          </p>
          <Button size="lg" onPress={submit} isDisabled={!snapshot.matches('editing')}>
            提交
          </Button>
        </div>
      </section>

      <ConfirmDialog
        title="温馨提示"
        isOpen={snapshot.matches('overLimit')}
        onConfirm={() => send({ type: 'overLimit.confirm' })}
        onCancel={() => send({ type: 'overLimit.cancel' })}
      >
        {OVER_LIMIT_MESSAGE}
      </ConfirmDialog>
      <MeritConfirmDialog
        item={item}
        order={meritOrderOf(snapshot.context)}
        refusal={snapshot.context.orderError}
        isOpen={snapshot.matches('ordering') && !checkout.paying}
        isPending={checkout.busy}
        onConfirm={() => send({ type: 'order.confirm' })}
        onCancel={() => send({ type: 'order.cancel' })}
      />
      <PaymentDialog actor={checkout.payment} />
    </div>
  );
}
