import { useQuery } from '@tanstack/react-query';
import { ListStates } from '../orders/list-states';
import { SiteSettingsForm } from './site-settings-form';
import { siteSettingsQuery } from './site-settings-queries';

/**
 * 站点信息 (/site, 内容): the temple's name, address, phones, WeChat, licence numbers, friendly
 * links and mobile site, and the clauses of 报名须知 and 佛事预约须知, as the public site shows them. Read once: the form then holds its
 * values and their version (a later read does not overwrite what is being typed), and a failed
 * reload keeps the form on the page.
 */
export function SiteSettingsPage() {
  const read = useQuery(siteSettingsQuery);
  return (
    <section aria-labelledby="site-title" className="flex max-w-5xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 id="site-title" className="text-2xl font-semibold text-temple">
          站点信息
        </h1>
        <p className="text-lg text-ink-soft">环境变量中的设置只作为默认值：在此保存过的项目以此处为准。</p>
      </div>
      <ListStates
        isPending={read.isPending}
        error={read.data ? null : read.error}
        onRetry={() => void read.refetch()}
      >
        {read.data ? <SiteSettingsForm answer={read.data} /> : null}
      </ListStates>
    </section>
  );
}
