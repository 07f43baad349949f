import { isCalendarDate } from '@contract/ceremony';
import { CLOSED_DAY_MESSAGES, closedDaySchema } from '@contract/closed-days';
import { consoleApi } from '@contract/console';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../app-env';
import { body, ok, param } from '../../http';
import { createClosedDaysDesk } from '../../services/staff/closed-days-desk';
import type { ConsoleDeps } from './deps';
import { allow } from './require-staff';

const dayParam = v.pipe(
  v.string(CLOSED_DAY_MESSAGES.dayInvalid),
  v.check(isCalendarDate, CLOSED_DAY_MESSAGES.dayInvalid),
);

/** Days closed to ceremonies (佛事日历): 内容 staff. */
export const closedDayRoutes = ({ db, clock }: ConsoleDeps) => {
  const desk = createClosedDaysDesk({ db, clock });
  return new Hono<AppEnv>()
    .use(consoleApi.closedDays.path, allow('editContent'))
    .use(`${consoleApi.closedDays.path}/*`, allow('editContent'))
    .get(consoleApi.closedDays.path, async (c) => ok(c, await desk.list()))
    .post(consoleApi.closeDay.path, async (c) =>
      ok(c, await desk.close(await body(c, closedDaySchema), c.get('staff')), '已关闭该日'),
    )
    .post(consoleApi.reopenDay.path, async (c) => {
      await desk.reopen(param(c, 'day', dayParam), c.get('staff'));
      return ok(c, null, '已重新开放');
    });
};
