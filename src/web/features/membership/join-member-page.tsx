import { MEMBERSHIP_MESSAGES, type MyMembership } from '@contract/membership';
import { joinFormDefaults } from '@contract/membership-form';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useSessionMobile } from '../../api/session';
import { buttonClass } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { myMembershipQuery, profileQuery } from '../../shared/believer-queries';
import { JoinWizard } from './join-wizard';
import { packagesQuery } from './membership-queries';

/** A member does not join again: 您已是功德会会员，请办理续费, with the way there. */
function AlreadyMember({ member }: { member: NonNullable<MyMembership> }) {
  return (
    <div className="flex flex-col items-start gap-5">
      <Notice>{MEMBERSHIP_MESSAGES.alreadyMember}</Notice>
      <dl className="grid grid-cols-[7rem_1fr] gap-y-3 text-lg">
        <dt className="text-ink-soft">会员编号</dt>
        <dd>{member.HY_CODE}</dd>
        <dt className="text-ink-soft">有效期至</dt>
        <dd>
          {member.END_DATE}
          {member.HY_STATUS === '0' && '（已过期）'}
        </dd>
      </dl>
      <Link to="/Renewals" className={buttonClass({ size: 'lg' })}>
        去续费
      </Link>
    </div>
  );
}

/** The form starts from the profile: wait for it (a failed profile starts from the defaults alone). */
function JoinFromProfile({ mobile }: { mobile: string }) {
  const { data: packages } = useSuspenseQuery(packagesQuery());
  const profile = useQuery(profileQuery);
  if (profile.isPending)
    return (
      <p role="status" className="py-10 text-lg text-ink-soft">
        正在加载…
      </p>
    );
  return <JoinWizard packages={packages} mobile={mobile} defaults={joinFormDefaults(profile.data ?? null)} />;
}

/** /joinMember: 功德会入会 (001 section 2), the three-step wizard; 代人续费 beside it. */
export function JoinMemberPage() {
  const { data: member } = useSuspenseQuery(myMembershipQuery);
  const mobile = useSessionMobile() ?? '';
  return (
    <section className="mx-auto flex max-w-page flex-col gap-8 px-6 pb-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-serif text-3xl tracking-widest text-temple">功德会入会</h1>
        <Link to="/GenerationRenewal" className={buttonClass({ tone: 'secondary' })}>
          代人续费
        </Link>
      </div>
      <div className="rounded-lg border border-gold/40 bg-white p-7">
        {member ? <AlreadyMember member={member} /> : <JoinFromProfile mobile={mobile} />}
      </div>
    </section>
  );
}
