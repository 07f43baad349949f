import { templeDateTime } from '@contract/temple-day';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { focusFirstError } from '../../../components/ui/focus-first-error';
import { Notice } from '../../../components/ui/notice';
import * as css from '../../shell/table-styles';
import { ReviewDialog } from './review-dialog';
import { useVolunteerReviewActor } from './use-volunteer-review-actor';
import { VolunteerDetail } from './volunteer-detail';
import { VOLUNTEER_STATUS_LABELS, type VolunteerRow, volunteersQuery } from './volunteer-queries';

const STATUS_ORDER = { pending: 0, rejected: 1, approved: 1 } as const;

/** Pending first (oldest first, as they wait), then the reviewed ones, newest first. */
const ordered = (rows: readonly VolunteerRow[]) =>
  [...rows].sort(
    (a, b) =>
      STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
      (a.status === 'pending' ? 1 : -1) * a.submittedAt.localeCompare(b.submittedAt),
  );

/**
 * 志工申请 (/volunteers): the applications (pending first) in a table; the one selected in a
 * panel beside it with everything its applicant filled in, the photo and the whole phone on
 * demand; 审核 through the volunteer-review machine.
 */
export function VolunteersPage() {
  const list = useQuery(volunteersQuery);
  const [selected, setSelected] = useState<number | null>(null);
  const formRef = useRef<HTMLDivElement | null>(null);
  const [snapshot, send] = useVolunteerReviewActor((field) =>
    focusFirstError(formRef.current, { [field]: 'x' }, [field]),
  );
  const rows = ordered(list.data ?? []);
  const current = rows.find((row) => row.id === selected) ?? null;
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">志工申请</h1>
      {list.isPending ? <p role="status">正在读取申请…</p> : null}
      {list.isError ? <Notice tone="error">申请未能读取：{list.error.message}</Notice> : null}
      {list.data ? (
        <div className="flex items-start gap-6">
          <div className={`${css.frame} min-w-0 flex-1`}>
            <Table
              aria-label="志工申请"
              selectionMode="single"
              selectionBehavior="replace"
              selectedKeys={selected === null ? [] : [selected]}
              onSelectionChange={(keys) => {
                const [key] = keys === 'all' ? [] : [...keys];
                setSelected(key === undefined ? null : Number(key));
              }}
              className={css.table}
            >
              <TableHeader className={css.headerRow}>
                <Column isRowHeader className={css.column}>
                  姓名
                </Column>
                <Column className={css.column}>手机</Column>
                <Column className={css.column}>志愿组别</Column>
                <Column className={css.column}>提交时间</Column>
                <Column className={css.column}>状态</Column>
              </TableHeader>
              <TableBody items={rows} renderEmptyState={() => <p className="p-6 text-lg">暂无志工申请</p>}>
                {(row) => (
                  <Row id={row.id} className={css.row}>
                    <Cell className={css.cell}>{row.name}</Cell>
                    <Cell className={css.cell}>{row.phone}</Cell>
                    <Cell className={css.cell}>{row.groups.join('、')}</Cell>
                    <Cell className={css.cell}>{templeDateTime(new Date(row.submittedAt))}</Cell>
                    <Cell className={css.cell}>
                      <span className={row.status === 'pending' ? 'font-semibold text-temple' : ''}>
                        {VOLUNTEER_STATUS_LABELS[row.status]}
                      </span>
                    </Cell>
                  </Row>
                )}
              </TableBody>
            </Table>
          </div>
          {current ? (
            <VolunteerDetail
              // A new application starts with its phone masked again.
              key={current.id}
              row={current}
              canReview={
                current.status === 'pending' && snapshot.can({ type: 'review.start', application: current })
              }
              onReview={() =>
                send({ type: 'review.start', application: { id: current.id, name: current.name } })
              }
            />
          ) : (
            <p className="w-[26rem] shrink-0 rounded-md border border-paper-deep bg-white p-6 text-ink-soft">
              选择一条申请查看详情
            </p>
          )}
        </div>
      ) : null}
      <ReviewDialog snapshot={snapshot} send={send} formRef={formRef} />
    </section>
  );
}
