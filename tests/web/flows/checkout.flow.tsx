import { formatYuan, yuanToFen } from '@contract/money';
import { findMachine } from '@machines/index';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '@web/components/ui/button';
import { type CheckoutActor, checkoutLogic, useCheckout } from '@web/shared/payment/checkout-logic';
import { PaymentDialog } from '@web/shared/payment/payment-dialog';
import { expect, vi } from 'vitest';
import { createActor } from 'xstate';
import { fakeApi, heldCalls, portalOk, refused } from '../../support/fake-api';
import { checkoutPrePay } from '../../support/statecharts/fixtures/checkout';
import { passSecond, settle, type ViewAdapter } from '../../support/statecharts/run-on-view';
import { closePayment, payDialog } from './checkout-gestures';

/** What a flow's view shows of its checkout: its confirm button (pending while busy) and the QR. */
function CheckoutHarness({ actor }: { actor: CheckoutActor }) {
  const checkout = useCheckout(actor);
  return (
    <>
      {!checkout.paying && <Button isPending={checkout.busy}>确认支付</Button>}
      <PaymentDialog actor={checkout.payment} />
    </>
  );
}

/** The real checkout (order call and poll through the portal client) behind a flow's buttons. */
export const checkoutView: ViewAdapter = async () => {
  const orders = heldCalls();
  const queries = heldCalls();
  const api = fakeApi({
    'POST /portal/rs/payapi/v1/pay/prePay': orders.next,
    'POST /portal/rs/payapi/v1/pay/payResult': queries.next,
  });
  const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
  const actor = createActor(checkoutLogic, { input: findMachine('checkout')?.input as never }).start();
  const view = render(<CheckoutHarness actor={actor} />);
  await settle();
  const orderCalls = () => api.calls.filter((c) => c.path.endsWith('/prePay'));
  return {
    async exec(event) {
      switch (event.type) {
        case 'xstate.done.actor.createOrder':
          orders.answer(portalOk(event.output, event.output.code_img_url ? '下单成功' : '办理成功'));
          break;
        case 'xstate.error.actor.createOrder':
          orders.answer(refused(409, (event.error as Error).message));
          break;
        case 'xstate.after.qrDelay.checkout.showingQr':
          await act(async () => {
            await vi.advanceTimersByTimeAsync(2000);
          });
          break;
        default:
          if (event.output.paid) {
            await passSecond();
            queries.answer({ body: { code: 0, msg: '1' } });
          } else {
            await closePayment(user);
          }
      }
      await settle(10);
    },
    async check(snapshot) {
      // One order call, with the key of the confirmation, whatever comes after.
      expect(orderCalls()).toHaveLength(1);
      expect(orderCalls()[0]?.headers.get('Idempotency-Key')).toBe(snapshot.context.idempotencyKey);
      const qr = payDialog();
      if (snapshot.hasTag('busy')) {
        expect(screen.getByRole('button', { name: '请稍候…' })).toBeInTheDocument();
        expect(qr).not.toBeInTheDocument();
      }
      if (snapshot.matches('paying')) {
        expect(qr).toHaveTextContent(checkoutPrePay.description);
        expect(qr).toHaveTextContent(formatYuan(yuanToFen(checkoutPrePay.amount)));
      }
      if (snapshot.status === 'done') {
        expect(qr).not.toBeInTheDocument();
        expect(snapshot.output).toMatchObject({
          outcome: snapshot.value,
          outTradeNo: snapshot.matches('refused') ? '' : checkoutPrePay.out_trade_no,
        });
      }
    },
    unmount: () => {
      act(() => actor.stop());
      view.unmount();
    },
  };
};
