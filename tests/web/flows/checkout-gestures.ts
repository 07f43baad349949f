import { PHONE_PAYMENT, type PrePayAnswer } from '@contract/payment';
import type { CheckoutOutput } from '@machines/checkout.machine';
import { act, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { payingDevice } from '@web/shared/payment/paying-device';
import { expect, vi } from 'vitest';
import { type heldCalls, portalOk, refused } from '../../support/fake-api';
import { passSecond, settle } from '../../support/statecharts/run-on-view';

export interface CheckoutStage {
  /** The held order calls (prePay) and status queries (payResult) of the view. */
  orders: ReturnType<typeof heldCalls>;
  queries: ReturnType<typeof heldCalls>;
  user: UserEvent;
  /** What the order call answers: a QR order, or a reservation (no QR). */
  prePay: PrePayAnswer;
  reservation?: PrePayAnswer;
  /** How long the dialog waits before the QR (statues: 2 s). */
  qrDelay?: number;
}

/**
 * The gestures and answers behind a flow's `xstate.done.actor.checkout`: the held order call
 * answered (refused, reserved, or a QR), the QR's delay passed, and the QR paid (the poll answers
 * 1) or closed unpaid by the believer.
 */
export const endCheckout = async (output: CheckoutOutput, stage: CheckoutStage) => {
  const { orders, queries, user, prePay } = stage;
  if (output.outcome === 'refused') {
    orders.answer(refused(409, output.message ?? ''));
    return;
  }
  if (output.outcome === 'reserved') {
    orders.answer(portalOk(stage.reservation ?? { ...prePay, code_img_url: '' }, '办理成功'));
    return;
  }
  orders.answer(portalOk(prePay, '下单成功'));
  await settle();
  await act(async () => {
    await vi.advanceTimersByTimeAsync(stage.qrDelay ?? 0);
  });
  await settle();
  // A computer shows the QR to scan; a phone, which cannot scan its own screen, its own way.
  expect(payDialog()).toBeInTheDocument();
  expect(screen.queryByTitle(/支付二维码/) !== null).toBe(!payingDevice().phone);
  if (output.outcome === 'paid') {
    await passSecond();
    queries.answer({ body: { code: 0, msg: '1' } });
  } else {
    await closePayment(user);
  }
};

/** The payment dialog's name on any device: the QR's on a computer, a phone's own ways of paying. */
export const PAY_DIALOG = new RegExp(
  `^(请扫码支付|${PHONE_PAYMENT.openPayPageTitle}|${PHONE_PAYMENT.payElsewhereTitle})$`,
);

/** The payment dialog, as this device shows it, if it is open. */
export const payDialog = () => screen.queryByRole('dialog', { name: PAY_DIALOG });

/**
 * Closes the payment dialog unpaid, as it is on this device: the QR's 关闭 on a computer; on a
 * phone the demo's pay page (its 关闭) or the order kept for later (its own button).
 */
export const closePayment = async (user: UserEvent) => {
  const dialog = screen.getByRole('dialog', { name: PAY_DIALOG });
  const later = within(dialog).queryByRole('button', { name: PHONE_PAYMENT.payElsewhereButton });
  await user.click(later ?? within(dialog).getByRole('button', { name: /^关闭$/ }));
};
