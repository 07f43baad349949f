import type { refundRowSchema } from '@contract/console';
import type { RefundConfirmationContext } from '@machines/refund-confirmation.machine';
import { screen, within } from '@testing-library/react';
import type * as v from 'valibot';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { heldCalls, ok, refused } from '../../support/fake-api';
import { api, renderConsole, settleUntil, staffMe } from '../../support/fake-console-api';
import { modelRefundResult, modelRefundTarget } from '../../support/statecharts/fixtures/refund-confirmation';
import { settle, type ViewAdapter } from '../../support/statecharts/run-on-view';

type RefundRow = v.InferOutput<typeof refundRowSchema>;

export const REFUND_PATH = `/refunds/${modelRefundTarget.outTradeNo}`;

export const refundRow = (over: Partial<RefundRow> = {}): RefundRow => ({
  paymentId: 31,
  ...modelRefundTarget,
  paidAt: '2026-11-22T02:00:00.000Z',
  refundStatus: null,
  outRefundNo: null,
  ...over,
});

/** 退款 (a 财务 member) with the model payment owed back, its refund call held. */
export const openRefunds = async (rows: () => RefundRow[] = () => [refundRow()]) => {
  const refunds = heldCalls();
  const app = renderConsole(
    '#/refunds',
    { [`GET ${api('/refunds')}`]: () => ok(rows()), [`POST ${api(REFUND_PATH)}`]: refunds.next },
    { me: staffMe(['finance']) },
  );
  await settleUntil(() => screen.queryByRole('button', { name: `退款 ${modelRefundTarget.outTradeNo}` }));
  return { ...app, refunds };
};

const TITLES: Record<string, string> = {
  confirming: '确认退款',
  reconfirming: '再次确认退款',
  refunding: '再次确认退款',
  refunded: '退款已提交',
  failed: '退款未能办理',
};
const DIGITS = /请输入订单号后四位/;

/** The refund dialog over the refunds list, driven by the finance member's gestures. */
export const refundConfirmationView: ViewAdapter = async () => {
  const { user, refunds, unmount, sent } = await openRefunds();
  const dialog = () => within(screen.getByRole('dialog'));
  return {
    async exec(event) {
      switch (event.type) {
        case 'refund.start':
          await user.click(screen.getByRole('button', { name: `退款 ${modelRefundTarget.outTradeNo}` }));
          break;
        case 'refund.confirm':
          await user.click(dialog().getByRole('button', { name: '下一步' }));
          break;
        case 'refund.digits': {
          const input = dialog().getByRole('textbox', { name: DIGITS });
          await user.clear(input);
          await user.type(input, event.value);
          break;
        }
        case 'refund.reconfirm':
          await user.click(dialog().getByRole('button', { name: '确认退款' }));
          break;
        case 'refund.cancel':
          await user.click(dialog().getByRole('button', { name: '取消' }));
          break;
        case 'refund.close':
          await user.click(dialog().getByRole('button', { name: '关闭' }));
          break;
        case 'xstate.done.actor.refund':
          refunds.answer(ok(refundRow({ ...event.output }), '退款已提交'));
          break;
        default:
          refunds.answer(refused(event.error.message.includes('通道') ? 503 : 409, event.error.message));
      }
      await settle();
    },
    async check(snapshot: AnyMachineSnapshot) {
      const { digits, error, refusal, result } = snapshot.context as RefundConfirmationContext;
      const busy = snapshot.hasTag('busy');
      expect(refunds.count).toBe(busy ? 1 : 0);
      // Every refund sent carries its confirmation; none is sent before the second one.
      for (const call of sent('POST', REFUND_PATH)) expect(call.body).toEqual({ confirm: true });
      if (snapshot.matches('idle')) {
        expect(screen.queryByRole('dialog')).toBeNull();
        return;
      }
      const open = screen.getByRole('dialog', { name: TITLES[String(snapshot.value)] });
      expect(open).toHaveTextContent(modelRefundTarget.outTradeNo);
      expect(open).toHaveTextContent('¥300.00');
      expect(open).toHaveTextContent('付款时名额已无');
      const scope = within(open);
      if (snapshot.matches('confirming')) expect(scope.queryByRole('textbox')).toBeNull();
      if (snapshot.matches('reconfirming') || busy) {
        const input = scope.getByRole('textbox', { name: DIGITS });
        expect(input).toHaveValue(digits);
        if (error) expect(input).toHaveAccessibleDescription(error);
        else expect(input).not.toHaveAttribute('aria-invalid');
        const confirm = scope.getByRole('button', { name: busy ? '请稍候…' : '确认退款' });
        if (busy) expect(confirm).toHaveAttribute('aria-disabled', 'true');
      }
      if (snapshot.matches('refunded'))
        expect(open).toHaveTextContent(result?.outRefundNo ?? modelRefundResult.outRefundNo ?? '');
      if (snapshot.hasTag('error')) expect(scope.getByRole('alert')).toHaveTextContent(refusal ?? '');
      expect(scope.queryByRole('button', { name: '关闭' }) !== null).toBe(
        snapshot.can({ type: 'refund.close' }),
      );
    },
    unmount,
  };
};
