import { consoleApi } from '@contract/console';
import { type StaffAccount, type StaffUpdate, staffUpdateSchema } from '@contract/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import type * as v from 'valibot';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Modal } from '../../../components/ui/modal';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { type ConsoleError, consoleCall } from '../../api/console-client';
import { useConsoleForm } from '../../shell/use-console-form';
import { RolesField } from './roles-field';
import { lockedUntil, staffListQuery, timeText } from './staff-queries';

const FIELDS = ['displayName', 'roles', 'password'] as const;
type StaffUpdateInput = v.InferInput<typeof staffUpdateSchema>;

/**
 * 编辑 an account: its name, roles, 停用 and a new password for one forgotten (left empty, the old
 * one stays; a new one signs the account out). Saving also lifts a lock after failed sign-ins (a
 * hint says so while the account is locked). The server's refusals (the last administrator, one's
 * own account disabled) are shown above the buttons, keeping what was entered.
 */
export function StaffEditDialog({ account, onClose }: { account: StaffAccount; onClose: () => void }) {
  const { form, values, errors, change, judge } = useConsoleForm<StaffUpdate>(
    staffUpdateSchema,
    {
      displayName: account.displayName,
      roles: account.roles,
      disabled: account.disabled,
      password: '',
    },
    FIELDS,
  );
  const queryClient = useQueryClient();
  const save = useMutation<StaffAccount, ConsoleError, StaffUpdateInput>({
    mutationFn: (body) =>
      consoleCall(consoleApi.staffUpdate, { params: { id: account.id }, body, quiet: true }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: staffListQuery.queryKey });
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    if (!judge()) return;
    // An empty new password is not sent: the account keeps its password.
    const { password, ...kept } = values;
    save.mutate(password ? values : kept);
  };
  const locked = lockedUntil(account, new Date());
  return (
    <Modal
      title={`编辑工作人员 · ${account.username}`}
      isOpen
      onClose={onClose}
      isDismissable={!save.isPending}
      width={600}
    >
      <form ref={form} noValidate onSubmit={submit} className="flex flex-col gap-5">
        <div data-field="displayName">
          <TextField
            label="姓名"
            isRequired
            value={values.displayName}
            onChange={change('displayName')}
            error={errors.displayName}
          />
        </div>
        <RolesField value={values.roles} onChange={change('roles')} error={errors.roles} />
        <div data-field="password">
          <TextField
            label="新密码（选填）"
            aria-describedby="staff-new-password-hint"
            autoComplete="new-password"
            value={values.password}
            onChange={change('password')}
            error={errors.password}
          />
          <p id="staff-new-password-hint" className="mt-1 text-base text-ink-soft">
            忘记密码时填写，至少12位；留空则不更改。保存后该账号需重新登录。
          </p>
        </div>
        <Checkbox look="card" isSelected={values.disabled} onChange={change('disabled')}>
          停用此账号（停用后立即退出登录，不能再登录）
        </Checkbox>
        {locked ? (
          <p className="rounded-md border-l-4 border-gold bg-gold-pale px-4 py-3 text-lg">
            该账号因登录失败次数过多已锁定至 {timeText(locked)}，保存后即解除锁定。
          </p>
        ) : null}
        {save.error ? <Notice tone="error">{save.error.message}</Notice> : null}
        <div className="flex justify-end gap-4">
          <Button tone="secondary" onPress={onClose} isDisabled={save.isPending}>
            取消
          </Button>
          <Button type="submit" isPending={save.isPending}>
            保存
          </Button>
        </div>
      </form>
    </Modal>
  );
}
