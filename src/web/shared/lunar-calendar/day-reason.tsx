import { parseDate } from '@internationalized/date';
import { type ReactNode, useEffect, useEffectEvent, useRef, useState } from 'react';
import { lunarText } from './lunar';

/**
 * Which day the reason line speaks of, while it is in the shown month ('YYYY-MM-01'): the latest
 * pointed at, focused (the keyboard) or clicked (React Aria does not focus an unavailable day on
 * a click); when the pointer leaves a day, the focused one again. `grid` goes on an element around
 * the month's grid (a cell takes no onFocus); `point` and `touch` go on each cell.
 */
export const useExplainedDay = (shownMonth: string) => {
  const [explained, setExplained] = useState<string | null>(null);
  const focusedDay = useRef<string | null>(null);
  const grid = useRef<HTMLDivElement>(null);
  const touch = (day: string) => {
    focusedDay.current = day;
    setExplained(day);
  };
  const point = (day: string, on: boolean) =>
    setExplained((current) => (on ? day : current === day ? focusedDay.current : current));
  const touchFocused = useEffectEvent((event: FocusEvent) => {
    const day = (event.target as HTMLElement).closest('[data-date]')?.getAttribute('data-date');
    if (day) touch(day);
  });
  useEffect(() => {
    const element = grid.current;
    const onFocusIn = (event: FocusEvent) => touchFocused(event);
    element?.addEventListener('focusin', onFocusIn);
    return () => element?.removeEventListener('focusin', onFocusIn);
  }, []);
  const day = explained?.startsWith(shownMonth.slice(0, 8)) ? explained : null;
  return { grid, point, touch, day };
};

export interface DayReasonProps {
  /** The day the believer points at or has focused ('YYYY-MM-DD'), if any in the shown month. */
  date: string | null;
  isDateDisabled: (date: string) => boolean;
  disabledReason?: ((date: string) => string | null) | undefined;
}

/**
 * The line under the month that says why a grey day cannot be chosen, for whoever does not hear
 * the cell's name: shown while the pointer is on the day, or once it has the focus (the keyboard,
 * a click, a tap). With no grey day in view it says how to ask (by touch on a touch screen).
 */
export function DayReason({ date, isDateDisabled, disabledReason }: DayReasonProps) {
  const grey = date !== null && isDateDisabled(date);
  // How to ask, in the words of the device in hand: a finger has no pointer to rest on a day.
  let text: ReactNode = (
    <>
      <span className="pointer-coarse:hidden">
        灰色日期不可选：把鼠标移到灰色日期上，或用方向键选中它，这里会说明原因。
      </span>
      <span className="hidden pointer-coarse:inline">灰色日期不可选：点一下灰色日期，这里会说明原因。</span>
    </>
  );
  if (grey) {
    const day = parseDate(date);
    const lunar = lunarText(date);
    const reason = disabledReason?.(date) || '不可选';
    text = `${day.month}月${day.day}日${lunar ? `（${lunar}）` : ''}不可选：${reason}`;
  }
  return (
    <p
      data-day-reason={grey ? date : undefined}
      className={`min-h-8 px-1 text-lg ${grey ? 'text-temple-dark' : 'text-ink-soft'}`}
    >
      {text}
    </p>
  );
}
