import { COUNTER_METHOD_LABELS, type CounterMethod } from '@contract/console';
import { type CounterPaymentContext, recordedPaymentOf } from '@machines/counter-payment.machine';
import { screen, within } from '@testing-library/react';
import { PAYMENT_RECORDED } from '@web/admin/screens/orders/use-counter-payment-actor';
import { toastQueue } from '@web/components/ui/toast';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { heldCalls, ok, refused } from '../../support/fake-api';
import {
  api,
  keysetPage,
  orderDetail,
  paidDetail,
  renderConsole,
  reservationRow,
  settleUntil,
} from '../../support/fake-console-api';
import { modelCounterOrder } from '../../support/statecharts/fixtures/counter-payment';
import { settle, type ViewAdapter } from '../../support/statecharts/run-on-view';

export const PAYMENT_PATH = `/orders/${modelCounterOrder.outTradeNo}/payment`;
const FIELD_LABELS = { amount: '收款金额（元）', receiptNo: '收据编号', note: '备注（选填）' } as const;

/** 到寺付款 with the model reservation, its payment call held until the test answers it. */
export const openReservations = async () => {
  const payments = heldCalls();
  const app = renderConsole('#/reservations', {
    [`GET ${api('/orders')}`]: () => ok(keysetPage([reservationRow({ ...modelCounterOrder })])),
    [`POST ${api(PAYMENT_PATH)}`]: payments.next,
  });
  await settleUntil(() =>
    screen.queryByRole('button', { name: `登记到寺付款 ${modelCounterOrder.outTradeNo}` }),
  );
  return { ...app, payments };
};

export const dialogNamed = (name: string) => screen.getByRole('dialog', { name });

/** The counter-payment dialog over the reservations list, driven by the clerk's gestures. */
export const counterPaymentView: ViewAdapter = async () => {
  const { user, payments, unmount } = await openReservations();
  const form = () => within(dialogNamed('登记到寺付款'));
  const review = () => within(dialogNamed('请核对'));
  return {
    async exec(event, before) {
      const editing = before.matches('editing');
      switch (event.type) {
        case 'payment.open':
          await user.click(
            screen.getByRole('button', { name: `登记到寺付款 ${modelCounterOrder.outTradeNo}` }),
          );
          break;
        case 'payment.change':
          if (event.field === 'method')
            await user.click(
              form().getByRole('radio', { name: COUNTER_METHOD_LABELS[event.value as CounterMethod] }),
            );
          else {
            const input = form().getByLabelText(FIELD_LABELS[event.field as keyof typeof FIELD_LABELS], {
              exact: false,
            });
            await user.clear(input);
            if (event.value) await user.type(input, event.value);
          }
          break;
        case 'payment.review':
          await user.click(form().getByRole('button', { name: '下一步' }));
          break;
        case 'payment.back':
          await user.click(review().getByRole('button', { name: '返回修改' }));
          break;
        case 'payment.confirm':
          await user.click(review().getByRole('button', { name: '确认登记' }));
          break;
        case 'payment.cancel':
          await user.click((editing ? form() : review()).getByRole('button', { name: '取消' }));
          break;
        case 'xstate.done.actor.recordPayment':
          payments.answer(ok(paidDetail(orderDetail()), '已登记付款'));
          break;
        default:
          payments.answer(refused(409, (event.error as Error).message));
      }
      await settle();
    },
    async check(snapshot: AnyMachineSnapshot) {
      const { values, errors, refusal } = snapshot.context as CounterPaymentContext;
      const busy = snapshot.hasTag('busy');
      // One request waits while the machine records; none otherwise.
      expect(payments.count).toBe(busy ? 1 : 0);
      if (snapshot.matches('idle') || snapshot.matches('recorded')) {
        expect(screen.queryByRole('dialog')).toBeNull();
        if (snapshot.matches('recorded'))
          expect(toastQueue.visibleToasts.map((t) => t.content.text)).toContain(PAYMENT_RECORDED);
        return;
      }
      if (snapshot.matches('editing')) {
        const dialog = form();
        const method = values.method ? COUNTER_METHOD_LABELS[values.method] : null;
        for (const radio of dialog.getAllByRole('radio'))
          expect((radio as HTMLInputElement).checked).toBe(radio.closest('label')?.textContent === method);
        for (const [field, label] of Object.entries(FIELD_LABELS)) {
          const input = dialog.getByLabelText(label, { exact: false });
          expect(input).toHaveValue(values[field as keyof typeof FIELD_LABELS]);
          const error = errors[field as keyof typeof errors];
          if (error) {
            expect(input).toHaveAttribute('aria-invalid', 'true');
            expect(input).toHaveAccessibleDescription(error);
          } else expect(input).not.toHaveAttribute('aria-invalid');
        }
        if (errors.method) expect(dialog.getByRole('radiogroup')).toHaveAccessibleDescription(errors.method);
        return;
      }
      // 请核对: what will be recorded, in yuan, and the buttons by the state.
      const dialog = review();
      const payment = recordedPaymentOf(values);
      const table = dialog.getByLabelText('将登记的付款');
      expect(table).toHaveTextContent(COUNTER_METHOD_LABELS[payment.method]);
      expect(table).toHaveTextContent(payment.receiptNo);
      expect(table).toHaveTextContent('¥12,000.00');
      const confirm = dialog.getByRole('button', { name: busy ? '请稍候…' : '确认登记' });
      if (busy) expect(confirm).toHaveAttribute('aria-disabled', 'true');
      if (busy) expect(dialog.getByRole('button', { name: '返回修改' })).toBeDisabled();
      else expect(dialog.getByRole('button', { name: '返回修改' })).toBeEnabled();
      if (snapshot.hasTag('error')) expect(dialog.getByRole('alert')).toHaveTextContent(refusal ?? '');
      else expect(dialog.queryByRole('alert')).toBeNull();
    },
    unmount,
  };
};
