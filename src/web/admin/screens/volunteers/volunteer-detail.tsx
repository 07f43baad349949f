import { templeDateTime } from '@contract/temple-day';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { VolunteerFacts } from './volunteer-facts';
import { VolunteerPhone } from './volunteer-phone';
import {
  VOLUNTEER_STATUS_LABELS,
  type VolunteerRow,
  volunteerPhotoUrl,
  volunteerQuery,
} from './volunteer-queries';

/**
 * The selected application: its photo (when it has one), its state and 审核, then everything the
 * applicant filled in, read apart, with the phone masked until 显示完整号码.
 */
export function VolunteerDetail({
  row,
  canReview,
  onReview,
}: {
  row: VolunteerRow;
  canReview: boolean;
  onReview: () => void;
}) {
  const application = useQuery(volunteerQuery(row.id));
  return (
    <section
      aria-label={`申请详情 · ${row.name}`}
      className="flex w-[26rem] shrink-0 flex-col gap-4 rounded-md border border-paper-deep bg-white p-6"
    >
      <h2 className="text-xl font-semibold">{row.name}</h2>
      {row.hasPhoto ? (
        <img
          src={volunteerPhotoUrl(row.id)}
          alt={`${row.name}的申请照片`}
          className="h-48 w-36 rounded border border-paper-deep object-cover"
        />
      ) : (
        <p className="text-ink-soft">未上传照片</p>
      )}
      <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-2">
        <dt className="text-ink-soft">提交时间</dt>
        <dd>{templeDateTime(new Date(row.submittedAt))}</dd>
        <dt className="text-ink-soft">状态</dt>
        <dd>{VOLUNTEER_STATUS_LABELS[row.status]}</dd>
        <dt className="text-ink-soft">审核意见</dt>
        <dd className="break-all whitespace-pre-wrap">{row.reviewNote || '（无）'}</dd>
      </dl>
      {row.status === 'pending' ? (
        <Button isDisabled={!canReview} onPress={onReview}>
          审核
        </Button>
      ) : null}
      {application.isPending ? <p role="status">正在读取申请内容…</p> : null}
      {application.isError ? (
        <Notice tone="error">申请内容未能读取：{application.error.message}</Notice>
      ) : null}
      {application.data ? (
        <VolunteerFacts
          facts={application.data.facts}
          phone={<VolunteerPhone id={row.id} masked={row.phone} />}
        />
      ) : null}
    </section>
  );
}
