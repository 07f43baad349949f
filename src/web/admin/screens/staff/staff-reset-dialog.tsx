import { consoleApi } from '@contract/console';
import type { StaffAccount, TotpEnrolment } from '@contract/staff';
import { useMutation } from '@tanstack/react-query';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Notice } from '../../../components/ui/notice';
import { type ConsoleError, consoleCall } from '../../api/console-client';

/**
 * 重置动态验证码 (a lost phone): asked first, since the account's old codes stop working at once;
 * done, the new enrolment is handed to `onReset` to be shown once. A refusal stays in the dialog.
 */
export function StaffResetDialog({
  account,
  onClose,
  onReset,
}: {
  account: StaffAccount;
  onClose: () => void;
  onReset: (enrolment: TotpEnrolment) => void;
}) {
  const reset = useMutation<TotpEnrolment, ConsoleError>({
    mutationFn: () => consoleCall(consoleApi.staffResetTotp, { params: { id: account.id }, quiet: true }),
    onSuccess: onReset,
  });
  return (
    <ConfirmDialog
      title="重置动态验证码"
      isOpen
      confirmLabel="重置"
      onConfirm={() => reset.mutate()}
      onCancel={onClose}
      isPending={reset.isPending}
      closesOnOutsideClick={false}
    >
      <p>
        确定为 {account.displayName}（{account.username}
        ）重置动态验证码吗？原来的身份验证器立即失效，需要重新扫描二维码。
      </p>
      {reset.error ? (
        <div className="mt-4">
          <Notice tone="error">{reset.error.message}</Notice>
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
