import { orderSearchSchema } from '@contract/console';
import { RESERVATION_HOLD_DAYS } from '@contract/reservation-hold';
import { hasPermission } from '@contract/staff';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { meQuery } from '../../api/session-queries';
import { KeysetPager } from '../../shell/keyset-pager';
import { useListSearch } from '../../shell/use-list-search';
import { CounterPaymentDialog } from './counter-payment-dialog';
import { counterOrderOf } from './format';
import { ListStates } from './list-states';
import { ordersQuery } from './order-queries';
import { OrdersTable } from './orders-table';
import { useCounterPaymentActor } from './use-counter-payment-actor';

/**
 * 到寺付款: the open reservations (unpaid, held for payment at the temple), the soonest to end
 * first, each with 登记到寺付款 (the same counter-payment dialog as an order's page) and its page.
 */
export function ReservationsPage() {
  const { search, change } = useListSearch(orderSearchSchema, {
    state: '0',
    reservation: 'true',
    sort: 'holdUntil',
    dir: 'asc',
  });
  const reservations = useQuery(ordersQuery({ ...search, q: '', state: '0', reservation: 'true' }));
  const { data: me } = useQuery(meQuery);
  const payment = useCounterPaymentActor();
  const pays = me ? hasPermission(me.roles, 'changeOrders') : false;
  return (
    <section aria-labelledby="reservations-title" className="flex flex-col gap-5">
      <h1 id="reservations-title" className="text-2xl font-semibold text-temple">
        到寺付款
      </h1>
      <p className="text-lg text-ink-soft">{`保留${RESERVATION_HOLD_DAYS}天、待信众到寺付款的订单，即将到期的在前。`}</p>
      <ListStates
        isPending={reservations.isPending}
        error={reservations.error}
        onRetry={() => void reservations.refetch()}
      >
        {reservations.data ? (
          <div aria-busy={reservations.isFetching}>
            <OrdersTable
              label="待到寺付款的保留单"
              rows={reservations.data.rows}
              sort={search.sort}
              dir={search.dir}
              onSort={(sort, dir) => change({ sort, dir })}
              empty="暂无待到寺付款的保留单"
              action={
                pays
                  ? (row) => (
                      <Button
                        aria-label={`登记到寺付款 ${row.outTradeNo}`}
                        onPress={() => payment[1]({ type: 'payment.open', order: counterOrderOf(row) })}
                      >
                        登记到寺付款
                      </Button>
                    )
                  : undefined
              }
            />
            <KeysetPager
              total={reservations.data.total}
              totalCapped={reservations.data.totalCapped}
              prev={reservations.data.prev}
              next={reservations.data.next}
              place={search}
              onMove={change}
            />
          </div>
        ) : null}
      </ListStates>
      <CounterPaymentDialog actor={payment} />
    </section>
  );
}
