import type { RosterEntry } from '@contract/console';
import { moneySummary, owesBalance } from '@contract/order-money';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { Phrases } from '../../shell/phrases';
import * as css from '../../shell/table-styles';
import { typedFactsOf, withDates } from '../orders/format';

const COLUMNS = [
  '付款',
  '订单号',
  '功德主',
  '手机',
  '类型',
  '延生/往生',
  '牌位',
  '阳上',
  '位置',
  '缘由 · 地址 · 备注',
] as const;

/**
 * The roster's entries, one row each, as the 客堂 checks them on the day: paid ✔ or ✘ (an unpaid
 * row shaded, and said in words) with a balance still owed, the donor, the masked phone, the type,
 * the names as entered with their dates, and a ceremony's cause, address and remark.
 */
export function RosterTable({ entries }: { entries: readonly RosterEntry[] }) {
  const rows = entries.map((entry, index) => ({ ...entry, id: `${entry.outTradeNo}-${index}` }));
  return (
    <div className={css.frame}>
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
                {entry.paid ? (
                  <span className="whitespace-nowrap">✔ 已付</span>
                ) : (
                  <span className="whitespace-nowrap font-semibold text-temple">✘ 未付</span>
                )}
                {/* A deposit paid, the rest owed at the counter: 已付定金 ¥1,000 · 待补 ¥2,800. */}
                {owesBalance(entry.money) ? (
                  <span className="block text-base font-semibold text-temple">
                    <Phrases text={moneySummary(entry.money)} />
                  </span>
                ) : null}
              </Cell>
              <Cell className={`${css.cell} font-mono text-sm`}>{entry.outTradeNo}</Cell>
              <Cell className={css.cell}>{entry.donor}</Cell>
              <Cell className={css.cell}>{entry.phone}</Cell>
              <Cell className={css.cell}>
                <Phrases text={[entry.group, entry.tabletType].filter(Boolean).join('·')} />
              </Cell>
              <Cell className={css.cell}>{entry.kind}</Cell>
              <Cell className={`${css.cell} whitespace-pre-wrap`}>
                {entry.tablets.map((name, k) => withDates(name, entry.births[k], entry.deaths[k])).join('\n')}
              </Cell>
              <Cell className={css.cell}>{entry.ys.join('、')}</Cell>
              <Cell className={css.cell}>{entry.seat}</Cell>
              <Cell className={`${css.proseCell} whitespace-pre-wrap`}>{typedFactsOf(entry).join('\n')}</Cell>
            </Row>
          )}
        </TableBody>
      </Table>
    </div>
  );
}
