import { orderedOf } from '@contract/believer';
import { consoleApi } from '@contract/console';
import { moneySummary, owedByNote } from '@contract/order-money';
import { hasPermission } from '@contract/staff';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { panelClass } from '../../../components/ui/panel';
import { consoleCall } from '../../api/console-client';
import { meQuery } from '../../api/session-queries';
import { ConsoleLink } from '../../shell/console-link';
import { link } from '../../shell/table-styles';
import { timeOf, yuan } from '../orders/format';
import { ListStates } from '../orders/list-states';

export const todayQuery = queryOptions({
  queryKey: ['console', 'today'],
  queryFn: () => consoleCall(consoleApi.today, { quiet: true }),
});

function Card({ title, children, wide }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <section aria-label={title} className={`${panelClass({ padding: 'sm' })} ${wide ? 'col-span-2' : ''}`}>
      <h2 className="mb-3 text-xl font-semibold text-temple">{title}</h2>
      {children}
    </section>
  );
}

const empty = (text: string) => <p className="text-lg text-ink-soft">{text}</p>;
const counts = (paid: number, pending: number) => `已付款 ${paid} · 待付款 ${pending}`;

/**
 * 今日: what the reception hall faces today: the day's assemblies and ceremonies with their
 * counts, reservations whose 7 days end within 48 hours, ceremonies whose balance after the deposit
 * is due about now (已付定金 · 待补), refunds waiting (for 财务), messages
 * not yet sent, and when the automatic processing last ran.
 */
export function TodayPage() {
  const today = useQuery(todayQuery);
  const { data: me } = useQuery(meQuery);
  const refunds = me ? hasPermission(me.roles, 'refund') : false;
  const day = today.data;
  return (
    <section aria-labelledby="today-title" className="flex flex-col gap-5">
      <h1 id="today-title" className="text-2xl font-semibold text-temple">
        今日{day ? <span className="ml-3 text-lg font-normal text-ink-soft">{day.day}</span> : null}
      </h1>
      <ListStates isPending={today.isPending} error={today.error} onRetry={() => void today.refetch()}>
        {day ? (
          <div className="grid grid-cols-2 gap-5">
            <Card title="今日法会">
              {day.assemblies.length === 0 ? (
                empty('今日没有法会')
              ) : (
                <ul className="flex flex-col gap-2 text-lg">
                  {day.assemblies.map((a) => (
                    <li key={a.id}>
                      {a.name}
                      <span className="ml-3 text-ink-soft">{counts(a.paid, a.pending)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
            <Card title="今日佛事">
              {day.ceremonies.length === 0 ? (
                empty('今日没有佛事')
              ) : (
                <ul className="flex flex-col gap-2 text-lg">
                  {day.ceremonies.map((c) => (
                    <li key={`${c.timeLabel}-${c.name}`}>
                      <span className="mr-3 font-semibold">{c.timeLabel}</span>
                      {c.name}
                      <span className="ml-3 text-ink-soft">{counts(c.paid, c.pending)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
            <Card title="保留即将到期" wide>
              {day.reservationsEndingSoon.length === 0 ? (
                empty('48小时内没有到期的保留单')
              ) : (
                <ul className="flex flex-col gap-2 text-lg">
                  {day.reservationsEndingSoon.map((r) => (
                    <li key={r.outTradeNo} className="flex flex-wrap gap-x-4">
                      <ConsoleLink to={`/orders/${r.outTradeNo}`} className={link}>
                        {r.outTradeNo}
                      </ConsoleLink>
                      <span>{r.description}</span>
                      <span>{yuan(r.amountFen)}</span>
                      <span>{r.names.join('、')}</span>
                      <span className="text-temple">保留至 {timeOf(r.holdUntil)}</span>
                    </li>
                  ))}
                </ul>
              )}
              {day.reservationsEndingSoonTotal > day.reservationsEndingSoon.length ? (
                <p className="mt-3 text-lg">
                  共 {day.reservationsEndingSoonTotal} 条，此处列出最先到期的{' '}
                  {day.reservationsEndingSoon.length} 条；
                  <ConsoleLink to="/reservations" className={link}>
                    在“到寺付款”中查看全部
                  </ConsoleLink>
                </p>
              ) : null}
            </Card>
            <Card title="待补余款" wide>
              {day.balancesDue.length === 0 ? (
                empty('近日没有待补余款的佛事')
              ) : (
                <ul className="flex flex-col gap-2 text-lg">
                  {day.balancesDue.map((r) => (
                    <li key={r.outTradeNo} className="flex flex-wrap gap-x-4">
                      <ConsoleLink to={`/orders/${r.outTradeNo}`} className={link}>
                        {r.outTradeNo}
                      </ConsoleLink>
                      <span>{orderedOf(r.description)}</span>
                      <span>{r.names.join('、')}</span>
                      <span className="font-semibold text-temple">{moneySummary(r.money)}</span>
                      <span>{owedByNote(r.money)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
            {refunds ? (
              <Card title="待退款">
                <p className="text-lg">
                  <span className="text-3xl font-semibold">{day.refundsWaiting}</span> 笔
                </p>
                <ConsoleLink to="/refunds" className={link}>
                  前往退款
                </ConsoleLink>
              </Card>
            ) : null}
            <Card title="未发送短信">
              <p className="text-lg">
                <span className="text-3xl font-semibold">{day.messagesUnsent}</span> 条
              </p>
            </Card>
            <Card title="自动处理上次运行">
              <p className="text-lg">{day.sweeperLastRunAt ? timeOf(day.sweeperLastRunAt) : '尚未运行'}</p>
            </Card>
          </div>
        ) : null}
      </ListStates>
    </section>
  );
}
