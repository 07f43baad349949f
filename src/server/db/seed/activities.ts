import { addDays, format, subDays } from 'date-fns';
import type { Db } from '../database';

/** The phone the README's demo logs in with: its 活动历史 is not empty on a fresh database. */
export const DEMO_BELIEVER_PHONE = '13800000000';

/** [name, days ago it started, days it lasted, amount (yuan), status, recorded by]. */
const activities: [string, number, number, number, string, string][] = [
  ['观音法会随喜', 300, 3, 200, '已圆满', '客堂'],
  ['浴佛节护持', 200, 1, 0, '已圆满', '志工组'],
  ['盂兰盆法会超荐', 120, 7, 600, '已圆满', '客堂'],
  ['药师法会祈福', 30, 7, 300, '已圆满', '客堂'],
  ['新春祈福法会', -20, 3, 500, '待参加', '客堂'],
];

/** Activities the temple recorded for the demo believer (activity_records, by phone). */
export const seedActivities = async (db: Db, today: Date): Promise<void> => {
  const ymd = (d: Date) => format(d, 'yyyy-MM-dd');
  await db
    .insertInto('activity_records')
    .values(
      activities.map(([name, ago, days, yuan, status, by]) => ({
        phone: DEMO_BELIEVER_PHONE,
        active_name: name,
        start_date: ymd(subDays(today, ago)),
        end_date: ymd(addDays(subDays(today, ago), days - 1)),
        create_user_name: by,
        created_at: subDays(today, Math.max(ago, 0) + 10),
        amount_fen: yuan * 100,
        status,
      })),
    )
    .execute();
};
