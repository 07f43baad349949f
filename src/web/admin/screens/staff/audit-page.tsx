import { auditSearchSchema } from '@contract/console';
import { AUDIT_ACTION_LABELS } from '@contract/staff';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import * as v from 'valibot';
import { Notice } from '../../../components/ui/notice';
import { useConsoleNavigate } from '../../shell/console-link';
import { ConsolePager } from '../../shell/console-pager';
import * as css from '../../shell/table-styles';
import { ListStates } from '../orders/list-states';
import { auditChanges } from './audit-diff';
import { auditQuery, timeText } from './staff-queries';

/** The page the address asks for (`?page=3`); an unreadable one is page 1, said above the table. */
const usePage = () => {
  const raw = useSearch({ strict: false }) as { page?: unknown };
  const parsed = v.safeParse(auditSearchSchema, {
    page: raw.page === undefined ? undefined : String(raw.page),
  });
  return parsed.success ? { page: parsed.output.page, invalid: false } : { page: 1, invalid: true };
};

/**
 * 操作记录 (/audit, 管理员): the audit log, newest first, a page at a time (the page is in the
 * address, so back and reload keep it). Each line says when (the temple's clock), who, what (in
 * the temple's words, else its code), on what, and what changed. Read-only: nobody edits it.
 */
export function AuditPage() {
  const { page, invalid } = usePage();
  const navigate = useConsoleNavigate();
  const log = useQuery(auditQuery(page));
  return (
    <section aria-labelledby="audit-title" className="flex flex-col gap-5">
      <h1 id="audit-title" className="text-2xl font-semibold text-temple">
        操作记录
      </h1>
      {invalid ? <Notice>地址中的页码不正确，已显示第一页</Notice> : null}
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
                  renderEmptyState={() => <p className="p-6 text-lg">暂无操作记录</p>}
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
            <ConsolePager
              page={log.data.page}
              pageSize={log.data.pageSize}
              total={log.data.total}
              onPage={(next) => navigate(next === 1 ? '/audit' : `/audit?page=${next}`)}
            />
          </div>
        ) : null}
      </ListStates>
    </section>
  );
}
