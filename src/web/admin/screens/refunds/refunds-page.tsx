import { consoleApi, PAYMENT_FLAG_LABELS, REFUND_STATUS_LABELS } from '@contract/console';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { Button } from '../../../components/ui/button';
import { consoleCall } from '../../api/console-client';
import { ConsoleLink } from '../../shell/console-link';
import { Phrases } from '../../shell/phrases';
import * as css from '../../shell/table-styles';
import { timeOf, yuan } from '../orders/format';
import { ListStates } from '../orders/list-states';
import { RefundDialog } from './refund-dialog';
import { useRefundConfirmationActor } from './use-refund-confirmation-actor';

export const refundsQuery = queryOptions({
  queryKey: ['console', 'refunds'],
  queryFn: () => consoleCall(consoleApi.refunds, { quiet: true }),
});

/** A refund may be asked when none was, or when the last ask did not reach the gateway. */
const refundable = (status: string | null) => status === null || status === 'asked';

/**
 * 退款 (财务): the payments owed back (late, of the wrong amount, for a place gone, paid twice),
 * each refunded through the gateway with two confirmations; one under way or done cannot be
 * asked again.
 */
export function RefundsPage() {
  const refunds = useQuery(refundsQuery);
  const actor = useRefundConfirmationActor();
  const [snapshot, send] = actor;
  return (
    <section aria-labelledby="refunds-title" className="flex flex-col gap-5">
      <h1 id="refunds-title" className="text-2xl font-semibold text-temple">
        退款
      </h1>
      <ListStates isPending={refunds.isPending} error={refunds.error} onRetry={() => void refunds.refetch()}>
        <div className={css.frame}>
          <Table aria-label="待退还的款项" className={css.table}>
            <TableHeader className={css.headerRow}>
              <Column isRowHeader className={css.column}>
                订单号
              </Column>
              <Column className={css.column}>内容</Column>
              <Column className={css.column}>金额</Column>
              <Column className={css.column}>付款时间</Column>
              <Column className={css.column}>原因</Column>
              <Column className={css.column}>退款状态</Column>
              <Column className={css.column}>操作</Column>
            </TableHeader>
            <TableBody
              items={refunds.data ?? []}
              // The rows' 退款 follows the dialog's state, not only the rows.
              dependencies={[snapshot.value]}
              renderEmptyState={() => <p className="px-3 py-8 text-center text-lg">暂无待退还的款项</p>}
            >
              {(row) => (
                <Row id={row.paymentId} className={css.row}>
                  <Cell className={css.cell}>
                    <ConsoleLink to={`/orders/${row.outTradeNo}`} className={css.link}>
                      {row.outTradeNo}
                    </ConsoleLink>
                  </Cell>
                  <Cell className={css.cell}>
                    <Phrases text={row.description} />
                  </Cell>
                  <Cell className={`${css.cell} whitespace-nowrap`}>{yuan(row.amountFen)}</Cell>
                  <Cell className={`${css.cell} whitespace-nowrap`}>{timeOf(row.paidAt)}</Cell>
                  <Cell className={css.cell}>
                    {row.flag ? (PAYMENT_FLAG_LABELS[row.flag] ?? row.flag) : '—'}
                  </Cell>
                  <Cell className={css.cell}>
                    {row.refundStatus
                      ? (REFUND_STATUS_LABELS[row.refundStatus] ?? row.refundStatus)
                      : '未退款'}
                    {row.outRefundNo ? <span className="block text-ink-soft">{row.outRefundNo}</span> : null}
                  </Cell>
                  <Cell className={css.cell}>
                    <Button
                      aria-label={`退款 ${row.outTradeNo}`}
                      isDisabled={
                        !refundable(row.refundStatus) || !snapshot.can({ type: 'refund.start', target: row })
                      }
                      onPress={() => send({ type: 'refund.start', target: row })}
                    >
                      退款
                    </Button>
                  </Cell>
                </Row>
              )}
            </TableBody>
          </Table>
        </div>
      </ListStates>
      <RefundDialog actor={actor} />
    </section>
  );
}
