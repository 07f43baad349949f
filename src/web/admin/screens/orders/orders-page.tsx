import { orderSearchSchema } from '@contract/console';
import { useQuery } from '@tanstack/react-query';
import { Notice } from '../../../components/ui/notice';
import { KeysetPager } from '../../shell/keyset-pager';
import { useListSearch } from '../../shell/use-list-search';
import { ListStates } from './list-states';
import { ordersQuery } from './order-queries';
import { OrderSearchForm } from './order-search-form';
import { OrdersTable } from './orders-table';

/**
 * 订单: find an order at the counter by its number, the believer's phone or a name on an entry,
 * narrowed by state or to reservations, sorted and paged by the server. The search lives in the
 * URL, so back, forward and reload keep it; an order's number opens its page.
 */
export function OrdersPage() {
  const { search, change, invalid } = useListSearch(orderSearchSchema);
  const orders = useQuery(ordersQuery(search));
  return (
    <section aria-labelledby="orders-title" className="flex flex-col gap-5">
      <h1 id="orders-title" className="text-2xl font-semibold text-temple">
        订单
      </h1>
      <OrderSearchForm search={search} onChange={change} />
      {invalid ? <Notice>地址中的查询条件不正确，已显示全部订单</Notice> : null}
      <ListStates isPending={orders.isPending} error={orders.error} onRetry={() => void orders.refetch()}>
        {orders.data ? (
          <div aria-busy={orders.isFetching}>
            <OrdersTable
              label="订单列表"
              rows={orders.data.rows}
              sort={search.sort}
              dir={search.dir}
              onSort={(sort, dir) => change({ sort, dir })}
              empty={search.q || search.state || search.reservation ? '没有符合条件的订单' : '暂无订单'}
            />
            <KeysetPager
              total={orders.data.total}
              totalCapped={orders.data.totalCapped}
              prev={orders.data.prev}
              next={orders.data.next}
              place={search}
              onMove={change}
            />
          </div>
        ) : null}
      </ListStates>
    </section>
  );
}
