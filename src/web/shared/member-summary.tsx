import type { MembershipStatus } from '@contract/membership';

export interface MemberSummaryProps {
  /** 会员编号 (the own membership) or none (a proxy renewal shows only what the lookup answered). */
  code?: string;
  name: string;
  status: MembershipStatus;
  endDate: string;
}

const term = 'text-ink-soft';

/** A membership at a glance: code, name, 有效 or 已过期, and until when (user centre, renewals). */
export function MemberSummary({ code, name, status, endDate }: MemberSummaryProps) {
  return (
    <dl className="grid grid-cols-[7rem_1fr] gap-y-3 rounded-md bg-paper-deep px-5 py-4 text-lg">
      {code && (
        <>
          <dt className={term}>会员编号</dt>
          <dd>{code}</dd>
        </>
      )}
      <dt className={term}>会员姓名</dt>
      <dd>{name}</dd>
      <dt className={term}>会员状态</dt>
      <dd>{status === '1' ? '有效' : '已过期'}</dd>
      <dt className={term}>有效期至</dt>
      <dd>{endDate || '--'}</dd>
    </dl>
  );
}
