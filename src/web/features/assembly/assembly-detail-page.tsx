import { type HoeDetail, splitSolarRange, type TabletGdj } from '@contract/assembly';
import { ASSEMBLY_FIELDS, emptyAssemblyForm, formTotalFen } from '@contract/assembly-form';
import { formatYuan, OVER_LIMIT_MESSAGE } from '@contract/money';
import { RESERVATION_NOTICE } from '@contract/payment';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { focusFirstError } from '../../components/ui/focus-first-error';
import { Modal } from '../../components/ui/modal';
import { submitFacts } from '../../shared/ordering/submit-facts';
import { useCheckout } from '../../shared/payment/checkout-logic';
import { PaymentDialog } from '../../shared/payment/payment-dialog';
import { useSiteConfig } from '../../shared/site-config-query';
import { drawnArt, TempleImage } from '../../shared/temple-image';
import { AssemblyFormFields } from './assembly-form';
import { AssemblyOrderDialog } from './assembly-order-dialog';
import { ASSEMBLY_IMAGE_SIZES, assemblyMeritItemsQuery, tabletPreviewQuery } from './assembly-queries';
import { useAssemblyOrderActor } from './use-assembly-order-actor';

const SIZES = { large: '大号', medium: '中号', small: '小号' } as const;

/**
 * An assembly: its picture, dates and story, the registration form with the live total, and the
 * flow's dialogs. The view keeps only what is chosen; the machine judges it and holds every message.
 */
export function AssemblyDetailPage({ hoe, prices }: { hoe: HoeDetail; prices: TabletGdj[] }) {
  const site = useSiteConfig();
  const input = useMemo(() => ({ hoe, prices }), [hoe, prices]);
  const [form, setForm] = useState(emptyAssemblyForm);
  const [snapshot, send, actor] = useAssemblyOrderActor(input);
  const checkout = useCheckout(snapshot.children.checkout);
  const fields = useRef<HTMLDivElement>(null);
  const { errors } = snapshot.context;
  const { start, end } = splitSolarRange(hoe.HOE_YL_TIME);
  const items = useQuery(assemblyMeritItemsQuery(hoe.HOE_YEAR, hoe.HOE_NAME, form.hoeType)).data ?? [];
  const ordered = snapshot.context.draft;
  const preview = useQuery(
    tabletPreviewQuery(hoe.HOE_YEAR, hoe.HOE_NAME, ordered?.HOE_TYPE ?? '', ordered?.TABLET_TYPE ?? ''),
  ).data;

  const submit = () => {
    send({ type: 'order.submit', form, ...submitFacts() });
    focusFirstError(fields.current, actor.getSnapshot().context.errors, ASSEMBLY_FIELDS);
  };

  return (
    <div className="mx-auto grid max-w-page grid-cols-1 gap-10 px-6 pb-10 md:grid-cols-[2fr_3fr]">
      <div className="flex flex-col gap-4">
        <TempleImage
          src={hoe.IMAGE}
          fallback={drawnArt('lotus', hoe.HOE_NAME)}
          alt=""
          priority
          // Two fifths of the 1200-px page beside the form; the whole width on a phone.
          sizes={ASSEMBLY_IMAGE_SIZES}
          className="aspect-[8/5] w-full rounded-lg border border-gold/40 object-cover"
        />
        <dl className="grid grid-cols-[6rem_1fr] gap-y-3 text-lg">
          <dt className="text-ink-soft">法会日期</dt>
          <dd>{start === end ? start : `${start} 至 ${end}`}</dd>
          <dt className="text-ink-soft">农历日期</dt>
          <dd>{hoe.HOE_NL_TIME}</dd>
        </dl>
        <p className="text-lg leading-8 text-ink-soft">{hoe.PARTICULARS}</p>
      </div>
      <section
        aria-labelledby="hoe-name"
        className="flex flex-col gap-6 rounded-lg border border-gold/40 bg-white p-5 sm:p-7"
      >
        <h1 id="hoe-name" className="font-serif text-3xl tracking-widest text-temple">
          {hoe.HOE_NAME}
        </h1>
        <div ref={fields}>
          <AssemblyFormFields
            input={input}
            form={form}
            items={items}
            errors={errors}
            onChange={(next, field) => {
              setForm(next);
              if (errors[field]) send({ type: 'form.edit', field });
              // A new assembly type or tablet type can clear what was wrong with the one after it.
              if (field === 'hoeType' && errors.tabletType) send({ type: 'form.edit', field: 'tabletType' });
              // A new assembly type clears the merit items (and their counts).
              if (field === 'hoeType' && errors.merit) send({ type: 'form.edit', field: 'merit' });
              if (field !== 'amount' && errors.amount) send({ type: 'form.edit', field: 'amount' });
            }}
          />
        </div>
        <div className="rounded-md bg-paper-deep px-5 py-4 text-base text-ink-soft">
          咨询电话：如有疑问或需登记大额功德，请致电客堂 {site.receptionPhone}
        </div>
        <div className="flex items-center justify-between border-t border-gold/30 pt-5">
          <p className="text-lg">
            合计：
            <span className="text-3xl font-bold text-temple">{formatYuan(formTotalFen(input, form))}</span>
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
      <AssemblyOrderDialog
        context={snapshot.context}
        editor={snapshot.children.entries}
        items={items}
        printNote={preview ? `${preview.TABLET_TYPE}牌位为${SIZES[preview.SIZE]}` : null}
        isOpen={snapshot.matches('ordering') && !checkout.paying}
        isPending={checkout.busy}
        onAgree={(agreed) => send({ type: 'agreement.set', agreed })}
        onConfirm={() => send({ type: 'order.confirm' })}
        onCancel={() => send({ type: 'order.cancel' })}
      />
      <PaymentDialog actor={checkout.payment} />
      <Modal
        title="办理成功"
        isOpen={snapshot.matches('reserved')}
        onClose={() => send({ type: 'reserved.close' })}
      >
        <p className="text-lg leading-8">{RESERVATION_NOTICE}</p>
        <div className="mt-7 flex justify-end">
          <Button size="lg" onPress={() => send({ type: 'reserved.close' })}>
            确定
          </Button>
        </div>
      </Modal>
    </div>
  );
}
