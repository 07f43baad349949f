import { ACTIVITY_DONE, DEFAULT_PAGE_SIZE, ORDER_PAGE_SIZES } from '@contract/believer';
import { formatYuan, yuanToFen } from '@contract/money';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PagedList } from '../../shared/pager';
import { StatusBadge } from './status-badge';
import { myActivitiesQuery, type PageSize, type PageView } from './user-center-queries';

/** 活动历史: the activities the believer took part in; 已圆满 grey, any other status red. */
export function ActivityTab() {
  const [view, setView] = useState<PageView>({ page: 0, size: String(DEFAULT_PAGE_SIZE) as PageSize });
  const activities = useQuery(myActivitiesQuery(view));
  return (
    <div className="py-8">
      <PagedList
        query={activities}
        view={view}
        onView={setView}
        sizes={ORDER_PAGE_SIZES}
        failure="活动记录加载失败，请稍后再试。"
        empty="暂无活动记录"
      >
        {(items) => (
          <ul aria-label="活动历史" className="flex flex-col gap-3">
            {items.map((activity) => (
              <li
                // The history has no id of its own: name, start and the time it was recorded tell rows apart.
                key={`${activity.activeName}-${activity.startDate}-${activity.createTime}`}
                className="flex flex-wrap items-center gap-x-6 gap-y-2 rounded-md border border-gold/30 px-4 py-3 text-lg"
              >
                <span className="font-medium">{activity.activeName}</span>
                <span className="text-ink-soft">
                  {activity.startDate} 至 {activity.endDate}
                </span>
                <span>{formatYuan(yuanToFen(activity.activeAmount))}</span>
                <span className="ml-auto">
                  <StatusBadge tone={activity.status === ACTIVITY_DONE ? 'grey' : 'red'}>
                    {activity.status}
                  </StatusBadge>
                </span>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </div>
  );
}
