import { cancelOrderSchema, consoleApi } from '@contract/console';
import { fieldMessages } from '@contract/envelope';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Notice } from '../../../components/ui/notice';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { consoleCall } from '../../api/console-client';
import { useOrderChange } from './use-order-change';

/**
 * 释放/取消订单: the unpaid order closes and its place is freed at once; the reason is asked and
 * the clerk confirms (nothing is sent before 确认取消).
 */
export function CancelOrderDialog({ no, onClose }: { no: string; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const cancel = useOrderChange(
    (body: { reason: string }) => consoleCall(consoleApi.cancelOrder, { params: { no }, body, quiet: true }),
    '订单已取消，名额已释放',
    onClose,
  );
  const confirm = () => {
    const found = fieldMessages(cancelOrderSchema, { reason }).reason;
    setError(found);
    if (!found) cancel.mutate({ reason });
  };
  return (
    <ConfirmDialog
      title="释放/取消订单"
      isOpen
      confirmLabel="确认取消"
      cancelLabel="返回"
      onConfirm={confirm}
      onCancel={onClose}
      isPending={cancel.isPending}
      closesOnOutsideClick={false}
    >
      <div className="flex flex-col gap-4">
        <p>订单 {no} 将关闭，所占名额与位置立即释放，此操作不能撤销。</p>
        <TextAreaField
          label="原因"
          isRequired
          maxLength={200}
          value={reason}
          onChange={setReason}
          error={error}
        />
        {cancel.error ? <Notice tone="error">{cancel.error.message}</Notice> : null}
      </div>
    </ConfirmDialog>
  );
}
