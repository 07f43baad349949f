import { isLunarFirstOrFifteenth, lunarDay, lunarText } from '@web/shared/lunar-calendar/lunar';
import { Solar } from 'lunar-javascript';
import { describe, expect, it } from 'vitest';

const lunarOf = (date: string) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Solar.fromYmd(year, month, day).getLunar();
};

/** The first date of `year` (as 'YYYY-MM-DD') whose lunar day passes `test`. */
const firstOf = (year: number, test: (date: string) => boolean) => {
  let solar = Solar.fromYmd(year, 1, 1);
  while (solar.getYear() === year) {
    const date = solar.toYmd();
    if (test(date)) return date;
    solar = solar.next(1);
  }
  throw new Error(`no such date in ${year}`);
};

describe('lunar text under a solar date', () => {
  it('shows the festival on the Spring Festival, 2026-02-17 (lunar 正月初一)', () => {
    expect(lunarOf('2026-02-17').getFestivals()).toContain('春节');
    expect(lunarText('2026-02-17')).toBe('春节');
    expect(lunarDay('2026-02-17')).toMatchObject({
      kind: 'festival',
      monthName: '正月',
      dayName: '初一',
      day: 1,
    });
  });

  it('shows 十五 on a plain fifteenth, and it counts as a 1st-or-15th day', () => {
    const date = firstOf(
      2026,
      (d) => lunarOf(d).getDay() === 15 && lunarOf(d).getFestivals().length === 0 && !lunarOf(d).getJieQi(),
    );
    expect(lunarText(date)).toBe('十五');
    expect(isLunarFirstOrFifteenth(date)).toBe(true);
  });

  it('names the leap month on its first day (2025 had a 闰六月)', () => {
    const date = firstOf(2025, (d) => lunarOf(d).getMonth() < 0 && lunarOf(d).getDay() === 1);
    expect(lunarOf(date).getMonthInChinese()).toBe('闰六');
    expect(lunarText(date)).toBe('闰六月');
    expect(isLunarFirstOrFifteenth(date)).toBe(true);
  });

  it('shows a solar term over the day, and the day name otherwise', () => {
    expect(lunarOf('2026-04-05').getJieQi()).toBe('清明');
    expect(lunarText('2026-04-05')).toBe('清明');
    expect(lunarText('2026-04-06')).toBe(lunarOf('2026-04-06').getDayInChinese());
    expect(isLunarFirstOrFifteenth('2026-04-06')).toBe(false);
  });

  it('accepts the calendar data form without leading zeros', () => {
    expect(lunarText('2026-2-17')).toBe('春节');
  });

  it('answers nothing outside 1900-2100', () => {
    expect(lunarText('1899-12-31')).toBe('');
    expect(lunarText('2101-01-01')).toBe('');
    expect(lunarText('1900-01-01')).toBe(`${lunarOf('1900-01-01').getMonthInChinese()}月`);
    expect(lunarText('2100-12-31')).not.toBe('');
    expect(isLunarFirstOrFifteenth('2101-01-01')).toBe(false);
  });
});
