import { auditSearchSchema } from '@contract/console';
import { AUDIT_ACTION_LABELS } from '@contract/staff';
import { useQuery } from '@tanstack/react-query';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { Notice } from '../../../components/ui/notice';
import { KeysetPager } from '../../shell/keyset-pager';
import * as css from '../../shell/table-styles';
import { useListSearch } from '../../shell/use-list-search';
import { ListStates } from '../orders/list-states';
import { auditChanges } from './audit-diff';
import { AuditFilterForm } from './audit-filter-form';
import { auditQuery, timeText } from './staff-queries';

/**
 * 操作记录 (/audit, 管理员): the audit log, newest first, a page at a time from the newest to the
 * oldest line however long the log, filtered by staff member, action, subject and days (the
 * filters and the page are in the address, so back and reload keep them). Each line says when (the temple's clock), who, what (in
 * the temple's words, else its code), on what, and what changed. Read-only: nobody edits it.
 */
export function AuditPage() {
  const { search, change, invalid } = useListSearch(auditSearchSchema);
  const log = useQuery(auditQuery(search));
  return (
    <section aria-labelledby="audit-title" className="flex flex-col gap-5">
      <h1 id="audit-title" className="text-2xl font-semibold text-temple">
        操作记录
      </h1>
      <AuditFilterForm search={search} onChange={change} />
      {invalid ? <Notice>地址中的筛选条件或页码不正确，已显示全部记录的第一页</Notice> : null}
      <ListStates isPending={log.isPending} error={log.error} onRetry={() => void log.refetch()}>
        {log.data ? (
          <div aria-busy={log.isFetching}>
            <div className={css.frame}>
              <Table aria-label="操作记录" className={css.table}>
                <TableHeader className={css.headerRow}>
                  <Column className={css.column}>时间</Column>
                  <Column className={css.column}>工作人员</Column>
                  <Column isRowHeader className={css.column}>
                    操作
                  </Column>
                  <Column className={css.column}>对象</Column>
                  <Column className={css.column}>变更</Column>
                </TableHeader>
                <TableBody
                  items={log.data.rows}
                  renderEmptyState={() => (
                    <p className="p-6 text-lg">
                      {search.staff || search.action || search.subject || search.from || search.to
                        ? '没有符合条件的操作记录'
                        : '暂无操作记录'}
                    </p>
                  )}
                >
                  {(entry) => (
                    <Row id={entry.id} className={css.row}>
                      <Cell className={`${css.cell} whitespace-nowrap`}>{timeText(entry.at)}</Cell>
                      <Cell className={`${css.cell} font-mono`}>{entry.username}</Cell>
                      <Cell className={css.cell}>{AUDIT_ACTION_LABELS[entry.action] ?? entry.action}</Cell>
                      <Cell className={`${css.cell} font-mono`}>{entry.subject}</Cell>
                      <Cell className={`${css.proseCell} break-all`}>
                        {auditChanges(entry.before, entry.after).map((line) => (
                          <div key={line}>{line}</div>
                        ))}
                      </Cell>
                    </Row>
                  )}
                </TableBody>
              </Table>
            </div>
            <KeysetPager
              total={log.data.total}
              totalCapped={log.data.totalCapped}
              prev={log.data.prev}
              next={log.data.next}
              place={search}
              onMove={change}
            />
          </div>
        ) : null}
      </ListStates>
    </section>
  );
}
