import { NEWS_STATE_LABELS, type NewsState } from '@contract/news-editing';
import { templeDateTime } from '@contract/temple-day';

const TONES: Record<NewsState, string> = {
  published: 'border-temple bg-temple-pale text-temple',
  scheduled: 'border-gold bg-gold-pale text-ink',
  draft: 'border-ink-faint/50 bg-paper text-ink-soft',
};

/** Where an article stands (已发布 / 定时发布 / 草稿), with the time a scheduled one will show. */
export function NewsStateBadge({ state, publishAt }: { state: NewsState; publishAt?: string | null }) {
  return (
    <span className="inline-flex flex-col items-start gap-0.5">
      <span
        className={`inline-flex whitespace-nowrap rounded-full border-2 px-3 py-0.5 text-base font-medium ${TONES[state]}`}
      >
        {NEWS_STATE_LABELS[state]}
      </span>
      {state === 'scheduled' && publishAt ? (
        <span className="text-base text-ink-soft tabular-nums">
          {templeDateTime(new Date(publishAt)).slice(0, 16)} 发布
        </span>
      ) : null}
    </span>
  );
}
