import { type MeritItem, type MeritOrderRequest, meritLineLabel } from '@contract/merit';
import { formatYuan, yuanToFen } from '@contract/money';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Notice } from '../../components/ui/notice';

export interface MeritConfirmDialogProps {
  item: MeritItem;
  order: MeritOrderRequest | null;
  /** Why the last try was refused (the server's words), shown above the buttons. */
  refusal: string | null;
  isOpen: boolean;
  isPending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

const term = 'text-ink-soft';

/** 订单确认: what is offered (with the name chosen), by whom, with which wish, and the amount. */
export function MeritConfirmDialog({
  item,
  order,
  refusal,
  isOpen,
  isPending,
  onConfirm,
  onCancel,
}: MeritConfirmDialogProps) {
  const line = order?.meritItemList[0];
  return (
    <ConfirmDialog
      title="订单确认"
      isOpen={isOpen}
      isPending={isPending}
      confirmLabel="确认支付"
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {order && line && (
        <dl className="grid grid-cols-[6rem_1fr] gap-y-3">
          <dt className={term}>功德项目</dt>
          <dd>{meritLineLabel(item, order)}</dd>
          {order.PRICE_MODEL !== '2' && (
            <>
              <dt className={term}>数量</dt>
              <dd>{line.QUANTITY}</dd>
            </>
          )}
          <dt className={term}>功德芳名</dt>
          <dd>{order.GD_FM}</dd>
          {line.WISH && (
            <>
              <dt className={term}>心愿</dt>
              <dd className="break-all">{line.WISH}</dd>
            </>
          )}
          <dt className={term}>功德金</dt>
          <dd className="text-2xl font-bold text-temple">{formatYuan(yuanToFen(line.GDJ))}</dd>
        </dl>
      )}
      {refusal && (
        <div className="mt-5">
          <Notice tone="error">{refusal}</Notice>
        </div>
      )}
    </ConfirmDialog>
  );
}
