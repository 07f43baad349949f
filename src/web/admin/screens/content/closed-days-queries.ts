import { CLOSED_DAY_MESSAGES, type ClosedDay, closedDaySchema } from '@contract/closed-days';
import { consoleApi } from '@contract/console';
import { fieldMessages } from '@contract/envelope';
import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { consoleCall } from '../../api/console-client';

/** The days closed to ceremonies, from today on (the server's list, earliest first). */
export const closedDaysQuery = queryOptions({
  queryKey: ['console', 'closed-days'],
  queryFn: () => consoleCall(consoleApi.closedDays, { quiet: true }),
});

export const DAY_CLOSED = '已关闭该日，信众将看到关闭原因';

const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

/** `2026-12-24` as the temple reads it: 2026-12-24（周四）. A calendar day, so no time zone applies. */
export const dayLabel = (day: string) => {
  const weekday = WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()];
  return weekday ? `${day}（${weekday}）` : day;
};

export interface CloseDayValues {
  day: string;
  reason: string;
}

/** The contract's judgement of the form: a message per field, or the day to send (reason trimmed). */
export const judgeCloseDay = (
  values: CloseDayValues,
): { errors: Partial<Record<keyof CloseDayValues, string>>; closed: ClosedDay | null } => {
  const errors = fieldMessages(closedDaySchema, values) as Partial<Record<keyof CloseDayValues, string>>;
  const result = v.safeParse(closedDaySchema, values);
  return { errors, closed: result.success ? result.output : null };
};

const M = CLOSED_DAY_MESSAGES;
const DAY_REFUSALS: string[] = [M.dayInvalid, M.dayPast, M.alreadyClosed];
const REASON_REFUSALS: string[] = [M.reasonEmpty, M.reasonTooLong, M.reasonInvalid];

/** Which field a refusal of the server belongs beside, if any (otherwise it is a notice). */
export const refusalField = (message: string): keyof CloseDayValues | null =>
  DAY_REFUSALS.includes(message) ? 'day' : REASON_REFUSALS.includes(message) ? 'reason' : null;
