import { formatYuan, yuanToFen } from '@contract/money';
import { PAYMENT_MESSAGES, PHONE_PAYMENT } from '@contract/payment';
import { findMachine } from '@machines/index';
import type { PaymentChannel, PaymentInput } from '@machines/payment.machine';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PaymentDialog } from '@web/shared/payment/payment-dialog';
import { paymentLogic } from '@web/shared/payment/payment-logic';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import { fakeApi, heldCalls } from '../../support/fake-api';
import { passSecond, settle, type ViewAdapter } from '../../support/statecharts/run-on-view';

const TITLES: Record<PaymentChannel, string> = {
  scanQr: '请扫码支付',
  openPayPage: PHONE_PAYMENT.openPayPageTitle,
  payElsewhere: PHONE_PAYMENT.payElsewhereTitle,
};

/**
 * The payment dialog over the real payment logic (its status query goes through the portal
 * client), for the registry's order as `shown` changes it: on a phone (`device`), with a WeChat
 * code (`codeUrl`).
 */
export const paymentViewOf =
  (shown: Partial<PaymentInput> = {}): ViewAdapter =>
  async () => {
    const queries = heldCalls();
    const api = fakeApi({ 'POST /portal/rs/payapi/v1/pay/payResult': queries.next });
    const user = userEvent.setup({ delay: null });
    const input = { ...(findMachine('payment')?.input as PaymentInput), ...shown };
    const actor = createActor(paymentLogic, { input }).start();
    const view = render(<PaymentDialog actor={actor} />);
    await settle();
    return {
      async exec(event) {
        if (event.type === 'payment.close') {
          const button = screen.queryByRole('button', { name: PHONE_PAYMENT.payElsewhereButton });
          await user.click(button ?? screen.getByRole('button', { name: '关闭' }));
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
        // The model walks the registry's order; this view's way of paying is its own order's.
        const { channel } = actor.getSnapshot().context;
        const dialog = screen.queryByRole('dialog', { name: TITLES[channel] });
        if (snapshot.matches('polling') || snapshot.matches('expired')) {
          // What is paid for and how much stay in view, QR or expiry notice.
          expect(dialog).toHaveTextContent(snapshot.context.description);
          expect(dialog).toHaveTextContent(formatYuan(yuanToFen(snapshot.context.amount)));
        }
        if (snapshot.matches('polling')) {
          expect(dialog).toBeInTheDocument();
          // The QR on a computer only; a phone is offered its own way.
          expect(screen.queryByTitle(/支付二维码/) !== null).toBe(channel === 'scanQr');
          if (channel === 'openPayPage')
            expect(screen.getByRole('link', { name: PHONE_PAYMENT.openPayPageButton })).toHaveAttribute(
              'href',
              input.codeUrl,
            );
          if (channel === 'payElsewhere')
            expect(dialog).toHaveTextContent(PHONE_PAYMENT.payElsewhere('').split('，请于')[0] ?? '');
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

/** The QR dialog on a computer, for the registry's order. */
export const paymentView = paymentViewOf();
