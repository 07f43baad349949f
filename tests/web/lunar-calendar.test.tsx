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
/** The cell of a day of the shown month, by its accessible name (solar date, weekday, lunar text). */
const day = (name: RegExp) => screen.getByRole('button', { name });

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
    expect(screen.getByRole('button', { name: /上个月/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /下个月/ })).toBeEnabled();
    await user.selectOptions(screen.getByRole('combobox', { name: '年份' }), '2100');
    await user.selectOptions(screen.getByRole('combobox', { name: '月份' }), '12');
    expect(screen.getByRole('heading', { name: /2100年12月/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /下个月/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /上个月/ })).toBeEnabled();
    const years = within(screen.getByRole('combobox', { name: '年份' })).getAllByRole('option');
    expect([years[0]?.textContent, years.at(-1)?.textContent, years.length]).toEqual([
      '1900年',
      '2100年',
      201,
    ]);
  });

  it('moves by month, and 回到今天 comes back', async () => {
    const user = show();
    await user.click(screen.getByRole('button', { name: /下个月/ }));
    expect(screen.getByRole('heading', { name: /2026年3月/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '回到今天' }));
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

  it('shows the chosen day’s slots as 剩 N 场, 0 disabled, and emits the picked slot', async () => {
    const onSlot = vi.fn();
    const user = show({ slots: { '2026-2-21': { 上午: 2, 下午: 0 } }, onSlot });
    expect(screen.queryByRole('button', { name: /剩/ })).not.toBeInTheDocument();
    await user.click(day(/^2026年2月21日/));
    expect(screen.getByRole('button', { name: '上午 剩 2 场' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '下午 剩 0 场' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '下午 剩 0 场' }));
    expect(onSlot).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '上午 剩 2 场' }));
    expect(onSlot).toHaveBeenCalledWith({ date: '2026-02-21', time: '上午', remaining: 2 });
    expect(screen.getByRole('button', { name: '上午 剩 2 场' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(day(/^2026年2月22日/));
    expect(screen.getByText(/没有可预约的时段/)).toBeInTheDocument();
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
