import { formatYuan, yuanToFen } from '@contract/money';
import { PAYMENT_MESSAGES } from '@contract/payment';
import { findMachine } from '@machines/index';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PaymentDialog } from '@web/shared/payment/payment-dialog';
import { paymentLogic } from '@web/shared/payment/payment-logic';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import { fakeApi, heldCalls } from '../../support/fake-api';
import { passSecond, settle, type ViewAdapter } from '../../support/statecharts/run-on-view';

/** The QR dialog over the real payment logic (its status query goes through the portal client). */
export const paymentView: ViewAdapter = async () => {
  const queries = heldCalls();
  const api = fakeApi({ 'POST /portal/rs/payapi/v1/pay/payResult': queries.next });
  const user = userEvent.setup({ delay: null });
  const actor = createActor(paymentLogic, { input: findMachine('payment')?.input as never }).start();
  const view = render(<PaymentDialog actor={actor} />);
  await settle();
  return {
    async exec(event) {
      if (event.type === 'payment.close') {
        await user.click(screen.getByRole('button', { name: '关闭' }));
      } else if (event.type === 'xstate.done.actor.queryStatus') {
        queries.answer({ body: event.output });
      } else if (event.type === 'xstate.error.actor.queryStatus') {
        queries.fail();
      } else {
        return passSecond();
      }
      await settle();
    },
    async check(snapshot) {
      const dialog = screen.queryByRole('dialog', { name: '请扫码支付' });
      if (snapshot.matches('polling') || snapshot.matches('expired')) {
        // What is paid for and how much stay in view, QR or expiry notice.
        expect(dialog).toHaveTextContent(snapshot.context.description);
        expect(dialog).toHaveTextContent(formatYuan(yuanToFen(snapshot.context.amount)));
      }
      if (snapshot.matches('polling')) {
        expect(dialog).toBeInTheDocument();
        expect(screen.getByTitle(/支付二维码/)).toBeInTheDocument();
      }
      if (snapshot.matches('expired'))
        expect(screen.getByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.expired);
      if (snapshot.status === 'done') expect(dialog).not.toBeInTheDocument();
      if (snapshot.matches({ polling: 'querying' })) expect(queries.count).toBe(1);
      if (snapshot.matches({ polling: 'waiting' })) expect(queries.count).toBe(0);
      if (snapshot.matches('expired') || snapshot.status === 'done') {
        // Polling has stopped: seconds pass and no status query goes out.
        const sent = api.calls.length;
        await passSecond();
        await passSecond();
        expect(api.calls.length).toBe(sent);
      }
    },
    unmount: () => {
      act(() => actor.stop());
      view.unmount();
    },
  };
};
