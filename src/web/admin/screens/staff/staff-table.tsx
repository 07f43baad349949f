import type { StaffAccount } from '@contract/staff';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { Button } from '../../../components/ui/button';
import { accountState, lockedUntil, rolesText, timeText } from './staff-queries';
import { cellClass, columnClass, headerRowClass, rowClass, tableClass } from './table-classes';

interface Props {
  accounts: StaffAccount[];
  onEdit: (account: StaffAccount) => void;
  onResetTotp: (account: StaffAccount) => void;
}

/**
 * The staff accounts: name, username, roles in the temple's words, whether the account is
 * enabled, disabled or locked (until when), its last sign-in, and 编辑 / 重置动态验证码.
 */
export function StaffTable({ accounts, onEdit, onResetTotp }: Props) {
  const now = new Date();
  return (
    <Table aria-label="工作人员账号" className={tableClass}>
      <TableHeader className={headerRowClass}>
        <Column isRowHeader className={columnClass}>
          姓名
        </Column>
        <Column className={columnClass}>用户名</Column>
        <Column className={columnClass}>角色</Column>
        <Column className={columnClass}>状态</Column>
        <Column className={columnClass}>最近登录</Column>
        <Column className={columnClass}>操作</Column>
      </TableHeader>
      <TableBody items={accounts} renderEmptyState={() => <p className="p-6 text-lg">暂无工作人员账号</p>}>
        {(account) => (
          <Row id={account.id} className={rowClass}>
            <Cell className={cellClass}>{account.displayName}</Cell>
            <Cell className={`${cellClass} font-mono`}>{account.username}</Cell>
            <Cell className={cellClass}>{rolesText(account.roles)}</Cell>
            <Cell className={cellClass}>
              <span
                className={
                  account.disabled
                    ? 'text-ink-faint'
                    : lockedUntil(account, now)
                      ? 'font-semibold text-temple'
                      : ''
                }
              >
                {accountState(account, now)}
              </span>
            </Cell>
            <Cell className={cellClass}>
              {account.lastSignInAt ? timeText(account.lastSignInAt) : '从未登录'}
            </Cell>
            <Cell className={cellClass}>
              <div className="flex gap-3">
                <Button
                  tone="secondary"
                  aria-label={`编辑 ${account.displayName}`}
                  onPress={() => onEdit(account)}
                >
                  编辑
                </Button>
                <Button
                  tone="secondary"
                  aria-label={`重置 ${account.displayName} 的动态验证码`}
                  onPress={() => onResetTotp(account)}
                >
                  重置动态验证码
                </Button>
              </div>
            </Cell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}
