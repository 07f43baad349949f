import { lazy, Suspense } from 'react';
import type { LunarCalendarProps } from './lunar-calendar';

export type { LunarCalendarProps, LunarCalendarSlot } from './lunar-calendar';

// lunar-javascript weighs about 100 KB gzip: it loads only when a calendar is first shown.
const Lazy = lazy(() => import('./lunar-calendar').then((module) => ({ default: module.LunarCalendar })));

/** The lunar calendar, loaded on first show (see lunar-calendar.tsx for the props). */
export function LunarCalendar(props: LunarCalendarProps) {
  return (
    <Suspense
      fallback={
        <p role="status" className="min-h-96 p-6 text-lg text-ink-soft">
          正在加载日历…
        </p>
      }
    >
      <Lazy {...props} />
    </Suspense>
  );
}
