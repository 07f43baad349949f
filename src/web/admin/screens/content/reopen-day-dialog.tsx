import type { ClosedDayRow } from '@contract/closed-days';
import { consoleApi } from '@contract/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Notice } from '../../../components/ui/notice';
import { toast } from '../../../components/ui/toast';
import { type ConsoleError, consoleCall } from '../../api/console-client';
import { closedDaysQuery, dayLabel } from './closed-days-queries';

interface Props {
  closed: ClosedDayRow | null;
  onClose: () => void;
}

/**
 * 重新开放 asks first: the day, and that believers may book it again. 确认 sends the reopening
 * once; done, a toast and the list reloads. A refusal (the day was reopened elsewhere) stays in
 * the dialog, and the list reloads so it shows the day as it is.
 */
export function ReopenDayDialog({ closed, onClose }: Props) {
  const queryClient = useQueryClient();
  const reopen = useMutation<unknown, ConsoleError, string>({
    mutationFn: (day) => consoleCall(consoleApi.reopenDay, { params: { day }, quiet: true }),
    onSuccess: (_, day) => {
      toast.success(`已重新开放 ${dayLabel(day)}`, 4000);
      finish();
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: closedDaysQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: ['console', 'audit'] });
    },
  });
  const finish = () => {
    reopen.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      title="重新开放该日"
      isOpen={closed !== null}
      confirmLabel="确认重新开放"
      isPending={reopen.isPending}
      onConfirm={() => closed && !reopen.isPending && reopen.mutate(closed.day)}
      onCancel={finish}
    >
      {closed ? (
        <div className="flex flex-col gap-3">
          <p>重新开放 {dayLabel(closed.day)} 后，信众可再预约该日的佛事，日历上不再显示关闭原因。</p>
          {reopen.error ? <Notice tone="error">{reopen.error.message}</Notice> : null}
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
