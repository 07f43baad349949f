import { TEMPLE_TIME_ZONE } from '@contract/temple-day';
import { type CalendarDate, fromAbsolute, parseDate, toCalendarDate } from '@internationalized/date';
import { useEffect, useEffectEvent, useState } from 'react';
import {
  Button as AriaButton,
  Calendar,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  Heading,
} from 'react-aria-components';
import { Button } from '../../components/ui/button';
import { focusRing } from '../../components/ui/focus-ring';
import { useNow } from '../use-now';
import { DayReason, useExplainedDay } from './day-reason';
import { LUNAR_MAX_YEAR, LUNAR_MIN_YEAR } from './lunar';
import { LunarDayCell } from './lunar-day-cell';
import { SlotPicker } from './slot-picker';

/** One slot of a date: its label (e.g. 上午) and the sessions left. */
export interface LunarCalendarSlot {
  date: string;
  time: string;
  remaining: number;
}

export interface LunarCalendarProps {
  /** The chosen date, 'YYYY-MM-DD'. */
  value?: string | null;
  /** Called with the chosen date, 'YYYY-MM-DD'. */
  onChange?: (date: string) => void;
  /**
   * Called with the first day of the shown month ('YYYY-MM-01') when it is first shown and each
   * time another month is shown (paging, the selects, 回到今天, the keyboard, a new `value`).
   */
  onMonthChange?: (firstDay: string) => void;
  /** The caller's rules for days that cannot be chosen (000 section 9 lives in the contract). */
  isDateDisabled?: (date: string) => boolean;
  /** Why a day cannot be chosen, spoken with it instead of 不可选 (e.g. 农历初一、十五不接受预约). */
  disabledReason?: (date: string) => string | null;
  /** DATE_STR → TIME_MAP (slot label → sessions left); DATE_STR may drop leading zeros. */
  slots?: Record<string, Record<string, number>>;
  /** The chosen slot's label: given, the caller holds it (null for none); left out, the calendar does. */
  slot?: string | null;
  /** Called when a slot with sessions left is picked. */
  onSlot?: (slot: LunarCalendarSlot) => void;
  /** The calendar's accessible name. */
  label?: string;
  /** The zone whose date is "today" (the temple's). */
  timeZone?: string;
}

const MIN = parseDate(`${LUNAR_MIN_YEAR}-01-01`);
const MAX = parseDate(`${LUNAR_MAX_YEAR}-12-31`);
const YEARS = Array.from({ length: LUNAR_MAX_YEAR - LUNAR_MIN_YEAR + 1 }, (_, at) => LUNAR_MIN_YEAR + at);
const MONTHS = Array.from({ length: 12 }, (_, at) => at + 1);

const clamp = (date: CalendarDate) => (date.compare(MIN) < 0 ? MIN : date.compare(MAX) > 0 ? MAX : date);
const safeParse = (date: string | null | undefined) => {
  if (!date) return null;
  try {
    return clamp(parseDate(date));
  } catch {
    return null;
  }
};
/** '2026-03-05' and '2026-3-5' both name the same calendar-data entry. */
const unpadded = (date: string) => date.replace(/-0(\d)/g, '-$1');

const navButton =
  'inline-flex min-h-12 min-w-12 cursor-pointer items-center justify-center rounded-md border-2 border-temple bg-white px-3 text-lg text-temple sm:px-4 data-[hovered]:bg-paper-deep data-[disabled]:cursor-not-allowed data-[disabled]:border-ink-faint data-[disabled]:text-ink-faint data-[disabled]:opacity-60';
const selectClass = `min-h-12 rounded-md border-2 border-ink-faint bg-white px-3 text-lg text-ink focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-gold/60`;

/**
 * A month of solar dates with the lunar day under each, Monday first, for 1900 to 2100. Keyboard:
 * arrows move a day or a week, PageUp/PageDown a month, Home/End the week's ends.
 */
export function LunarCalendar({
  value,
  onChange,
  onMonthChange,
  isDateDisabled,
  disabledReason,
  slots,
  slot,
  onSlot,
  label = '选择日期',
  timeZone = TEMPLE_TIME_ZONE,
}: LunarCalendarProps) {
  const now = useNow(5000);
  const today = toCalendarDate(fromAbsolute(now.getTime(), timeZone));
  const [ownValue, setOwnValue] = useState<CalendarDate | null>(() => safeParse(value));
  const selected = value === undefined ? ownValue : safeParse(value);
  const [focused, setFocused] = useState<CalendarDate>(() => selected ?? clamp(today));
  const [ownSlot, setOwnSlot] = useState<string | null>(null);
  const chosenSlot = slot === undefined ? ownSlot : slot;
  // A value given from outside (restored, reset) shows its month; the believer's own paging is
  // left alone while the value stays the same. Adjusted during render, not in an effect.
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    setOwnSlot(null);
    const next = safeParse(value);
    if (next) setFocused(next);
  }
  // The caller learns which month is shown, so it can fetch that month's data.
  const shownMonth = focused.set({ day: 1 }).toString();
  const tellMonth = useEffectEvent((firstDay: string) => onMonthChange?.(firstDay));
  useEffect(() => {
    tellMonth(shownMonth);
  }, [shownMonth]);

  const choose = (date: CalendarDate) => {
    setOwnValue(date);
    setOwnSlot(null);
    onChange?.(date.toString());
  };
  const showMonth = (year: number, month: number) => setFocused(clamp(focused.set({ year, month })));

  // The grey day whose reason the line under the month gives (pointed at, focused, clicked).
  const explained = useExplainedDay(shownMonth);

  const chosen = selected?.toString();
  const timeMap = chosen ? (slots?.[chosen] ?? slots?.[unpadded(chosen)]) : undefined;

  return (
    <div className="flex flex-col gap-4 text-ink">
      <Calendar
        aria-label={label}
        value={selected}
        onChange={choose}
        focusedValue={focused}
        onFocusChange={setFocused}
        minValue={MIN}
        maxValue={MAX}
        firstDayOfWeek="mon"
        isDateUnavailable={isDateDisabled ? (date) => isDateDisabled(date.toString()) : undefined}
        // On a phone the calendar takes the screen's whole width (the page's and the form's
        // margins given back), so a day is a thumb wide: 44 px and more from a 330 px screen.
        className="flex flex-col gap-3 rounded-lg border border-gold-light bg-paper p-2 max-sm:mx-[calc(50%-50vw)] max-sm:rounded-none max-sm:border-x-0 max-sm:px-1 sm:p-5"
      >
        {/* On a phone the month has a line of its own, over the two buttons (beside them, 长辈版 broke it in three). */}
        <header className="grid grid-cols-2 items-center gap-2 sm:grid-cols-[auto_1fr_auto]">
          <AriaButton slot="previous" aria-label="上个月" className={`${navButton} ${focusRing}`}>
            ‹ 上个月
          </AriaButton>
          <Heading className="col-span-2 row-start-1 text-center font-serif text-xl text-temple-dark sm:col-span-1 sm:row-start-auto sm:text-2xl" />
          <AriaButton
            slot="next"
            aria-label="下个月"
            className={`${navButton} ${focusRing} justify-self-end`}
          >
            下个月 ›
          </AriaButton>
        </header>
        <div className="flex flex-wrap items-center justify-center gap-3">
          <label className="flex items-center gap-2 text-lg">
            <span>年份</span>
            <select
              className={selectClass}
              value={focused.year}
              onChange={(event) => showMonth(Number(event.target.value), focused.month)}
            >
              {YEARS.map((year) => (
                <option key={year} value={year}>
                  {year}年
                </option>
              ))}
            </select>
          </label>
          <label className="flex items-center gap-2 text-lg">
            <span>月份</span>
            <select
              className={selectClass}
              value={focused.month}
              onChange={(event) => showMonth(focused.year, Number(event.target.value))}
            >
              {MONTHS.map((month) => (
                <option key={month} value={month}>
                  {month}月
                </option>
              ))}
            </select>
          </label>
          <Button slot={null} tone="secondary" onPress={() => setFocused(clamp(today))}>
            回到今天
          </Button>
        </div>
        <div ref={explained.grid}>
          <CalendarGrid weekdayStyle="short" className="w-full table-fixed border-separate border-spacing-1">
            <CalendarGridHeader>
              {(day) => (
                <CalendarHeaderCell className="pb-1 text-center text-base font-medium text-ink-soft">
                  {day}
                </CalendarHeaderCell>
              )}
            </CalendarGridHeader>
            <CalendarGridBody>
              {(date) => (
                <LunarDayCell
                  date={date}
                  isToday={date.compare(today) === 0}
                  disabledReason={disabledReason}
                  onPoint={explained.point}
                  onTouch={explained.touch}
                />
              )}
            </CalendarGridBody>
          </CalendarGrid>
        </div>
        {isDateDisabled ? (
          <DayReason date={explained.day} isDateDisabled={isDateDisabled} disabledReason={disabledReason} />
        ) : null}
      </Calendar>
      {selected && slots ? (
        <SlotPicker
          date={selected}
          timeMap={timeMap}
          chosen={chosenSlot}
          onPick={(time, remaining) => {
            setOwnSlot(time);
            onSlot?.({ date: selected.toString(), time, remaining });
          }}
        />
      ) : null}
    </div>
  );
}
