import { consoleApi } from '@contract/console';
import { type StaffCreate, type StaffRole, staffCreateSchema, type TotpEnrolment } from '@contract/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { type ConsoleError, consoleCall } from '../../api/console-client';
import { useConsoleForm } from '../../shell/use-console-form';
import { RolesField } from './roles-field';
import { staffListQuery } from './staff-queries';
import { strongPassword } from './strong-password';

const FIELDS = ['username', 'displayName', 'password', 'roles'] as const;
type Values = { username: string; displayName: string; password: string; roles: StaffRole[] };

/**
 * 新建工作人员: username, name, an initial password (typed, or 生成 for a random one shown to pass
 * on) and roles. Each rule of the contract is said beside its field and the first is focused;
 * the server's refusal (the username taken) above the buttons, keeping what was entered. Made,
 * the account's one-time enrolment is handed to `onCreated`.
 * Shown only while open: closing it forgets what was typed (the password too).
 */
export function StaffCreateDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (enrolment: TotpEnrolment) => void;
}) {
  const { form, values, errors, change, judge } = useConsoleForm<Values>(
    staffCreateSchema,
    { username: '', displayName: '', password: '', roles: [] },
    FIELDS,
  );
  const queryClient = useQueryClient();
  const create = useMutation<TotpEnrolment, ConsoleError, StaffCreate>({
    mutationFn: (body) => consoleCall(consoleApi.staffCreate, { body, quiet: true }),
    onSuccess: (enrolment) => {
      void queryClient.invalidateQueries({ queryKey: staffListQuery.queryKey });
      onCreated(enrolment);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    if (judge()) create.mutate(values);
  };
  return (
    <Modal title="新建工作人员" isOpen onClose={onClose} isDismissable={!create.isPending} width={600}>
      <form ref={form} noValidate onSubmit={submit} className="flex flex-col gap-5">
        <div data-field="username">
          <TextField
            label="用户名"
            isRequired
            autoComplete="off"
            value={values.username}
            onChange={change('username')}
            error={errors.username}
          />
        </div>
        <div data-field="displayName">
          <TextField
            label="姓名"
            isRequired
            value={values.displayName}
            onChange={change('displayName')}
            error={errors.displayName}
          />
        </div>
        <div data-field="password">
          <TextField
            label="初始密码"
            isRequired
            autoComplete="new-password"
            aria-describedby="staff-password-hint"
            value={values.password}
            onChange={change('password')}
            error={errors.password}
            addon={
              <Button tone="secondary" onPress={() => change('password')(strongPassword())}>
                生成
              </Button>
            }
          />
          <p id="staff-password-hint" className="mt-1 text-base text-ink-soft">
            至少12位；生成的密码显示在框中，请转告该工作人员。
          </p>
        </div>
        <RolesField value={values.roles} onChange={change('roles')} error={errors.roles} />
        {create.error ? <Notice tone="error">{create.error.message}</Notice> : null}
        <div className="flex justify-end gap-4">
          <Button tone="secondary" onPress={onClose} isDisabled={create.isPending}>
            取消
          </Button>
          <Button type="submit" isPending={create.isPending}>
            新建
          </Button>
        </div>
      </form>
    </Modal>
  );
}
