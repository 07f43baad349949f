import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../components/ui/button';
import { Panel } from '../../components/ui/panel';
import { myMembershipQuery } from '../../shared/believer-queries';
import { MemberSummary } from '../../shared/member-summary';

/**
 * 功德会 in the user centre: a member sees the code, the status and the end date with 续费; anyone
 * else an invitation to join. Quiet while loading; a failure hides the card (the tabs say more).
 */
export function MembershipCard() {
  const { data: member, isSuccess } = useQuery(myMembershipQuery);
  if (!isSuccess) return null;
  return (
    <Panel as="section" tone="gold" aria-labelledby="membership-card-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-4">
        <h2 id="membership-card-title" className="font-serif text-2xl tracking-wider text-temple">
          功德会会员
        </h2>
        {member ? (
          <Link to="/Renewals" className={buttonClass({ tone: 'secondary' })}>
            续费
          </Link>
        ) : (
          <Link to="/joinMember" className={buttonClass({})}>
            加入功德会
          </Link>
        )}
      </div>
      {member ? (
        <MemberSummary
          code={member.HY_CODE}
          name={member.NAME}
          status={member.HY_STATUS}
          endDate={member.END_DATE}
        />
      ) : (
        <p className="text-lg text-ink-soft">您还不是功德会会员。入会后可在此查看会员编号与有效期。</p>
      )}
    </Panel>
  );
}
