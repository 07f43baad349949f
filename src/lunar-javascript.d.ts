/** The small part of lunar-javascript (which ships no types) that this project uses. */
declare module 'lunar-javascript' {
  export class Solar {
    static fromYmd(year: number, month: number, day: number): Solar;
    static fromDate(date: Date): Solar;
    getYear(): number;
    getMonth(): number;
    getDay(): number;
    getLunar(): Lunar;
    next(days: number): Solar;
    toYmd(): string;
  }
  export class Lunar {
    static fromYmd(year: number, month: number, day: number): Lunar;
    getYear(): number;
    getMonth(): number;
    getDay(): number;
    getSolar(): Solar;
    getYearInGanZhi(): string;
    getYearShengXiao(): string;
    getMonthInChinese(): string;
    getDayInChinese(): string;
    getFestivals(): string[];
    /** The solar term (节气) falling on this day, or '' when none does. */
    getJieQi(): string;
  }
  export class LunarMonth {
    static fromYm(year: number, month: number): LunarMonth;
    getDayCount(): number;
  }
}
