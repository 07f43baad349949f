import { Button } from '../../components/ui/button';

/** Where a list's page starts: after a row, before a row, or at the list's start (neither). */
export interface KeysetPlace {
  after?: string | undefined;
  before?: string | undefined;
}

interface Props {
  /** How many rows match, up to the cap; `totalCapped`: more than that. */
  total: number;
  totalCapped: boolean;
  /** The cursors of the pages before and after this one (null at either end of the list). */
  prev: string | null;
  next: string | null;
  /** Where the page shown starts (the address's cursor): 第一页 leads back from any other page, an empty one too. */
  place: KeysetPlace;
  onMove: (place: KeysetPlace) => void;
}

/**
 * 共 M 条 / 第一页 / 上一页 / 下一页 under a console list paged by key (订单, 操作记录): no page
 * number to go to, but every row of a list of any length is reached by 下一页, and 第一页 comes
 * back to the newest. Large buttons (48 px), each disabled at its end of the list.
 */
export function KeysetPager({ total, totalCapped, prev, next, place, onMove }: Props) {
  const atStart = place.after === undefined && place.before === undefined;
  return (
    <nav aria-label="翻页" className="mt-4 flex flex-wrap items-center justify-end gap-4 text-lg">
      <span className="text-ink-soft" aria-live="polite">
        {totalCapped ? `超过 ${total} 条` : `共 ${total} 条`}
      </span>
      <Button tone="quiet" className="min-h-12" isDisabled={atStart} onPress={() => onMove({})}>
        第一页
      </Button>
      <Button
        tone="secondary"
        className="min-h-12"
        isDisabled={prev === null}
        onPress={() => prev !== null && onMove({ before: prev })}
      >
        上一页
      </Button>
      <Button
        tone="secondary"
        className="min-h-12"
        isDisabled={next === null}
        onPress={() => next !== null && onMove({ after: next })}
      >
        下一页
      </Button>
    </nav>
  );
}
