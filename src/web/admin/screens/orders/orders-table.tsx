import type { OrderRow, OrderSearch } from '@contract/console';
import { moneySummary, owesBalance } from '@contract/order-money';
import type { ReactNode } from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { ConsoleLink } from '../../shell/console-link';
import { Phrases } from '../../shell/phrases';
import * as css from '../../shell/table-styles';
import { stateLabel, timeOf, typeLabel, yuan } from './format';

type Sort = OrderSearch['sort'];

interface Props {
  label: string;
  rows: OrderRow[];
  sort: Sort;
  dir: OrderSearch['dir'];
  onSort: (sort: Sort, dir: OrderSearch['dir']) => void;
  /** The last column's control for a row (登记到寺付款 on the reservations list). */
  action?: (row: OrderRow) => ReactNode;
  empty: string;
}

function Heading({
  id,
  children,
  sortable,
  className = css.column,
}: {
  id: string;
  children: string;
  sortable?: boolean;
  className?: string;
}) {
  return (
    <Column id={id} allowsSorting={sortable} isRowHeader={id === 'outTradeNo'} className={className}>
      {({ sortDirection }) => (
        <span className="inline-flex items-center gap-1">
          {children}
          {sortable ? (
            <span aria-hidden="true" className="text-ink-faint">
              {sortDirection === 'ascending' ? '▲' : sortDirection === 'descending' ? '▼' : '↕'}
            </span>
          ) : null}
        </span>
      )}
    </Column>
  );
}

/**
 * Orders as a React Aria table sorted by the server (下单时间, 金额, 保留至): each row names the
 * order (its number links to its page), what it is, the state, the amount, the phone as the
 * server sends it (masked) and the names on its entries.
 */
export function OrdersTable({ label, rows, sort, dir, onSort, action, empty }: Props) {
  return (
    <div className={css.frame}>
      <Table
        aria-label={label}
        className={css.table}
        sortDescriptor={{ column: sort, direction: dir === 'asc' ? 'ascending' : 'descending' }}
        onSortChange={({ column, direction }) =>
          onSort(column as Sort, direction === 'ascending' ? 'asc' : 'desc')
        }
      >
        <TableHeader className={css.headerRow}>
          <Heading id="outTradeNo">订单号</Heading>
          <Heading id="description">内容</Heading>
          <Heading id="state">状态</Heading>
          <Heading id="amount" sortable>
            金额
          </Heading>
          <Heading id="phone">手机号</Heading>
          <Heading id="names">姓名</Heading>
          <Heading id="createdAt" sortable>
            下单时间
          </Heading>
          <Heading id="holdUntil" sortable>
            保留至
          </Heading>
          {action ? (
            <Heading id="action" className={css.actionColumn}>
              操作
            </Heading>
          ) : null}
        </TableHeader>
        <TableBody
          items={rows}
          // The last column's control may change without the rows (the member's roles once known).
          dependencies={[action]}
          renderEmptyState={() => <p className="px-3 py-8 text-center text-lg">{empty}</p>}
        >
          {(row) => (
            // The row itself opens the order: with the keyboard a grid's row is what has the focus
            // (Enter on it), the number's link is there for the mouse and for reading.
            <Row id={row.outTradeNo} href={`#/orders/${row.outTradeNo}`} className={css.row}>
              <Cell className={css.cell}>
                <ConsoleLink to={`/orders/${row.outTradeNo}`} className={css.link}>
                  {row.outTradeNo}
                </ConsoleLink>
              </Cell>
              <Cell className={css.cell}>
                {typeLabel(row.type)}
                <span className="block text-ink-soft">
                  <Phrases text={row.description} />
                </span>
              </Cell>
              <Cell className={css.cell}>
                {stateLabel(row.state)}
                {row.reservation ? <span className="block text-ink-soft">保留单</span> : null}
              </Cell>
              <Cell className={`${css.cell} whitespace-nowrap`}>
                {yuan(row.money.priceFen)}
                {/* A ceremony paid by its deposit: what was paid and what is still owed. */}
                {owesBalance(row.money) ? (
                  <span className="block font-semibold whitespace-normal text-temple">
                    <Phrases text={moneySummary(row.money)} />
                  </span>
                ) : null}
              </Cell>
              <Cell className={`${css.cell} whitespace-nowrap`}>{row.phone}</Cell>
              <Cell className={css.cell}>{row.names.join('、') || '—'}</Cell>
              {/* A date and its time may stand on two lines (at their space): the list fits 1280 px. */}
              <Cell className={css.cell}>{timeOf(row.createdAt)}</Cell>
              <Cell className={css.cell}>{row.state === 0 ? timeOf(row.holdUntil) : '—'}</Cell>
              {action ? <Cell className={css.actionCell}>{action(row)}</Cell> : null}
            </Row>
          )}
        </TableBody>
      </Table>
    </div>
  );
}
