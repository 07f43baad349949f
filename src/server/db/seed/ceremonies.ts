import { addDays } from 'date-fns';
import { LunarMonth, Solar } from 'lunar-javascript';
import type { Db } from '../database';
import { imageUrl } from './image-url';
import { ymd } from './lunar-dates';

/** Single-family ceremonies (独姓佛事): types, price tiers, daily slots and festival days. */
export const seedCeremonies = async (db: Db, today: Date): Promise<void> => {
  await db
    .insertInto('ceremony_types')
    .values([
      {
        fs_type: '1',
        name: '往生普佛',
        image: imageUrl('lotus', '往生普佛', 7),
        particulars: '为亡故亲人专堂礼佛诵经，超荐往生，冥阳两利。',
        sort: 1,
      },
      {
        fs_type: '2',
        name: '延生普佛',
        image: imageUrl('buddha', '延生普佛', 8),
        particulars: '为在世亲眷专堂礼佛祈福，消灾延寿，吉祥如意。',
        sort: 2,
      },
    ])
    .execute();
  const tiers: [string, number][] = [
    ['一堂', 3800],
    ['三堂', 9800],
    ['七堂', 19800],
  ];
  const tablets: Record<string, string[]> = {
    '1': ['往生莲位', '往生大莲位'],
    '2': ['延生禄位', '延生大禄位'],
  };
  await db
    .insertInto('ceremony_prices')
    .values(
      Object.entries(tablets).flatMap(([fsType, names]) =>
        names.flatMap((tablet, big) =>
          tiers.map(([tier, price], sort) => ({
            fs_type: fsType,
            tablet_type: tablet,
            tier,
            price_fen: (price + big * 2000) * 100,
            sort,
          })),
        ),
      ),
    )
    .execute();
  await db
    .insertInto('ceremony_slots')
    .values([
      { time_label: '08:30-10:00', sessions: 2, sort: 1 },
      { time_label: '10:30-12:00', sessions: 2, sort: 2 },
      { time_label: '13:30-15:00', sessions: 3, sort: 3 },
      { time_label: '15:30-17:00', sessions: 2, sort: 4 },
    ])
    .execute();
  await db.insertInto('festival_days').values(festivalDays(today)).execute();
};

const lunarFestivals: Record<string, string> = {
  '1-1': '春节',
  '1-15': '元宵节',
  '5-5': '端午节',
  '8-15': '中秋节',
  '9-9': '重阳节',
  '12-8': '腊八节',
};

/** Traditional festivals of the coming year, when the temple takes no single-family booking. */
const festivalDays = (today: Date) => {
  const days: { day: string; name: string }[] = [];
  for (let offset = 0; offset < 400; offset += 1) {
    const date = addDays(today, offset);
    const lunar = Solar.fromDate(date).getLunar();
    const month = Math.abs(lunar.getMonth());
    const isLastDay = month === 12 && lunar.getDay() === LunarMonth.fromYm(lunar.getYear(), 12).getDayCount();
    const name = isLastDay ? '除夕' : lunarFestivals[`${month}-${lunar.getDay()}`];
    if (name && lunar.getMonth() > 0) days.push({ day: ymd(date), name });
  }
  return days;
};
