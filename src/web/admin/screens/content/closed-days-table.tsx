import type { ClosedDayRow } from '@contract/closed-days';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { Button } from '../../../components/ui/button';
import * as css from '../../shell/table-styles';
import { dayLabel } from './closed-days-queries';

interface Props {
  days: ClosedDayRow[];
  onReopen: (day: ClosedDayRow) => void;
}

/**
 * The closed days: the date with its weekday, the reason believers read, the bookings still held
 * that day (kept by the closing: the temple calls those believers) and 重新开放.
 */
export function ClosedDaysTable({ days, onReopen }: Props) {
  return (
    <div className={css.frame}>
      <Table aria-label="已关闭的日期" className={css.table}>
        <TableHeader className={css.headerRow}>
          <Column isRowHeader className={css.column}>
            日期
          </Column>
          <Column className={css.column}>关闭原因</Column>
          <Column className={css.column}>已有预约</Column>
          <Column className={css.column}>操作</Column>
        </TableHeader>
        <TableBody items={days} renderEmptyState={() => <p className="p-6 text-lg">暂无关闭的日期</p>}>
          {(closed) => (
            <Row id={closed.day} className={css.row}>
              <Cell className={`${css.cell} whitespace-nowrap tabular-nums`}>{dayLabel(closed.day)}</Cell>
              <Cell className={css.proseCell}>{closed.reason}</Cell>
              <Cell className={css.cell}>
                {closed.bookings > 0 ? (
                  <div className="flex flex-col gap-1">
                    <span className="font-semibold text-temple">已有预约 {closed.bookings} 个</span>
                    <span className="text-ink-soft">预约仍然有效，请联系这些信众</span>
                  </div>
                ) : (
                  <span className="text-ink-soft">无</span>
                )}
              </Cell>
              <Cell className={css.cell}>
                <Button
                  tone="secondary"
                  aria-label={`重新开放 ${closed.day}`}
                  onPress={() => onReopen(closed)}
                >
                  重新开放
                </Button>
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
    </div>
  );
}
