import type { StaffAccount, TotpEnrolment } from '@contract/staff';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ListStates } from '../orders/list-states';
import { StaffCreateDialog } from './staff-create-dialog';
import { StaffEditDialog } from './staff-edit-dialog';
import { staffListQuery } from './staff-queries';
import { StaffResetDialog } from './staff-reset-dialog';
import { StaffTable } from './staff-table';
import { TotpEnrolmentDialog } from './totp-enrolment';

/**
 * Which dialog is open, and what it is about. The one piece of state the page keeps: each dialog
 * is a single-step form with its own mutation, and the enrolment (the TOTP secret, answered once
 * by the server) lives here only while it is shown, forgotten when 完成 closes it.
 */
type Open =
  | { kind: 'create' }
  | { kind: 'edit'; account: StaffAccount }
  | { kind: 'reset'; account: StaffAccount }
  | { kind: 'enrolment'; enrolment: TotpEnrolment };

/**
 * 工作人员 (/staff, 管理员): the accounts in a table; 新建工作人员, 编辑 (name, roles, 停用, which also
 * lifts a lock) and 重置动态验证码 in dialogs. A new or reset account's authenticator QR and secret
 * are shown once, to be scanned there and then.
 */
export function StaffPage() {
  const list = useQuery(staffListQuery);
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => setOpen(null);
  const showEnrolment = (enrolment: TotpEnrolment) => setOpen({ kind: 'enrolment', enrolment });
  return (
    <section aria-labelledby="staff-title" className="flex flex-col gap-5">
      <div className="flex items-center justify-between">
        <h1 id="staff-title" className="text-2xl font-semibold text-temple">
          工作人员
        </h1>
        <Button onPress={() => setOpen({ kind: 'create' })}>新建工作人员</Button>
      </div>
      <ListStates isPending={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
        {list.data ? (
          <StaffTable
            accounts={list.data}
            onEdit={(account) => setOpen({ kind: 'edit', account })}
            onResetTotp={(account) => setOpen({ kind: 'reset', account })}
          />
        ) : null}
      </ListStates>
      {open?.kind === 'create' ? <StaffCreateDialog onClose={close} onCreated={showEnrolment} /> : null}
      {open?.kind === 'edit' ? <StaffEditDialog account={open.account} onClose={close} /> : null}
      {open?.kind === 'reset' ? (
        <StaffResetDialog account={open.account} onClose={close} onReset={showEnrolment} />
      ) : null}
      <TotpEnrolmentDialog enrolment={open?.kind === 'enrolment' ? open.enrolment : null} onDone={close} />
    </section>
  );
}
