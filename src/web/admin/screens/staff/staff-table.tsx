import type { StaffAccount } from '@contract/staff';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { Button } from '../../../components/ui/button';
import * as css from '../../shell/table-styles';
import { accountState, lockedUntil, rolesText, timeText } from './staff-queries';

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
    <div className={css.frame}>
      <Table aria-label="工作人员账号" className={css.table}>
        <TableHeader className={css.headerRow}>
          <Column isRowHeader className={css.column}>
            姓名
          </Column>
          <Column className={css.column}>用户名</Column>
          <Column className={css.column}>角色</Column>
          <Column className={css.column}>状态</Column>
          <Column className={css.column}>最近登录</Column>
          <Column className={css.column}>操作</Column>
        </TableHeader>
        <TableBody items={accounts} renderEmptyState={() => <p className="p-6 text-lg">暂无工作人员账号</p>}>
          {(account) => (
            <Row id={account.id} className={css.row}>
              <Cell className={css.cell}>{account.displayName}</Cell>
              <Cell className={`${css.cell} font-mono`}>{account.username}</Cell>
              <Cell className={css.cell}>{rolesText(account.roles)}</Cell>
              <Cell className={css.cell}>
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
              <Cell className={css.cell}>
                {account.lastSignInAt ? timeText(account.lastSignInAt) : '从未登录'}
              </Cell>
              <Cell className={css.cell}>
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
    </div>
  );
}
