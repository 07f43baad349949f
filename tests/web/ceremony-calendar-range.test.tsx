import { calendarRangeRequest } from '@contract/ceremony';
import { modelCeremony } from '@machines/index';
import { screen } from '@testing-library/react';
import { sessionStore } from '@web/api/session';
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, portalOk, refused } from '../support/fake-api';
import { renderApp } from '../support/render-app';
import { session } from '../support/statecharts/fixtures/auth-dialog';
import {
  CEREMONY_CALENDAR_PATH,
  CEREMONY_NOW,
  ceremonyCalendar,
  ceremonyHash,
  waitForCalendar,
} from './flows/ceremony-booking.flow';

/** The calendar call as the server judges it: a range it refuses is a 400 (日历数据加载失败 on the page). */
const openBookingPage = async () => {
  vi.setSystemTime(CEREMONY_NOW);
  const asked: { startDate: string | null; endDate: string | null }[] = [];
  fakeApi({
    'GET /portal/rs/fsapi/selectByFsType': () => portalOk(modelCeremony),
    [`GET ${CEREMONY_CALENDAR_PATH}`]: (request) => {
      const range = {
        startDate: request.url.searchParams.get('startDate'),
        endDate: request.url.searchParams.get('endDate'),
      };
      asked.push(range);
      const judged = v.safeParse(calendarRangeRequest, range);
      return judged.success ? ceremonyCalendar(request) : refused(400, judged.issues[0].message);
    },
  });
  sessionStore.save(session);
  const app = renderApp(ceremonyHash);
  await waitForCalendar();
  return { ...app, asked };
};

describe('the booking calendar at the ends of the lunar years (1900 and 2100)', () => {
  afterEach(() => vi.useRealTimers());

  it.each([
    ['1900', '1', '1900-01-01', /^1900年1月1日 /],
    ['2100', '12', '2100-12-31', /^2100年12月31日 /],
  ])(
    '%s年%s月: the month is asked within the years the calendar call takes, and its days are grey with their reason',
    async (year, month, edge, cell) => {
      const { user, asked } = await openBookingPage();
      await user.selectOptions(screen.getByRole('combobox', { name: '年份' }), year);
      await user.selectOptions(screen.getByRole('combobox', { name: '月份' }), month);
      await vi.waitFor(() =>
        expect(asked.at(-1)?.startDate?.slice(0, 4)).toBe(year === '1900' ? '1900' : '2100'),
      );
      const last = asked.at(-1);
      expect(v.safeParse(calendarRangeRequest, last).success).toBe(true);
      expect(last?.startDate === edge || last?.endDate === edge).toBe(true);
      // The server's reason for the day (too soon / beyond the horizon), not 正在加载 or 不可选.
      await vi.waitFor(() =>
        expect(screen.getByRole('button', { name: cell })).toHaveAccessibleName(/最早可预约|仅可预约/),
      );
      expect(screen.getByRole('button', { name: cell })).toHaveAttribute('aria-disabled', 'true');
      expect(screen.queryByText(/日历数据加载失败/)).not.toBeInTheDocument();
    },
    30_000,
  );
});
