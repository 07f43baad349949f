import { DEFAULT_PAGE_SIZE, ORDER_PAGE_SIZES, orderedOf, orderStateLabel } from '@contract/believer';
import { formatYuan, yuanToFen } from '@contract/money';
import { moneySummary, owedByNote } from '@contract/order-money';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ChoiceCards } from '../../components/ui/choice-cards';
import { PagedList } from '../../shared/pager';
import { useNow } from '../../shared/use-now';
import { CancelOrderButton, canCancel, MY_ORDERS_TABLE } from './cancel-order';
import { useCashierReturn } from './cashier-return';
import { canPayAgain, PayAgainDialog, usePayAgain } from './pay-again';
import { myOrdersQuery, type OrderFilter, type PageSize, type PageView } from './user-center-queries';

const filters: { value: OrderFilter; label: string }[] = [
  { value: '-1', label: '全部' },
  { value: '0', label: '已预订' },
  { value: '1', label: '已支付' },
];

// On a phone each order is a card, its cells one under another, each led by its column's name
// (data-label, drawn only there): not a table wider than the screen, its 去支付 past the edge.
const cell =
  'border-b border-gold/20 px-3 py-3 text-left align-top max-md:border-0 max-md:p-0 max-md:before:text-ink-soft max-md:before:content-[attr(data-label)]';

/**
 * 我的订单: the believer's orders, filtered by status, a page at a time, each naming what was
 * booked. An unpaid online order whose hold lasts has 去支付 (the QR dialog again) and any unpaid
 * one 取消订单 (its place freed at once); a paid ceremony says the day to come by.
 */
export function OrdersTab() {
  const { actor, payAgain } = usePayAgain();
  // The page's clock: a row whose hold passes while the tab is open loses 去支付 within seconds.
  const now = useNow(5000);
  const [status, setStatus] = useState<OrderFilter>('-1');
  const [view, setView] = useState<PageView>({ page: 0, size: String(DEFAULT_PAGE_SIZE) as PageSize });
  const orders = useQuery(myOrdersQuery(status, view));
  const { paying } = useSearch({ strict: false });
  const returned = useCashierReturn(paying, orders.data?.content, payAgain);
  return (
    <div className="flex flex-col gap-6 py-8">
      {returned && (
        <p
          role="status"
          // Below the membership card on a phone: brought into view, where the believer looks.
          ref={(notice) => notice?.scrollIntoView?.({ block: 'center' })}
          className="rounded-md bg-paper-deep px-4 py-3 text-lg text-ink"
        >
          {returned}
        </p>
      )}
      <ChoiceCards
        label="订单状态"
        choices={filters}
        value={status}
        onChange={(value) => {
          setStatus(value as OrderFilter);
          setView({ ...view, page: 0 });
        }}
      />
      <PagedList
        query={orders}
        view={view}
        onView={setView}
        sizes={ORDER_PAGE_SIZES}
        failure="订单加载失败，请稍后再试。"
        empty="暂无订单"
      >
        {(items) => (
          <div className="md:overflow-x-auto">
            <table
              id={MY_ORDERS_TABLE}
              tabIndex={-1}
              className="w-full border-collapse text-lg max-md:block md:min-w-[46rem]"
            >
              <caption className="sr-only">我的订单</caption>
              <thead className="bg-paper-deep text-ink-soft max-md:sr-only">
                <tr>
                  <th scope="col" className={cell}>
                    下单时间
                  </th>
                  <th scope="col" className={cell}>
                    订单号
                  </th>
                  <th scope="col" className={cell}>
                    类型
                  </th>
                  <th scope="col" className={cell}>
                    金额
                  </th>
                  <th scope="col" className={cell}>
                    状态
                  </th>
                  <th scope="col" className={cell}>
                    <span className="sr-only">操作</span>
                  </th>
                </tr>
              </thead>
              <tbody className="max-md:flex max-md:flex-col max-md:gap-4">
                {items.map((order) => (
                  <tr
                    key={order.orderNo}
                    className="max-md:flex max-md:flex-col max-md:gap-2 max-md:rounded-lg max-md:border max-md:border-gold/30 max-md:bg-white max-md:p-4"
                  >
                    <td className={cell} data-label="下单时间：">
                      {order.createTime}
                    </td>
                    <td className={cell} data-label="订单号：">
                      <span className="select-all font-mono break-all">{order.orderNo}</span>
                    </td>
                    <td className={cell} data-label="类型：">
                      {order.typeName}
                      {/* What was booked: the assembly, the ceremony's day, the niche, join or renewal. */}
                      <span className="mt-1 block text-base text-ink-soft">
                        {orderedOf(order.description)}
                      </span>
                      {/* Said with the balance owed (请于…前到寺补缴) where the money is sent. */}
                      {order.comeBy && !order.money && (
                        <span className="mt-1 block text-base whitespace-nowrap text-ink-soft">
                          来寺日期 {order.comeBy}
                        </span>
                      )}
                    </td>
                    <td className={cell} data-label="金额：">
                      {formatYuan(order.money?.priceFen ?? yuanToFen(order.payAmount))}
                      {/* A ceremony settled by its deposit: the deposit (its QR) and the rest, or what
                          was paid, what is still owed and by when. */}
                      {order.money && order.money.depositFen !== null && order.money.owedFen > 0 ? (
                        <>
                          <span className="mt-1 block text-base whitespace-nowrap">
                            {moneySummary(order.money)}
                          </span>
                          <span className="mt-1 block text-base text-ink-soft">
                            {owedByNote(order.money)}
                          </span>
                        </>
                      ) : null}
                    </td>
                    <td className={`${cell} whitespace-nowrap`} data-label="状态：">
                      {orderStateLabel(order.orderState)}
                    </td>
                    <td className={cell}>
                      <div className="flex flex-col items-start gap-2 max-md:flex-row max-md:flex-wrap max-md:gap-3 max-md:pt-2 max-md:empty:hidden">
                        {canPayAgain(order, now) && (
                          <Button
                            className="whitespace-nowrap"
                            aria-label={`去支付 订单 ${order.orderNo}`}
                            onPress={() => payAgain(order)}
                          >
                            去支付
                          </Button>
                        )}
                        {canCancel(order, now) && <CancelOrderButton order={order} />}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PagedList>
      <PayAgainDialog actor={actor} />
    </div>
  );
}
