import { templeDateTime } from '@contract/temple-day';
import { Button } from '../../../components/ui/button';
import { VOLUNTEER_STATUS_LABELS, type VolunteerRow, volunteerPhotoUrl } from './volunteer-queries';

/** The selected application: every fact of its row, its photo (when it has one) and 审核. */
export function VolunteerDetail({
  row,
  canReview,
  onReview,
}: {
  row: VolunteerRow;
  canReview: boolean;
  onReview: () => void;
}) {
  return (
    <section
      aria-label={`申请详情 · ${row.name}`}
      className="flex w-96 shrink-0 flex-col gap-4 rounded-md border border-paper-deep bg-white p-6"
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
      <dl className="grid grid-cols-[6rem_1fr] gap-x-3 gap-y-2">
        <dt className="text-ink-soft">手机</dt>
        <dd>{row.phone}</dd>
        <dt className="text-ink-soft">志愿组别</dt>
        <dd>{row.groups.join('、') || '（未选）'}</dd>
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
    </section>
  );
}
