import { PAYMENT_FLAG_LABELS, REFUND_STATUS_LABELS } from '@contract/console';
import { lastFourOf } from '@machines/refund-confirmation.machine';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { yuan } from '../orders/format';
import { REFUND_DIGITS_ID, type RefundConfirmationActor } from './use-refund-confirmation-actor';

const TITLES: Record<string, string> = {
  confirming: '确认退款',
  reconfirming: '再次确认退款',
  refunding: '再次确认退款',
  refunded: '退款已提交',
  failed: '退款未能办理',
};

/** The refund dialog of the refund-confirmation machine (its doc comment maps the states). */
export function RefundDialog({ actor: [snapshot, send] }: { actor: RefundConfirmationActor }) {
  const { target, digits, error, refusal, result } = snapshot.context;
  const state = String(snapshot.value);
  const busy = snapshot.hasTag('busy');
  const closes = snapshot.can({ type: 'refund.close' });
  const leave = () => send({ type: closes ? 'refund.close' : 'refund.cancel' });
  return (
    <Modal
      title={TITLES[state] ?? '退款'}
      isOpen={state !== 'idle' && target !== null}
      onClose={leave}
      isDismissable={!busy}
      closesOnOutsideClick={false}
      width={600}
    >
      {target ? (
        <div className="flex flex-col gap-5 text-lg">
          <dl className="grid grid-cols-[6rem_1fr] gap-x-4 gap-y-2">
            <dt className="text-ink-soft">订单号</dt>
            <dd>{target.outTradeNo}</dd>
            <dt className="text-ink-soft">内容</dt>
            <dd>{target.description}</dd>
            <dt className="text-ink-soft">退款金额</dt>
            <dd className="font-semibold text-temple">{yuan(target.amountFen)}</dd>
            <dt className="text-ink-soft">原因</dt>
            <dd>{target.flag ? (PAYMENT_FLAG_LABELS[target.flag] ?? target.flag) : '—'}</dd>
          </dl>
          {snapshot.matches('confirming') ? <p>款项将通过原支付渠道退还给信众。</p> : null}
          {snapshot.matches('reconfirming') || busy ? (
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                send({ type: 'refund.reconfirm' });
              }}
            >
              <TextField
                id={REFUND_DIGITS_ID}
                label={`请输入订单号后四位（${lastFourOf(target.outTradeNo).replace(/./g, '•')}）以确认退款`}
                inputMode="numeric"
                autoComplete="off"
                value={digits}
                isDisabled={busy}
                onChange={(value) => send({ type: 'refund.digits', value })}
                error={error ?? undefined}
              />
            </form>
          ) : null}
          {snapshot.matches('refunded') && result ? (
            <Notice>
              退款已提交：退款单号 {result.outRefundNo ?? '—'}，状态{' '}
              {result.refundStatus ? (REFUND_STATUS_LABELS[result.refundStatus] ?? result.refundStatus) : '—'}
            </Notice>
          ) : null}
          {snapshot.hasTag('error') && refusal ? <Notice tone="error">{refusal}</Notice> : null}
          <div className="flex justify-end gap-4">
            {closes ? (
              <Button onPress={() => send({ type: 'refund.close' })}>关闭</Button>
            ) : (
              <>
                <Button tone="secondary" isDisabled={busy} onPress={() => send({ type: 'refund.cancel' })}>
                  取消
                </Button>
                {snapshot.matches('confirming') ? (
                  <Button onPress={() => send({ type: 'refund.confirm' })}>下一步</Button>
                ) : (
                  <Button isPending={busy} onPress={() => send({ type: 'refund.reconfirm' })}>
                    确认退款
                  </Button>
                )}
              </>
            )}
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
