import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LunarCalendar as LazyLunarCalendar } from '@web/shared/lunar-calendar';
import { LunarCalendar, type LunarCalendarProps } from '@web/shared/lunar-calendar/lunar-calendar';
import { Solar } from 'lunar-javascript';
import { I18nProvider } from 'react-aria-components';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const show = (props: LunarCalendarProps = {}, locale = 'zh-CN') => {
  render(
    <I18nProvider locale={locale}>
      <LunarCalendar {...props} />
    </I18nProvider>,
  );
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
};
/** The calendar with a `rerender` that passes new props, as a controlling caller would. */
const showControlled = (props: LunarCalendarProps) => {
  const wrap = (next: LunarCalendarProps) => (
    <I18nProvider locale="zh-CN">
      <LunarCalendar {...next} />
    </I18nProvider>
  );
  const view = render(wrap(props));
  return {
    rerender: (next: LunarCalendarProps) => view.rerender(wrap(next)),
    user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }),
  };
};
// Queries stay within the part of the calendar they concern: after each render jsdom computes the
// style of every element a whole-calendar query names (42 days), a tenth of a second a query.

/**
 * The cell of a day of the shown month, by its accessible name (solar date, weekday, lunar text),
 * looked for within the grid cell of the date the name starts with.
 */
const day = (name: RegExp) => {
  const [, y = '', m = '', d = ''] = /^\^?(\d{4})年(\d{1,2})月(\d{1,2})日/.exec(name.source) ?? [];
  const date = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const cell = document.querySelector(`[data-date="${date}"]`)?.closest<HTMLElement>('[role="gridcell"]');
  if (!cell) throw new Error(`no grid cell of ${date} for ${name}`);
  return within(cell).getByRole('button', { name });
};
/** 上个月 / 下个月, in the calendar's header. */
const paging = (name: RegExp) =>
  within(document.querySelector('header') as HTMLElement).getByRole('button', { name });
/** 回到今天, in the row of the year and month selects, under the header. */
const backToToday = () =>
  within(document.querySelector('header')?.nextElementSibling as HTMLElement).getByRole('button', {
    name: '回到今天',
  });
/** A slot's button, in the chosen day's group of slots. */
const slot = (name: string) =>
  within(screen.getByRole('group', { name: /可选时段$/ })).getByRole('button', { name });

describe('lunar calendar', () => {
  // 2026-02-10 in Shanghai: February 2026 holds 除夕 (16th), 春节 (17th) and 元宵节 (March 3rd).
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-02-10T10:00:00+08:00'), shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('starts the week on Monday: the header runs 一 to 日 and 2026-02-01 (a Sunday) ends the first row', () => {
    show();
    const headers = screen.getAllByRole('columnheader', { hidden: true }).map((header) => header.textContent);
    expect(headers).toHaveLength(7);
    expect(headers[0]).toMatch(/一/);
    expect(headers[6]).toMatch(/日/);
    const firstRow = day(/^2026年2月1日 星期日/).closest('tr') as HTMLElement;
    const cells = within(firstRow).getAllByRole('gridcell');
    expect(cells).toHaveLength(7);
    expect(cells[6]).toContainElement(day(/^2026年2月1日 星期日/));
    // The leading days of January are there (hidden) so that Monday leads the week.
    expect(cells[0]?.firstElementChild).toHaveAttribute(
      'aria-label',
      expect.stringMatching(/^2026年1月26日 星期一/),
    );
  });

  it('keeps Monday first where the locale starts the week on Sunday (en-US)', () => {
    show({}, 'en-US');
    const firstRow = day(/^2026年2月1日 星期日/).closest('tr') as HTMLElement;
    expect(within(firstRow).getAllByRole('gridcell').at(-1)).toContainElement(day(/^2026年2月1日 星期日/));
  });

  it('shows the lunar text under each date, as lunar-javascript reckons it', () => {
    show();
    expect(day(/^2026年2月17日 星期二 春节$/)).toBeInTheDocument();
    expect(day(/^2026年2月16日 星期一 除夕$/)).toBeInTheDocument();
    for (const date of [3, 9, 25]) {
      const lunar = Solar.fromYmd(2026, 2, date).getLunar();
      const expected = lunar.getFestivals()[0] || lunar.getJieQi() || lunar.getDayInChinese();
      expect(day(new RegExp(`^2026年2月${date}日 星期. ${expected}$`))).toBeInTheDocument();
    }
  });

  it('shows the leap month name on its first day (2025-07-25: 闰六月)', () => {
    expect(Solar.fromYmd(2025, 7, 25).getLunar().getMonth()).toBe(-6);
    show({ value: '2025-07-10' });
    expect(day(/^2025年7月25日 星期五 闰六月$/)).toBeInTheDocument();
  });

  it('marks today, and the marker moves at midnight within 5 s', async () => {
    vi.useRealTimers();
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-02-10T23:59:58+08:00'));
    show();
    expect(day(/^2026年2月10日 星期二 今天/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^2026年2月11日 星期三 今天/ })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(day(/^2026年2月11日 星期三 今天/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^2026年2月10日 星期二 今天/ })).not.toBeInTheDocument();
  });

  it('stops at January 1900 and December 2100', async () => {
    const user = show({ value: '1900-01-15' });
    expect(screen.getByRole('heading', { name: /1900年1月/ })).toBeInTheDocument();
    expect(paging(/上个月/)).toBeDisabled();
    expect(paging(/下个月/)).toBeEnabled();
    await user.selectOptions(screen.getByRole('combobox', { name: '年份' }), '2100');
    await user.selectOptions(screen.getByRole('combobox', { name: '月份' }), '12');
    expect(screen.getByRole('heading', { name: /2100年12月/ })).toBeInTheDocument();
    expect(paging(/下个月/)).toBeDisabled();
    expect(paging(/上个月/)).toBeEnabled();
    const years = within(screen.getByRole('combobox', { name: '年份' })).getAllByRole('option');
    expect([years[0]?.textContent, years.at(-1)?.textContent, years.length]).toEqual([
      '1900年',
      '2100年',
      201,
    ]);
  });

  it('moves by month, and 回到今天 comes back', async () => {
    const user = show();
    await user.click(paging(/下个月/));
    expect(screen.getByRole('heading', { name: /2026年3月/ })).toBeInTheDocument();
    await user.click(backToToday());
    expect(screen.getByRole('heading', { name: /2026年2月/ })).toBeInTheDocument();
  });

  it('honours isDateDisabled: the day is disabled and cannot be chosen', async () => {
    const onChange = vi.fn();
    const user = show({ onChange, isDateDisabled: (date) => date === '2026-02-20' });
    const disabled = day(/^2026年2月20日/);
    expect(disabled).toHaveAttribute('aria-disabled', 'true');
    expect(disabled).toHaveAccessibleName(/不可选/);
    await user.click(disabled);
    expect(onChange).not.toHaveBeenCalled();
    await user.click(day(/^2026年2月21日/));
    expect(onChange).toHaveBeenCalledWith('2026-02-21');
    expect(day(/^2026年2月21日/).closest('[role="gridcell"]')).toHaveAttribute('aria-selected', 'true');
  });

  it('speaks the caller’s reason for a disabled day instead of 不可选, and 不可选 when there is none', () => {
    show({
      isDateDisabled: (date) => ['2026-02-17', '2026-02-20', '2026-02-27'].includes(date),
      disabledReason: (date) =>
        date === '2026-02-17' ? '农历初一、十五不接受预约' : date === '2026-02-20' ? '' : null,
    });
    expect(day(/^2026年2月17日/)).toHaveAccessibleName('2026年2月17日 星期二 春节 农历初一、十五不接受预约');
    expect(day(/^2026年2月17日/)).toHaveAttribute('aria-disabled', 'true');
    expect(day(/^2026年2月20日/)).toHaveAccessibleName(/ 不可选$/);
    expect(day(/^2026年2月27日/)).toHaveAccessibleName(/ 不可选$/);
    // A reason is only spoken for a day that is unavailable.
    expect(day(/^2026年2月21日/)).not.toHaveAccessibleName(/不可选|不接受/);
  });

  it('says why a grey day cannot be chosen under the month: on hover, on keyboard focus and on a click', async () => {
    const user = show({
      isDateDisabled: (date) => ['2026-02-17', '2026-02-20'].includes(date),
      disabledReason: (date) => (date === '2026-02-17' ? '农历初一、十五不接受预约' : null),
    });
    /** The line under the month while it gives a grey day's reason (null while it only says how to ask). */
    const reason = () => document.querySelector('[data-day-reason]');
    expect(reason()).toBeNull();
    expect(screen.getByText(/把鼠标移到灰色日期上，或用方向键选中它/)).toBeVisible();
    // Hover: the reason while the pointer is there.
    await user.hover(day(/^2026年2月17日/));
    expect(reason()).toHaveTextContent('2月17日（春节）不可选：农历初一、十五不接受预约');
    expect(reason()).toBeVisible();
    await user.unhover(day(/^2026年2月17日/));
    expect(reason()).toBeNull();
    // Keyboard: the arrows onto a grey day (2026-02-16 is free, the 17th grey).
    await user.click(day(/^2026年2月16日/));
    expect(reason()).toBeNull();
    await user.keyboard('{ArrowRight}');
    expect(day(/^2026年2月17日/)).toHaveFocus();
    expect(reason()).toHaveTextContent('2月17日（春节）不可选：农历初一、十五不接受预约');
    // A click (or tap) on a grey day: its reason stays once the pointer has gone (不可选 without one).
    await user.click(day(/^2026年2月20日/));
    await user.unhover(day(/^2026年2月20日/));
    expect(reason()).toHaveTextContent(/^2月20日（.+）不可选：不可选$/);
  });

  it('keeps 不可选 when isDateDisabled comes without disabledReason', () => {
    show({ isDateDisabled: (date) => date === '2026-02-17' });
    expect(day(/^2026年2月17日/)).toHaveAccessibleName('2026年2月17日 星期二 春节 不可选');
  });

  it('shows the chosen day’s slots as 剩 N 场, a full one as 已满 and disabled, and emits the picked slot', async () => {
    const onSlot = vi.fn();
    const user = show({ slots: { '2026-2-21': { 上午: 2, 下午: 0 } }, onSlot });
    expect(screen.queryByRole('button', { name: /剩/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /可选时段/ })).not.toBeInTheDocument();
    await user.click(day(/^2026年2月21日/));
    const group = screen.getByRole('group', { name: '2026年2月21日 可选时段' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['上午 剩 2 场', '下午 已满']);
    expect(slot('上午 剩 2 场')).toBeEnabled();
    expect(slot('下午 已满')).toBeDisabled();
    await user.click(slot('下午 已满'));
    expect(onSlot).not.toHaveBeenCalled();
    await user.click(slot('上午 剩 2 场'));
    expect(onSlot).toHaveBeenCalledWith({ date: '2026-02-21', time: '上午', remaining: 2 });
    expect(slot('上午 剩 2 场')).toHaveAttribute('aria-pressed', 'true');
    await user.click(day(/^2026年2月22日/));
    expect(screen.getByText(/没有可预约的时段/)).toBeInTheDocument();
  });

  it('holds no slot of its own when `slot` is given: the caller’s slot is the pressed one', async () => {
    const onSlot = vi.fn();
    const props: LunarCalendarProps = {
      value: '2026-02-21',
      slots: { '2026-2-21': { 上午: 2, 下午: 1, 晚上: 0 } },
      onSlot,
    };
    const pressed = () =>
      within(screen.getByRole('group', { name: /可选时段$/ }))
        .getAllByRole('button', { name: /场|已满/ })
        .filter((button) => button.getAttribute('aria-pressed') === 'true')
        .map((button) => button.textContent);
    const { rerender, user } = showControlled({ ...props, slot: '上午' });
    expect(pressed()).toEqual(['上午 剩 2 场']);
    await user.click(slot('下午 剩 1 场'));
    expect(onSlot).toHaveBeenCalledWith({ date: '2026-02-21', time: '下午', remaining: 1 });
    // Not accepted by the caller yet: 上午 stays the chosen one.
    expect(pressed()).toEqual(['上午 剩 2 场']);
    rerender({ ...props, slot: '下午' });
    expect(pressed()).toEqual(['下午 剩 1 场']);
    rerender({ ...props, slot: null });
    expect(pressed()).toEqual([]);
    await user.click(slot('上午 剩 2 场'));
    expect(pressed()).toEqual([]);
    expect(onSlot).toHaveBeenLastCalledWith({ date: '2026-02-21', time: '上午', remaining: 2 });
  });

  it('shows the month of a value changed from outside, and leaves the believer’s paging alone otherwise', async () => {
    const onChange = vi.fn();
    const { rerender, user } = showControlled({ value: '2026-02-10', onChange });
    await user.click(paging(/下个月/));
    await user.click(paging(/下个月/));
    expect(screen.getByRole('heading', { name: /2026年4月/ })).toBeInTheDocument();
    // The same value again (any re-render of the caller) does not pull the month back.
    rerender({ value: '2026-02-10', onChange, label: '佛事日期' });
    expect(screen.getByRole('heading', { name: /2026年4月/ })).toBeInTheDocument();
    // A restored value moves to its month and shows it chosen.
    rerender({ value: '2026-07-15', onChange, label: '佛事日期' });
    expect(screen.getByRole('heading', { name: /2026年7月/ })).toBeInTheDocument();
    expect(day(/^2026年7月15日/).closest('[role="gridcell"]')).toHaveAttribute('aria-selected', 'true');
    // Cleared: nothing chosen, the month stays where it is.
    rerender({ value: null, onChange, label: '佛事日期' });
    expect(screen.getByRole('heading', { name: /2026年7月/ })).toBeInTheDocument();
    expect(day(/^2026年7月15日/).closest('[role="gridcell"]')).not.toHaveAttribute('aria-selected', 'true');
    // The believer's own choice in the shown month keeps the month.
    await user.click(day(/^2026年7月20日/));
    expect(onChange).toHaveBeenLastCalledWith('2026-07-20');
    rerender({ value: '2026-07-20', onChange, label: '佛事日期' });
    expect(screen.getByRole('heading', { name: /2026年7月/ })).toBeInTheDocument();
  });

  it('tells the caller each month shown: the first, paging, the selects, 回到今天, the keyboard, a new value', async () => {
    const onMonthChange = vi.fn();
    const { rerender, user } = showControlled({ value: null, onMonthChange });
    expect(onMonthChange.mock.calls).toEqual([['2026-02-01']]);
    await user.click(paging(/下个月/));
    expect(onMonthChange).toHaveBeenLastCalledWith('2026-03-01');
    await user.selectOptions(screen.getByRole('combobox', { name: '月份' }), '6');
    expect(onMonthChange).toHaveBeenLastCalledWith('2026-06-01');
    await user.click(backToToday());
    expect(onMonthChange).toHaveBeenLastCalledWith('2026-02-01');
    // Moving within the month tells nothing new; PageDown leaves it.
    await user.click(day(/^2026年2月20日/));
    const calls = onMonthChange.mock.calls.length;
    await user.keyboard('{ArrowRight}');
    expect(onMonthChange).toHaveBeenCalledTimes(calls);
    await user.keyboard('{PageDown}');
    expect(onMonthChange).toHaveBeenLastCalledWith('2026-03-01');
    rerender({ value: '2026-09-09', onMonthChange });
    expect(onMonthChange).toHaveBeenLastCalledWith('2026-09-01');
    expect(onMonthChange).toHaveBeenCalledTimes(calls + 2);
  });

  it('is keyboard operable: arrows move a day, PageDown a month, Home and End the first and last day', async () => {
    const onChange = vi.fn();
    const user = show({ value: '2026-02-10', onChange });
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toHaveAccessibleName(/^2026年2月10日/);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toHaveAccessibleName(/^2026年2月11日/);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveAccessibleName(/^2026年2月18日/);
    await user.keyboard('{PageDown}');
    expect(document.activeElement).toHaveAccessibleName(/^2026年3月18日/);
    expect(screen.getByRole('heading', { name: /2026年3月/ })).toBeInTheDocument();
    await user.keyboard('{End}');
    expect(document.activeElement).toHaveAccessibleName(/^2026年3月31日/);
    await user.keyboard('{Home}');
    expect(document.activeElement).toHaveAccessibleName(/^2026年3月1日 星期日/);
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('2026-03-01');
  });

  it('loads lunar-javascript lazily behind a Suspense boundary', async () => {
    render(
      <I18nProvider locale="zh-CN">
        <LazyLunarCalendar />
      </I18nProvider>,
    );
    expect(await screen.findByRole('button', { name: /^2026年2月17日 星期二 春节$/ })).toBeInTheDocument();
  });
});
