import type { ClosedDayRow } from '@contract/closed-days';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ListStates } from '../orders/list-states';
import { CloseDayForm } from './close-day-form';
import { closedDaysQuery } from './closed-days-queries';
import { ClosedDaysTable } from './closed-days-table';
import { ReopenDayDialog } from './reopen-day-dialog';

/**
 * 佛事日历 (/closed-days, 内容): the days the temple closes to single-family ceremonies, from today
 * on, with their reasons and the bookings already held those days; 关闭日期 closes another, and
 * 重新开放 (asked first) opens one again. The one piece of state: the day being reopened.
 */
export function ClosedDaysPage() {
  const list = useQuery(closedDaysQuery);
  const [reopening, setReopening] = useState<ClosedDayRow | null>(null);
  return (
    <section aria-labelledby="closed-days-title" className="flex max-w-5xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 id="closed-days-title" className="text-2xl font-semibold text-temple">
          佛事日历
        </h1>
        <p className="text-lg text-ink-soft">
          关闭的日期不接受单独的佛事预约，信众在日历上看到该日为灰色及关闭原因。
        </p>
      </div>
      <CloseDayForm />
      <ListStates isPending={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
        {list.data ? <ClosedDaysTable days={list.data} onReopen={setReopening} /> : null}
      </ListStates>
      <ReopenDayDialog closed={reopening} onClose={() => setReopening(null)} />
    </section>
  );
}
