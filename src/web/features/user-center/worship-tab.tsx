import {
  DEFAULT_PAGE_SIZE,
  ENSHRINEMENT_STATUS,
  type EnshrinementItem,
  ORDER_PAGE_SIZES,
} from '@contract/believer';
import { formatYuan, yuanToFen } from '@contract/money';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Button } from '../../components/ui/button';
import { PagedList } from '../../shared/pager';
import { EnshrinementRenewalDialog } from './enshrinement-renewal-dialog';
import { StatusBadge } from './status-badge';
import { myEnshrinementsQuery, type PageSize, type PageView } from './user-center-queries';

/**
 * 当前供奉: the believer's paid statues; 已售已供 green, any other status blue. A yearly one has
 * 续费 (1 to 3 years: the renewal dialog and its flow).
 */
export function WorshipTab() {
  const [view, setView] = useState<PageView>({ page: 0, size: String(DEFAULT_PAGE_SIZE) as PageSize });
  const enshrinements = useQuery(myEnshrinementsQuery(view));
  const [renewing, setRenewing] = useState<EnshrinementItem | null>(null);
  const closeRenewal = useCallback(() => setRenewing(null), []);
  return (
    <div className="py-8">
      <PagedList
        query={enshrinements}
        view={view}
        onView={setView}
        sizes={ORDER_PAGE_SIZES}
        failure="供奉加载失败，请稍后再试。"
        empty="暂无供奉"
      >
        {(items) => (
          <ul aria-label="当前供奉" className="flex flex-col gap-3">
            {items.map((item) => (
              <li key={item.ID} className="rounded-md border border-gold/30 px-4 py-3 text-lg">
                <div className="flex flex-wrap items-center gap-4">
                  <span className="font-medium">{item.GF_NR}</span>
                  <StatusBadge tone={item.gfStatus === ENSHRINEMENT_STATUS.offered ? 'green' : 'blue'}>
                    {item.gfStatus}
                  </StatusBadge>
                  {item.RENEWABLE && (
                    <Button
                      tone="secondary"
                      className="ml-auto"
                      aria-label={`续费 ${item.GF_NR}`}
                      onPress={() => setRenewing(item)}
                    >
                      续费
                    </Button>
                  )}
                </div>
                <dl className="mt-2 grid grid-cols-[6rem_1fr] gap-x-4 gap-y-1 sm:grid-cols-[6rem_1fr_6rem_1fr]">
                  <dt className="text-ink-soft">供奉位置</dt>
                  <dd>{item.localtion}</dd>
                  <dt className="text-ink-soft">供奉方式</dt>
                  <dd>{item.gfType}</dd>
                  <dt className="text-ink-soft">供奉周期</dt>
                  <dd>{item.gfCycle}</dd>
                  <dt className="text-ink-soft">金额</dt>
                  <dd>{formatYuan(yuanToFen(item.payAmonut))}</dd>
                  <dt className="text-ink-soft">订单号</dt>
                  <dd className="select-all font-mono break-all">{item.orderNo}</dd>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      {renewing && <EnshrinementRenewalDialog key={renewing.ID} item={renewing} onClose={closeRenewal} />}
    </div>
  );
}
