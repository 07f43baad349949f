import { COUNTER_METHOD_LABELS, COUNTER_METHODS, type CounterMethod } from '@contract/console';
import { type CounterOrder, recordedPaymentOf } from '@machines/counter-payment.machine';
import { Button } from '../../../components/ui/button';
import { ChoiceCards } from '../../../components/ui/choice-cards';
import { Modal } from '../../../components/ui/modal';
import { Notice } from '../../../components/ui/notice';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { yuan } from './format';
import { COUNTER_FORM_ID, type CounterPaymentActor } from './use-counter-payment-actor';

const METHOD_CHOICES = COUNTER_METHODS.map((value) => ({ value, label: COUNTER_METHOD_LABELS[value] }));

function Summary({ order }: { order: CounterOrder }) {
  return (
    <p className="mb-5 rounded-md bg-paper-deep px-4 py-3 text-lg">
      订单 {order.outTradeNo}：{order.description}，应收 {yuan(order.amountFen)}
    </p>
  );
}

/**
 * The 登记到寺付款 dialog of the counter-payment machine (its doc comment maps the states): the
 * form, then 请核对 with what will be recorded. Closed while the machine is idle or recorded.
 */
export function CounterPaymentDialog({ actor: [snapshot, send] }: { actor: CounterPaymentActor }) {
  const { order, values, errors, refusal } = snapshot.context;
  const open = !snapshot.matches('idle') && !snapshot.matches('recorded') && order !== null;
  const busy = snapshot.hasTag('busy');
  const change = (field: keyof typeof values) => (value: string) =>
    send({ type: 'payment.change', field, value });
  return (
    <Modal
      title={snapshot.matches('editing') ? '登记到寺付款' : '请核对'}
      isOpen={open}
      onClose={() => send({ type: 'payment.cancel' })}
      isDismissable={!busy}
      closesOnOutsideClick={false}
      width={640}
    >
      {order ? <Summary order={order} /> : null}
      {snapshot.matches('editing') ? (
        <form
          id={COUNTER_FORM_ID}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'payment.review' });
          }}
          className="flex flex-col gap-5"
        >
          <div data-field="method">
            <ChoiceCards
              label="付款方式"
              isRequired
              choices={METHOD_CHOICES}
              value={values.method || null}
              onChange={change('method')}
              error={errors.method}
            />
          </div>
          <div data-field="amount">
            <TextField
              label="收款金额（元）"
              isRequired
              inputMode="decimal"
              value={values.amount}
              onChange={change('amount')}
              error={errors.amount}
            />
          </div>
          <div data-field="receiptNo">
            <TextField
              label="收据编号"
              isRequired
              value={values.receiptNo}
              onChange={change('receiptNo')}
              error={errors.receiptNo}
            />
          </div>
          <div data-field="note">
            <TextAreaField
              label="备注（选填）"
              maxLength={200}
              value={values.note}
              onChange={change('note')}
              error={errors.note}
            />
          </div>
          <div className="flex justify-end gap-4">
            <Button tone="secondary" onPress={() => send({ type: 'payment.cancel' })}>
              取消
            </Button>
            <Button type="submit">下一步</Button>
          </div>
        </form>
      ) : open ? (
        <Review values={values} refusal={snapshot.hasTag('error') ? refusal : null} busy={busy} send={send} />
      ) : null}
    </Modal>
  );
}

function Review({
  values,
  refusal,
  busy,
  send,
}: {
  values: CounterPaymentActor[0]['context']['values'];
  refusal: string | null;
  busy: boolean;
  send: CounterPaymentActor[1];
}) {
  const payment = recordedPaymentOf(values);
  const rows: [string, string][] = [
    ['付款方式', COUNTER_METHOD_LABELS[payment.method as CounterMethod]],
    ['收款金额', yuan(payment.amountFen)],
    ['收据编号', payment.receiptNo],
    ['备注', payment.note || '无'],
  ];
  return (
    <div className="flex flex-col gap-5">
      <dl aria-label="将登记的付款" className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-2 text-lg">
        {rows.map(([term, detail]) => (
          <div key={term} className="contents">
            <dt className="text-ink-soft">{term}</dt>
            <dd>{detail}</dd>
          </div>
        ))}
      </dl>
      {refusal ? <Notice tone="error">{refusal}</Notice> : null}
      <div className="flex justify-end gap-4">
        <Button tone="secondary" isDisabled={busy} onPress={() => send({ type: 'payment.cancel' })}>
          取消
        </Button>
        <Button tone="secondary" isDisabled={busy} onPress={() => send({ type: 'payment.back' })}>
          返回修改
        </Button>
        <Button isPending={busy} onPress={() => send({ type: 'payment.confirm' })}>
          确认登记
        </Button>
      </div>
    </div>
  );
}
