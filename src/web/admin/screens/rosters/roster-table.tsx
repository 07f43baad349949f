import type { RosterEntry } from '@contract/console';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import * as css from '../../shell/table-styles';

const COLUMNS = ['付款', '订单号', '功德主', '手机', '类型', '延生/往生', '牌位', '阳上', '位置'] as const;

/**
 * The roster's entries, one row each, as the 客堂 checks them on the day: paid ✔ or ✘ (an unpaid
 * row shaded, and said in words), the donor, the masked phone, the type, the names as entered.
 */
export function RosterTable({ entries }: { entries: readonly RosterEntry[] }) {
  const rows = entries.map((entry, index) => ({ ...entry, id: `${entry.outTradeNo}-${index}` }));
  return (
    <Table aria-label="名册" className={`${css.table} print:text-sm`}>
      <TableHeader className={css.headerRow}>
        {COLUMNS.map((name, index) => (
          <Column key={name} isRowHeader={index === 2} className={css.column}>
            {name}
          </Column>
        ))}
      </TableHeader>
      <TableBody items={rows} renderEmptyState={() => <p className="p-6 text-lg">该名册暂无报名</p>}>
        {(entry) => (
          <Row
            id={entry.id}
            className={`${css.row} break-inside-avoid ${entry.paid ? '' : 'bg-temple-wash print:bg-temple-wash'}`}
          >
            <Cell className={css.cell}>
              {entry.paid ? <span>✔ 已付</span> : <span className="font-semibold text-temple">✘ 未付</span>}
            </Cell>
            <Cell className={`${css.cell} font-mono text-sm`}>{entry.outTradeNo}</Cell>
            <Cell className={css.cell}>{entry.donor}</Cell>
            <Cell className={css.cell}>{entry.phone}</Cell>
            <Cell className={css.cell}>{[entry.group, entry.tabletType].filter(Boolean).join(' · ')}</Cell>
            <Cell className={css.cell}>{entry.kind}</Cell>
            <Cell className={`${css.cell} whitespace-pre-wrap`}>{entry.tablets.join('\n')}</Cell>
            <Cell className={css.cell}>{entry.ys.join('、')}</Cell>
            <Cell className={css.cell}>{entry.seat}</Cell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}
