import { orderedOf } from '@contract/believer';
import { moneySummary, owedByNote, owesBalance } from '@contract/order-money';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { panelClass } from '../../../components/ui/panel';
import { meQuery } from '../../api/session-queries';
import { ConsoleLink } from '../../shell/console-link';
import { link } from '../../shell/table-styles';
import { CounterPaymentDialog } from './counter-payment-dialog';
import { stateLabel, timeOf, typeLabel, yuan } from './format';
import { ListStates } from './list-states';
import { OrderActions } from './order-actions';
import { orderQuery } from './order-queries';
import {
  CeremonyFacts,
  OrderEntries,
  OrderHistory,
  OrderLines,
  OrderPayments,
  OrderPlaces,
} from './order-sections';
import { useCounterPaymentActor } from './use-counter-payment-actor';

/**
 * An order's page: its number and state, its price with what was paid and is still owed (by when),
 * who ordered it, then its lines, a ceremony's cause, address and remark, its entries (tablet and
 * 阳上 names with their dates), places, payments and history, with what the member may do to it by
 * its state.
 */
export function OrderPage() {
  const { no = '' } = useParams({ strict: false }) as { no?: string };
  const order = useQuery(orderQuery(no));
  const { data: me } = useQuery(meQuery);
  const payment = useCounterPaymentActor();
  const detail = order.data;
  return (
    <article aria-labelledby="order-title" className="flex max-w-5xl flex-col gap-5">
      <ConsoleLink to="/orders" className={`${link} self-start print:hidden`}>
        返回订单列表
      </ConsoleLink>
      <h1 id="order-title" className="text-2xl font-semibold text-temple">
        订单 {no}
      </h1>
      <ListStates isPending={order.isPending} error={order.error} onRetry={() => void order.refetch()}>
        {detail ? (
          <>
            <dl
              className={`grid grid-cols-[7rem_1fr_7rem_1fr] gap-x-4 gap-y-2 text-lg ${panelClass({ padding: 'sm' })}`}
            >
              <dt className="text-ink-soft">状态</dt>
              <dd className="font-semibold">
                {stateLabel(detail.order.state)}
                {detail.order.reservation ? '（保留单）' : ''}
                {owesBalance(detail.order.money) ? '（待补余款，未付清）' : ''}
              </dd>
              <dt className="text-ink-soft">类别</dt>
              <dd>
                {typeLabel(detail.order.type)}：{orderedOf(detail.order.description)}
              </dd>
              <dt className="text-ink-soft">价格</dt>
              <dd>{yuan(detail.order.money.priceFen)}</dd>
              <dt className="text-ink-soft">款项</dt>
              <dd className={owesBalance(detail.order.money) ? 'font-semibold text-temple' : ''}>
                {moneySummary(detail.order.money) || '—'}
                {detail.order.money.owedBy ? (
                  <span className="block text-base">{owedByNote(detail.order.money)}</span>
                ) : null}
              </dd>
              <dt className="text-ink-soft">信众</dt>
              <dd>
                {detail.order.believerName ?? '—'}　{detail.order.phone}
              </dd>
              <dt className="text-ink-soft">下单时间</dt>
              <dd>{timeOf(detail.order.createdAt)}</dd>
              <dt className="text-ink-soft">{detail.order.paidAt ? '付款时间' : '保留至'}</dt>
              <dd>{timeOf(detail.order.paidAt ?? detail.order.holdUntil)}</dd>
            </dl>
            {me ? <OrderActions order={detail.order} roles={me.roles} payment={payment} /> : null}
            <OrderLines lines={detail.lines} />
            {detail.ceremony ? <CeremonyFacts ceremony={detail.ceremony} /> : null}
            <OrderEntries entries={detail.entries} />
            <OrderPlaces places={detail.places} />
            <OrderPayments payments={detail.payments} />
            <OrderHistory history={detail.history} />
          </>
        ) : null}
      </ListStates>
      <CounterPaymentDialog actor={payment} />
    </article>
  );
}
