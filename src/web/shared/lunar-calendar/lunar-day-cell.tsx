import type { CalendarDate } from '@internationalized/date';
import { CalendarCell } from 'react-aria-components';
import { focusRing } from '../../components/ui/focus-ring';
import { lunarDay } from './lunar';

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];
/** 2026年2月17日 星期二: the start of a cell's accessible name (the lunar text follows). */
export const spokenDate = (date: CalendarDate) =>
  `${date.year}年${date.month}月${date.day}日 星期${WEEKDAYS[new Date(date.year, date.month - 1, date.day).getDay()]}`;

const lunarTone = {
  festival: 'text-temple font-medium',
  term: 'text-temple',
  month: 'text-temple-light font-medium',
  day: 'text-ink-soft',
};

export interface LunarDayCellProps {
  date: CalendarDate;
  isToday: boolean;
  /** Why a day cannot be chosen, spoken with it instead of 不可选. */
  disabledReason?: ((date: string) => string | null) | undefined;
  /** The pointer came onto the day ('YYYY-MM-DD'), or left it. */
  onPoint?: (date: string, pointed: boolean) => void;
  /** The day was clicked or tapped (React Aria does not focus an unavailable day on a click). */
  onTouch?: (date: string) => void;
}

/** A day of the month grid: the solar day, the lunar text under it, named with both for a screen reader. */
export function LunarDayCell({ date, isToday, disabledReason, onPoint, onTouch }: LunarDayCellProps) {
  const key = date.toString();
  const lunar = lunarDay(key);
  return (
    <CalendarCell
      date={date}
      data-now={isToday || undefined}
      // Pointer events, not onHoverStart: React Aria reports no hover on an unavailable day.
      onPointerEnter={() => onPoint?.(key, true)}
      onPointerLeave={() => onPoint?.(key, false)}
      onClick={() => onTouch?.(key)}
      data-date={key}
      className={({ isSelected, isUnavailable, isDisabled }) =>
        [
          'flex min-h-14 cursor-pointer flex-col items-center justify-center rounded-md border-2 py-1 leading-tight transition-colors',
          'data-[outside-month]:invisible',
          focusRing,
          // One background and one border colour per state: today's temple-red frame
          // shows on a free, a disabled and a chosen day alike.
          isSelected
            ? 'bg-temple text-white'
            : isUnavailable || isDisabled
              ? 'cursor-not-allowed bg-paper-deep text-ink-faint'
              : isToday
                ? 'bg-gold-pale'
                : 'bg-white',
          isToday
            ? 'border-temple-dark'
            : isSelected
              ? 'border-temple'
              : isUnavailable || isDisabled
                ? 'border-transparent'
                : 'border-gold-light data-[hovered]:border-temple',
        ].join(' ')
      }
    >
      {({ isSelected, isUnavailable }) => (
        <>
          <span
            aria-hidden
            className={`text-xl font-medium ${isUnavailable ? 'line-through decoration-1' : ''}`}
          >
            {date.day}
          </span>
          <span
            ref={(span) => {
              // React Aria names the cell by the solar date alone; the lunar text and
              // today belong in the name too. Set after React's own attribute updates.
              span?.parentElement?.setAttribute(
                'aria-label',
                [
                  spokenDate(date),
                  isToday ? '今天' : '',
                  lunar?.text,
                  isUnavailable ? disabledReason?.(key) || '不可选' : '',
                ]
                  .filter(Boolean)
                  .join(' '),
              );
            }}
            aria-hidden
            className={`text-sm ${isSelected ? 'text-white' : isUnavailable ? 'text-ink-faint' : lunar ? lunarTone[lunar.kind] : ''}`}
          >
            {lunar?.text}
          </span>
        </>
      )}
    </CalendarCell>
  );
}
