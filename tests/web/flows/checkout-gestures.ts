import type { PrePayAnswer } from '@contract/payment';
import type { CheckoutOutput } from '@machines/checkout.machine';
import { act, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { vi } from 'vitest';
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
  if (output.outcome === 'paid') {
    await passSecond();
    queries.answer({ body: { code: 0, msg: '1' } });
  } else {
    const qr = screen.getByRole('dialog', { name: '请扫码支付' });
    await user.click(within(qr).getByRole('button', { name: /^关闭$/ }));
  }
};
