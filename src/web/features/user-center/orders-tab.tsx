import { DEFAULT_PAGE_SIZE, orderStateLabel } from '@contract/believer';
import { formatYuan, yuanToFen } from '@contract/money';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ChoiceCards } from '../../components/ui/choice-cards';
import { PagedList } from './pager';
import { myOrdersQuery, type OrderFilter, type PageSize, type PageView } from './user-center-queries';

const filters: { value: OrderFilter; label: string }[] = [
  { value: '-1', label: '全部' },
  { value: '0', label: '已预订' },
  { value: '1', label: '已支付' },
];

const cell = 'border-b border-gold/20 px-3 py-3 text-left align-top';

/** 我的订单: the believer's orders, filtered by status, a page at a time; read only. */
export function OrdersTab() {
  const [status, setStatus] = useState<OrderFilter>('-1');
  const [view, setView] = useState<PageView>({ page: 0, size: String(DEFAULT_PAGE_SIZE) as PageSize });
  const orders = useQuery(myOrdersQuery(status, view));
  return (
    <div className="flex flex-col gap-6 py-8">
      <ChoiceCards
        label="订单状态"
        choices={filters}
        value={status}
        onChange={(value) => {
          setStatus(value as OrderFilter);
          setView({ ...view, page: 0 });
        }}
      />
      <PagedList query={orders} view={view} onView={setView} noun="订单">
        {(items) => (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[40rem] border-collapse text-lg">
              <caption className="sr-only">我的订单</caption>
              <thead className="bg-paper-deep text-ink-soft">
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
                </tr>
              </thead>
              <tbody>
                {items.map((order) => (
                  <tr key={order.orderNo}>
                    <td className={cell}>{order.createTime}</td>
                    <td className={`${cell} select-all font-mono break-all`}>{order.orderNo}</td>
                    <td className={cell}>{order.typeName}</td>
                    <td className={cell}>{formatYuan(yuanToFen(order.payAmount))}</td>
                    <td className={cell}>{orderStateLabel(order.orderState)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PagedList>
    </div>
  );
}
