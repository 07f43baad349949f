import * as v from 'valibot';
import { isCalendarDate } from './ceremony';
import { NO_CONTROL, noMarkup } from './wire';

/**
 * Days the temple closes to single-family ceremonies (issue 25, the ceremony calendar): 内容 staff
 * close a day with a reason in the console; believers see the day grey with that reason and the
 * server refuses a booking on it. Bookings already made that day are kept (the temple calls those
 * believers): closing a day changes no order.
 */
export const CLOSED_DAY_MESSAGES = {
  dayInvalid: '请选择正确的日期',
  dayPast: '只能关闭今天以后的日期',
  reasonEmpty: '请填写关闭原因',
  reasonTooLong: '关闭原因最多30个字',
  reasonInvalid: '关闭原因不能包含控制字符',
  reasonMarkup: '关闭原因不能包含尖括号 < >',
  alreadyClosed: '该日已关闭',
  notClosed: '该日未关闭',
} as const;

const M = CLOSED_DAY_MESSAGES;

export const closedDaySchema = v.object(
  {
    day: v.pipe(v.string(M.dayInvalid), v.check(isCalendarDate, M.dayInvalid)),
    reason: v.pipe(
      v.string(M.reasonEmpty),
      v.trim(),
      v.nonEmpty(M.reasonEmpty),
      v.maxLength(30, M.reasonTooLong),
      v.regex(NO_CONTROL, M.reasonInvalid),
      noMarkup(M.reasonMarkup),
    ),
  },
  M.dayInvalid,
);
export type ClosedDay = v.InferOutput<typeof closedDaySchema>;

export const closedDayRowSchema = v.object({
  day: v.string(),
  reason: v.string(),
  /** Bookings that still hold a session that day (the temple tells those believers itself). */
  bookings: v.number(),
});
export type ClosedDayRow = v.InferOutput<typeof closedDayRowSchema>;
