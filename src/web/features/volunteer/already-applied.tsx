import { type MyVolunteerApplication, VOLUNTEER_MESSAGES } from '@contract/volunteer';
import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../components/ui/button';
import { useSiteConfig } from '../../shared/site-config-query';

const dayText = (ymd: string) => {
  const [y, m, d] = ymd.split('-').map(Number);
  return `${y}年${m}月${d}日`;
};

/**
 * What the volunteer page shows a believer whose application waits for review, instead of an
 * empty form that the server would refuse after the photo and code were redone: who applied, with
 * which phone and when, how the answer comes, and whom to ask meanwhile.
 */
export function AlreadyApplied({ application }: { application: NonNullable<MyVolunteerApplication> }) {
  const site = useSiteConfig();
  return (
    <div className="flex flex-col items-start gap-5">
      <h2 className="font-serif text-2xl text-temple">{VOLUNTEER_MESSAGES.alreadyApplied}</h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-lg text-ink">
        <dt className="text-ink-soft">申请人</dt>
        <dd>{application.name}</dd>
        <dt className="text-ink-soft">联系电话</dt>
        <dd>{application.mobile}</dd>
        <dt className="text-ink-soft">提交日期</dt>
        <dd>{dayText(application.submittedOn)}</dd>
      </dl>
      <p className="text-lg leading-8 text-ink-soft">
        {VOLUNTEER_MESSAGES.successReview}，请保持电话畅通。如有疑问，请致电客堂：
        <span className="whitespace-nowrap">{site.receptionPhone}</span>
      </p>
      <Link to="/index" className={buttonClass({ size: 'lg', tone: 'secondary' })}>
        返回首页
      </Link>
    </div>
  );
}
