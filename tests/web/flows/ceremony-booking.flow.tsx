import {
  addDaysYmd,
  bookingRefusal,
  type CalendarData,
  type CalendarDay,
  CEREMONY_MESSAGES,
  CEREMONY_NOTICES,
  daysBetween,
  defaultCalendarRange,
  toDateStr,
} from '@contract/ceremony';
import { IDEMPOTENCY_HEADER } from '@contract/payment';
import { modelCeremony } from '@machines/index';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { sessionStore } from '@web/api/session';
import { expect, vi } from 'vitest';
import { type FakeRoute, fakeApi, heldCalls, portalOk } from '../../support/fake-api';
import { expectAt, renderApp } from '../../support/render-app';
import { session } from '../../support/statecharts/fixtures/auth-dialog';
import { CEREMONY_DATE, ceremonyPrePay } from '../../support/statecharts/fixtures/ceremony-booking';
import { settle, type ViewAdapter } from '../../support/statecharts/run-on-view';
import { endCheckout, PAY_DIALOG } from './checkout-gestures';
import { closeLogin, expectLoginAsked, logIn } from './ordering-gestures';

export const CEREMONY_ORDER_PATH = '/portal/rs/payapi/v1/pay/prePay';
export const CEREMONY_CALENDAR_PATH = '/portal/rs/buddhism-api/v1/buddhism/getCalendarIntervalDataList';
export const ceremonyHash = `#/ceremonyDetail?id=${modelCeremony.FS_TYPE}`;
/**
 * 10:00 in the temple on 2026-12-01: the calendar opens on the model date's month (paging to it
 * would cost every path a second). The fake server, not the 7-day rule, decides what is bookable.
 */
export const CEREMONY_NOW = new Date('2026-12-01T02:00:00Z');
const TODAY = '2026-12-01';
export const [SLOT = '', OTHER_SLOT = ''] = modelCeremony.SLOTS;
/** Sessions left in each of the model's slots on a bookable day. */
export const SESSIONS = { [SLOT]: 2, [OTHER_SLOT]: 1 };

/**
 * The calendar of the asked range: the model date and the days next to it bookable with the
 * model's slots, every other day refused with the reason the server would give.
 */
export const ceremonyCalendar: FakeRoute = ({ url }) => {
  const asked = url.searchParams.get('startDate');
  const range = asked
    ? { startDate: asked, endDate: url.searchParams.get('endDate') ?? asked }
    : defaultCalendarRange(TODAY);
  const days: CalendarDay[] = [];
  for (let ymd = range.startDate; ymd <= range.endDate; ymd = addDaysYmd(ymd, 1)) {
    const near = Math.abs(daysBetween(CEREMONY_DATE, ymd)) <= 2;
    days.push({
      DATE_STR: toDateStr(ymd),
      TIME_MAP: near ? SESSIONS : {},
      BOOKABLE: near,
      REFUSAL: near
        ? null
        : (bookingRefusal(ymd, TODAY, { lunarFirstOrFifteenth: false, hasAssembly: false }) ??
          CEREMONY_MESSAGES.assemblyDay),
    });
  }
  const data: CalendarData = { ...range, fsDataCcList: days, jrDataList: [], hoeDataList: [] };
  return portalOk(data);
};

/** 2026年12月8日: how a calendar cell's name starts. */
const cellName = (ymd: string) => {
  const [y, m, d] = ymd.split('-').map(Number);
  return new RegExp(`^${y}年${m}月${d}日 `);
};

// Queries stay within the part of the page they concern: after each render jsdom computes the
// style of every element a whole-page query names (the calendar alone has 42 day buttons), about
// a tenth of a second a query; within a part, a few elements.

/** A part of the booking form (its data-field): a choice's radio group, the calendar and its slots. */
export const bookingField = (name: 'tabletType' | 'tier' | 'time') => {
  const part = document.querySelector<HTMLElement>(`[data-field="${name}"]`);
  if (!part) throw new Error(`no ${name} field on the page`);
  return part;
};

/** 提交 (hidden: also while a dialog hides the page), in the form's last row with the price. */
export const submitButton = ({ hidden = false } = {}) => {
  const footer = document.querySelector<HTMLElement>('section[aria-label="预约佛事"] > :last-child');
  if (!footer) throw new Error('no booking form on the page');
  return within(footer).getByRole('button', { name: '提交', hidden });
};

/** The calendar's button of a day ('2026-12-08'), named 2026年12月8日 …, found within its grid cell. */
export const dayButton = (date: string) => {
  const cell = document.querySelector(`[data-date="${date}"]`)?.closest<HTMLElement>('[role="gridcell"]');
  if (!cell) throw new Error(`no cell of ${date} in the calendar`);
  return within(cell).getByRole('button', { name: cellName(date) });
};

/** Waits for the lazy calendar and its data (the model date bookable). */
export const waitForCalendar = async () => {
  await vi.waitFor(
    () => expect(dayButton(CEREMONY_DATE)).not.toHaveAttribute('aria-disabled', 'true'),
    // The calendar's chunk (lunar-javascript) loads on first show: slow on a busy machine.
    { timeout: 15_000 },
  );
};

/** Picks a date in the shown month and, when given, one of its slots (in the date's group of slots). */
export const pickTime = async (user: UserEvent, date: string, slot?: string) => {
  await user.click(dayButton(date));
  if (!slot) return;
  const [y, m, d] = date.split('-').map(Number);
  const slots = within(bookingField('time')).getByRole('group', { name: `${y}年${m}月${d}日 可选时段` });
  await user.click(within(slots).getByRole('button', { name: new RegExp(`^${slot} 剩`) }));
};

/** The form fields a message may sit beside, with their radio groups' names. */
const GROUPS = [
  ['tabletType', '牌位类型'],
  ['tier', '数量'],
] as const;

/**
 * The booking page of the model ceremony (往生普佛 · 往生莲位 · 一堂 ¥3,800, two slots) in the
 * whole app, with the calendar showing the model date's month; orders, status queries and logins
 * are held until the path answers them.
 */
export const ceremonyBookingView: ViewAdapter = async () => {
  vi.setSystemTime(CEREMONY_NOW);
  const orders = heldCalls();
  const queries = heldCalls();
  const logins = heldCalls();
  const api = fakeApi({
    'GET /portal/rs/fsapi/selectByFsType': () => portalOk(modelCeremony),
    [`GET ${CEREMONY_CALENDAR_PATH}`]: ceremonyCalendar,
    [`POST ${CEREMONY_ORDER_PATH}`]: orders.next,
    'POST /portal/rs/payapi/v1/pay/payResult': queries.next,
    'POST /api/login/mobile': logins.next,
  });
  sessionStore.save(session);
  const app = renderApp(ceremonyHash);
  await vi.waitFor(() => submitButton(), { timeout: 5000 });
  const { user } = app;
  await waitForCalendar();
  const dialog = (name: string | RegExp) => screen.getByRole('dialog', { name });
  const open = (name: string | RegExp) => screen.queryByRole('dialog', { name });
  const radio = (field: 'tabletType' | 'tier', name: RegExp) =>
    user.click(within(bookingField(field)).getByRole('radio', { name }));
  const orderCalls = () => api.calls.filter((c) => c.path === CEREMONY_ORDER_PATH);
  const calendarCalls = () => api.calls.filter((c) => c.path === CEREMONY_CALENDAR_PATH).length;
  /** The sessions left may have changed: the calendar is asked again. */
  const expectCalendarAgain = async (before: number) =>
    vi.waitFor(() => expect(calendarCalls()).toBeGreaterThan(before));
  // What the believer has chosen on the screen (the view keeps it; the machine sees it on 提交).
  let tierChosen = false;
  let timeChosen = false;
  let confirms = 0;
  return {
    async exec(event, before) {
      switch (event.type) {
        case 'order.submit': {
          await radio('tabletType', /^往生莲位/);
          if (event.form.tier) {
            await radio('tier', /^一堂/);
            tierChosen = true;
          } else if (tierChosen) throw new Error('the page cannot unchoose a tier: start on a fresh page');
          if (event.form.time) {
            await pickTime(user, CEREMONY_DATE, event.form.time);
            timeChosen = true;
          } else if (timeChosen) {
            // Another date empties the slot.
            await pickTime(user, addDaysYmd(CEREMONY_DATE, 1));
            timeChosen = false;
          }
          if (event.mobile) sessionStore.save(session);
          else sessionStore.clear();
          await user.click(submitButton());
          break;
        }
        case 'form.edit':
          // The field the model names is the time: choosing one (a date and its slot) fixes it.
          await pickTime(user, CEREMONY_DATE, SLOT);
          timeChosen = true;
          break;
        case 'xstate.done.actor.awaitLogin':
          await logIn(user, logins, event.output);
          break;
        case 'xstate.error.actor.awaitLogin':
          await closeLogin(user);
          break;
        case 'notice.confirm':
          await user.click(within(dialog('温馨提示')).getByRole('button', { name: '确定' }));
          break;
        case 'notice.cancel':
          await user.click(within(dialog('温馨提示')).getByRole('button', { name: '取消' }));
          break;
        case 'agreement.set': {
          const box = within(dialog('订单确认')).getByRole('checkbox', { name: /我已阅读并同意/ });
          // Setting what is already set still clears the last message: the believer ticks it off and on.
          if (before.context.agreed === event.agreed) await user.click(box);
          await user.click(box);
          break;
        }
        case 'cause.change': {
          const box = within(dialog('订单确认')).getByRole('textbox', { name: /缘由/ });
          // Writing what is already there still clears the last message: a character typed and taken back.
          if (before.context.cause === event.cause) await user.type(box, '愿{Backspace}');
          else {
            await user.clear(box);
            if (event.cause) await user.type(box, event.cause);
          }
          break;
        }
        case 'xstate.snapshot.entries':
          // The editor lives under the order dialog; while the reservation is shown it stays
          // closed and the child's snapshot (the same entries) changes nothing the believer sees.
          if (!before.matches('ordering.confirming')) break;
          if (before.context.entries.length === 0) {
            await user.click(within(dialog('订单确认')).getByRole('button', { name: '添加' }));
            const entry = dialog(/往生牌位$/);
            const seats = within(entry).getByRole('group', { name: '往生牌位一' });
            const seat = within(seats).getByRole('combobox', { name: '牌位类型' });
            await user.selectOptions(seat, '十方法界一切众生');
            await user.type(within(entry).getByRole('textbox', { name: '阳上人一' }), '张小明');
          } else await user.click(within(dialog('订单确认')).getByRole('button', { name: '编辑第1条' }));
          await user.click(within(dialog(/往生牌位$/)).getByRole('button', { name: '确定' }));
          break;
        case 'order.confirm':
          await user.click(within(dialog('订单确认')).getByRole('button', { name: '确定' }));
          break;
        case 'order.cancel':
          await user.click(within(dialog('订单确认')).getByRole('button', { name: '取消' }));
          break;
        case 'reservation.confirm':
          confirms += 1;
          await user.click(within(dialog('预约须知')).getByRole('button', { name: '确定，支付定金' }));
          break;
        case 'reservation.cancel':
          await user.click(within(dialog('预约须知')).getByRole('button', { name: '取消' }));
          break;
        default: {
          // A refusal and a QR closed unpaid ask the calendar again.
          const asked = calendarCalls();
          await endCheckout(event.output, { orders, queries, user, prePay: ceremonyPrePay });
          if (event.output.outcome !== 'paid') {
            await settle(10);
            await expectCalendarAgain(asked);
          }
        }
      }
      await settle(10);
    },
    async check(snapshot) {
      const { context } = snapshot;
      if (snapshot.matches('editing')) {
        for (const name of ['温馨提示', '订单确认', '预约须知', PAY_DIALOG, '验证码登录'])
          expect(open(name)).not.toBeInTheDocument();
        expect(submitButton()).toBeEnabled();
        for (const [field, label] of GROUPS) {
          const group = screen.queryByRole('radiogroup', { name: label });
          const message = context.errors[field];
          if (message) expect(group).toHaveTextContent(message);
          else if (group) expect(group).not.toHaveAttribute('aria-invalid', 'true');
        }
        // 请选择时间 is an alert under the calendar, in the same block as its grid.
        const timeAlerts = screen
          .queryAllByRole('alert')
          .filter((a) => a.textContent === CEREMONY_MESSAGES.chooseTime);
        if (context.errors.time) {
          expect(timeAlerts).toHaveLength(1);
          expect(timeAlerts[0]?.parentElement).toContainElement(screen.getByRole('grid'));
        } else expect(timeAlerts).toHaveLength(0);
      } else expect(submitButton({ hidden: true })).toBeDisabled();
      if (snapshot.matches('awaitingLogin')) expectLoginAsked(CEREMONY_MESSAGES.loginFirst);
      if (snapshot.matches('notice')) {
        expect(dialog('温馨提示')).toHaveTextContent(CEREMONY_NOTICES.hint);
        expect(open('订单确认')).not.toBeInTheDocument();
      }
      if (snapshot.matches('ordering.confirming')) {
        const order = dialog('订单确认');
        expect(order).toHaveTextContent(modelCeremony.FS_NAME);
        expect(order).toHaveTextContent(`${CEREMONY_DATE} ${SLOT}`);
        expect(within(order).getByRole('checkbox', { name: /我已阅读并同意/ })).toHaveProperty(
          'checked',
          context.agreed,
        );
        expect(within(order).getByRole('textbox', { name: /缘由/ })).toHaveValue(context.cause);
        expect(within(order).queryAllByRole('button', { name: /^编辑第/ })).toHaveLength(
          context.entries.length,
        );
        expect(within(order).queryAllByRole('img', { name: /^往生牌位：/ })).toHaveLength(
          context.entries.length,
        );
        const alert = within(order).queryByRole('alert');
        if (context.orderError) expect(alert).toHaveTextContent(context.orderError);
        else expect(alert).not.toBeInTheDocument();
        expect(open('预约须知')).not.toBeInTheDocument();
      }
      if (snapshot.matches('ordering.reserving')) {
        const reservation = dialog('预约须知');
        expect(reservation).toHaveTextContent(CEREMONY_NOTICES.reservation);
        expect(within(reservation).getByRole('button', { name: '确定，支付定金' })).toBeEnabled();
        expect(open('订单确认')).not.toBeInTheDocument();
      }
      if (snapshot.matches('ordering.checkingOut')) {
        // The checkout is making the order: 预约须知 stays, its confirm 请稍候…, not cancellable.
        const reservation = dialog('预约须知');
        expect(within(reservation).getByRole('button', { name: '请稍候…' })).toBeInTheDocument();
        expect(within(reservation).getByRole('button', { name: '取消' })).toBeDisabled();
        const sent = orderCalls().at(-1);
        expect(sent?.headers.get(IDEMPOTENCY_HEADER)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
        expect(sent?.body).toMatchObject({
          FS_DATE: CEREMONY_DATE,
          FS_TIME: SLOT,
          MANY: '一堂',
          FS_CONTENT: '往生莲位',
          FS_CAUSE: context.cause,
          MOBILE: context.mobile,
        });
      }
      // An order is asked for only by a confirmed reservation, once each.
      expect(orderCalls()).toHaveLength(confirms);
      if (snapshot.matches('paid'))
        await vi.waitFor(() => expectAt(`/success?no=${ceremonyPrePay.out_trade_no}`));
    },
    unmount: app.unmount,
  };
};
