import { addDaysYmd, ceremonyApi, closedDayRefusal } from '@contract/ceremony';
import { type ClosedDayRow, CLOSED_DAY_MESSAGES as M } from '@contract/closed-days';
import { templeToday } from '@contract/temple-day';
import { sampleCeremonyOrder } from '@tests/support/order-requests';
import { consoleCall, signedInStaff, type TestStaff } from '@tests/support/staff';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 25, the ceremony calendar: 内容 staff close a day with a reason; believers see it grey with
 * that reason and cannot book it; bookings already made that day stay, counted for the temple.
 */
const SLOT = '13:30-15:00';
const ymdOf = (dateStr: string) =>
  dateStr
    .split('-')
    .map((p, k) => (k === 0 ? p : p.padStart(2, '0')))
    .join('-');

describe.each(databaseKinds())('days closed to ceremonies (%s)', (kind) => {
  const t = useTestApp(kind);
  let editor: TestStaff;
  let token = '';
  let bookable: string[] = [];
  const calendar = async (day: string) => {
    const res = await t.call(
      'GET',
      `${ceremonyApi.calendar.path}?${new URLSearchParams({ startDate: day, endDate: day })}`,
    );
    return v.parse(ceremonyApi.calendar.response, res.body).data.fsDataCcList[0];
  };
  const close = (day: string, reason: string, cookie = editor.cookie) =>
    consoleCall(t, 'POST', '/admin/api/closed-days', { cookie, body: { day, reason } });
  const reopen = (day: string) =>
    consoleCall(t, 'POST', `/admin/api/closed-days/${day}/reopen`, { cookie: editor.cookie });
  const book = (day: string) =>
    t.form(
      ceremonyApi.order.path,
      sampleCeremonyOrder({ FS_DATE: day, FS_TIME: SLOT, MOBILE: '13700009001' }),
      token,
    );

  beforeAll(async () => {
    editor = await signedInStaff(t, ['content'], 'calendar');
    token = await t.login('13700009001');
    const today = templeToday(t.clock.now());
    const res = await t.call(
      'GET',
      `${ceremonyApi.calendar.path}?${new URLSearchParams({ startDate: addDaysYmd(today, 9), endDate: addDaysYmd(today, 60) })}`,
    );
    bookable = v
      .parse(ceremonyApi.calendar.response, res.body)
      .data.fsDataCcList.filter((d) => d.BOOKABLE)
      .map((d) => ymdOf(d.DATE_STR));
    expect(bookable.length).toBeGreaterThan(4);
  });

  it('a closed day is grey with its reason in the calendar, refused to a booking, and open again once reopened', async () => {
    const day = bookable[0] ?? '';
    const closed = await close(day, ' 寺院举办内部活动 ');
    expect(closed.status, closed.body.msg).toBe(200);
    expect(closed.body.data).toEqual({ day, reason: '寺院举办内部活动', bookings: 0 });
    expect(await calendar(day)).toMatchObject({
      BOOKABLE: false,
      REFUSAL: closedDayRefusal('寺院举办内部活动'),
    });
    const refused = await book(day);
    expect([refused.status, refused.body.msg]).toEqual([400, closedDayRefusal('寺院举办内部活动')]);

    expect((await reopen(day)).status).toBe(200);
    expect(await calendar(day)).toMatchObject({ BOOKABLE: true, REFUSAL: null });
    expect((await book(day)).status).toBe(200);
    const audit = await t.database.db
      .selectFrom('staff_audit')
      .select(['action', 'username'])
      .where('subject', '=', `ceremony-day:${day}`)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'ceremonyDay.closed', username: editor.username },
      { action: 'ceremonyDay.reopened', username: editor.username },
    ]);
  });

  it('keeps the bookings already made that day, and counts them for the temple', async () => {
    const day = bookable[1] ?? '';
    expect((await book(day)).status).toBe(200);
    const closed = await close(day, '法务安排调整');
    expect((closed.body.data as ClosedDayRow).bookings).toBe(1);
    const list = await consoleCall(t, 'GET', '/admin/api/closed-days', { cookie: editor.cookie });
    expect(list.body.data).toContainEqual({ day, reason: '法务安排调整', bookings: 1 });
    const kept = await t.database.db
      .selectFrom('ceremony_orders')
      .innerJoin('orders', 'orders.id', 'ceremony_orders.order_id')
      .select('orders.state')
      .where('ceremony_orders.day', '=', day)
      .execute();
    expect(kept).toEqual([{ state: 0 }]);
  });

  it('refuses what cannot be closed or reopened, each in Chinese', async () => {
    const today = templeToday(t.clock.now());
    const day = bookable[2] ?? '';
    expect((await close(day, '第一次')).status).toBe(200);
    const cases: [string, unknown, string][] = [
      [today, '今日', M.dayPast],
      [addDaysYmd(today, -3), '已过', M.dayPast],
      ['2026-02-30', '没有这天', M.dayInvalid],
      [day, '第二次', M.alreadyClosed],
      [bookable[3] ?? '', '', M.reasonEmpty],
      [bookable[3] ?? '', '因'.repeat(31), M.reasonTooLong],
      [bookable[3] ?? '', 'a\u0001b', M.reasonInvalid],
      [bookable[3] ?? '', '<b>法务</b>', M.reasonMarkup],
    ];
    for (const [when, reason, message] of cases) {
      const res = await close(when, reason as string);
      expect([res.status, res.body.msg], `${when} ${reason}`).toEqual([
        message === M.alreadyClosed ? 409 : 400,
        message,
      ]);
    }
    const notClosed = await reopen(bookable[3] ?? '');
    expect([notClosed.status, notClosed.body.msg]).toEqual([409, M.notClosed]);
    const badDay = await reopen('2026-13-01');
    expect([badDay.status, badDay.body.msg]).toEqual([400, M.dayInvalid]);
  });
});
