import type { MeritOrderRequest } from '@contract/merit';
import { formatYuan, yuanToFen } from '@contract/money';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';

export interface MeritConfirmDialogProps {
  draft: MeritOrderRequest | null;
  isOpen: boolean;
  isPending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** 订单确认: what is offered, by whom, with which wish, and the amount. */
export function MeritConfirmDialog({
  draft,
  isOpen,
  isPending,
  onConfirm,
  onCancel,
}: MeritConfirmDialogProps) {
  const line = draft?.meritItemList[0];
  return (
    <ConfirmDialog
      title="订单确认"
      isOpen={isOpen}
      isPending={isPending}
      confirmLabel="确认支付"
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {draft && line && (
        <dl className="grid grid-cols-[6rem_1fr] gap-y-3">
          <dt className="text-ink-soft">功德项目</dt>
          <dd>{line.GD_NAME}</dd>
          {draft.PRICE_MODEL !== '2' && (
            <>
              <dt className="text-ink-soft">数量</dt>
              <dd>{line.QUANTITY}</dd>
            </>
          )}
          <dt className="text-ink-soft">功德芳名</dt>
          <dd>{draft.GD_FM}</dd>
          {line.WISH && (
            <>
              <dt className="text-ink-soft">心愿</dt>
              <dd className="break-all">{line.WISH}</dd>
            </>
          )}
          <dt className="text-ink-soft">功德金</dt>
          <dd className="text-2xl font-bold text-temple">{formatYuan(yuanToFen(line.GDJ))}</dd>
        </dl>
      )}
    </ConfirmDialog>
  );
}
