import type { Db } from '../database';
import { imageUrl } from './image-url';

/** Rows and columns of a group's map: the small tablets' walls are larger. */
const SIZE: Record<number, { rows: number; cols: number }> = {
  1: { rows: 6, cols: 20 },
  2: { rows: 10, cols: 30 },
};

/** Yuan by tablet type and floor: the ground floor is dearest; a large tablet there needs a reservation. */
const priceYuan = (pwType: number, floor: number): number =>
  pwType === 1
    ? ([16800, 9800, 8800, 6800][floor - 1] ?? 6800)
    : ([3800, 2800, 2800, 1800][floor - 1] ?? 1800);

/** Memorial tablets (牌位供奉): two types, two categories, four pagoda floors, their groups and seats. */
export const seedTablets = async (db: Db): Promise<void> => {
  await db
    .insertInto('tablet_types')
    .values([
      {
        pw_type: 1,
        name: '大牌位',
        image: imageUrl('tablet', '大牌位', 1),
        particulars: '万佛塔内独立供奉大牌位，随寺院法会常年诵经回向。',
        sort: 1,
      },
      {
        pw_type: 2,
        name: '小牌位',
        image: imageUrl('tablet', '小牌位', 2),
        particulars: '万佛塔四方供奉小牌位，庄严清净，随喜供奉。',
        sort: 2,
      },
    ])
    .execute();
  await db
    .insertInto('tablet_categories')
    .values([
      {
        fs_type: 1,
        name: '延生禄位',
        image: imageUrl('tablet', '延生禄位', 3),
        particulars: '为在世亲人供奉延生禄位，祈愿福寿绵长、吉祥安康。',
      },
      {
        fs_type: 2,
        name: '往生莲位',
        image: imageUrl('tablet', '往生莲位', 4),
        particulars: '为亡故亲人供奉往生莲位，祈愿莲品高升、往生净土。',
      },
    ])
    .execute();
  const groupsByType: Record<number, string[]> = {
    1: ['一室', '二室', '三室', '四室', '五室', '六室', '南'],
    2: ['北', '东', '南', '西'],
  };
  for (const [pwType, groups] of Object.entries(groupsByType).map(([t, g]) => [Number(t), g] as const)) {
    for (const floor of [1, 2, 3, 4]) {
      await db
        .insertInto('tablet_groups')
        .values(
          groups.map((name, sort) => ({ pw_type: pwType, floor, pw_group: String(sort + 1), name, sort })),
        )
        .execute();
      const { rows, cols } = SIZE[pwType] ?? { rows: 5, cols: 10 };
      const seats = groups.flatMap((_, group) =>
        Array.from({ length: rows * cols }, (_, i) => {
          const row = Math.floor(i / cols) + 1;
          const col = (i % cols) + 1;
          // The corners of the bottom row stand behind the doors: not places.
          const blocked = row === rows && (col === 1 || col === cols);
          return {
            pw_type: pwType,
            floor,
            pw_group: String(group + 1),
            row_no: row,
            col_no: col,
            price_fen: priceYuan(pwType, floor) * 100,
            base_status: blocked ? 1 : 5,
          };
        }),
      );
      await db.insertInto('tablet_seats').values(seats).execute();
    }
  }
};
