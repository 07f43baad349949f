import { AUTH_RULES } from '@contract/auth';
import { templeToday } from '@contract/temple-day';
import { volunteerFormDefaults } from '@contract/volunteer-form';
import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useSessionMobile } from '../../api/session';
import { Panel } from '../../components/ui/panel';
import { profileQuery } from '../../shared/believer-queries';
import { loadRegions, regionOfCode } from '../../shared/region-picker/region-data';
import { AlreadyApplied } from './already-applied';
import { VolunteerForm } from './volunteer-form';
import { myVolunteerApplicationQuery } from './volunteer-queries';

/** The region table (loaded once, lazily): the ID autofill names a region code with it. */
export const regionTableQuery = queryOptions({
  queryKey: ['region-table'],
  queryFn: loadRegions,
  staleTime: Number.POSITIVE_INFINITY,
});

/**
 * /guangciVolunteers: 志工报名 (002 section 2); the form starts with the believer's name and phone.
 * A believer whose application waits for review is told so on arrival, instead of the form.
 */
export function VolunteerPage() {
  const { data: regions } = useSuspenseQuery(regionTableQuery);
  const profile = useQuery(profileQuery);
  const mine = useQuery(myVolunteerApplicationQuery);
  const mobile = useSessionMobile() ?? '';
  return (
    <section className="mx-auto flex max-w-page flex-col gap-8 px-6 pb-10">
      <div className="flex flex-col gap-3">
        <h1 className="font-serif text-3xl tracking-widest text-temple">志工报名</h1>
        {mine.data ? null : (
          <p className="text-lg leading-8 text-ink-soft">
            欢迎发心加入寺院志工。请如实填写以下信息，提交后我们将在 2-3
            个工作日内以短信和电话通知您审核结果。
          </p>
        )}
      </div>
      <Panel tone="gold" padding="lg">
        {profile.isPending || mine.isPending ? (
          <p role="status" className="py-10 text-lg text-ink-soft">
            正在加载…
          </p>
        ) : mine.data ? (
          <AlreadyApplied application={mine.data} />
        ) : (
          <VolunteerForm
            input={{
              values: volunteerFormDefaults({ realName: profile.data?.realName, phone: mobile }),
              today: templeToday(),
              seconds: AUTH_RULES.resendSeconds,
              regionOf: (code) => regionOfCode(regions, code),
            }}
          />
        )}
      </Panel>
    </section>
  );
}
