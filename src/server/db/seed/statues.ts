import type { Db } from '../database';
import { imageUrl } from './image-url';

const locations = [
  {
    location: 1,
    name: '大殿内',
    en_name: 'INSIDE THE MAIN HALL',
    particulars: '大雄宝殿内两侧万佛墙，供奉铜鎏金小佛像，常随法会诵经回向。',
    statues: ['释迦牟尼佛', '药师琉璃光如来', '阿弥陀佛'],
    materials: ['铜鎏金', '香樟木贴金'],
    groups: ['东区', '西区', '南区', '北区'],
    price: [3000, 12000],
  },
  {
    location: 2,
    name: '大殿外',
    en_name: 'OUTSIDE THE MAIN HALL',
    particulars: '大殿外廊与月台供奉之圣像，四时香火不断。',
    statues: ['观世音菩萨', '地藏王菩萨', '文殊菩萨', '普贤菩萨'],
    materials: ['铜鎏金', '汉白玉'],
    groups: ['东廊', '西廊'],
    price: [2000, 8800],
  },
  {
    location: 3,
    name: '六合居',
    en_name: 'LIUHE HALL',
    particulars: '六合居为清净供奉之所，环境幽静，适宜长期供奉。',
    statues: ['阿弥陀佛', '观世音菩萨'],
    materials: ['香樟木贴金'],
    groups: ['一室', '二室', '三室'],
    price: [1500, 6800],
  },
];

/** The statues' names in English, as the temple's signs give them. */
const ENGLISH: Record<string, string> = {
  释迦牟尼佛: 'Shakyamuni Buddha',
  药师琉璃光如来: 'Medicine Buddha',
  阿弥陀佛: 'Amitabha Buddha',
  观世音菩萨: 'Avalokitesvara Bodhisattva',
  地藏王菩萨: 'Ksitigarbha Bodhisattva',
  文殊菩萨: 'Manjushri Bodhisattva',
  普贤菩萨: 'Samantabhadra Bodhisattva',
};

const ROWS = 6;
const COLS = 20;

/** Statue enshrinement: three locations, their statues, materials, position groups and seat maps. */
export const seedStatues = async (db: Db): Promise<void> => {
  for (const loc of locations) {
    await db
      .insertInto('statue_locations')
      .values({
        location: loc.location,
        name: loc.name,
        en_name: loc.en_name,
        image: imageUrl('buddha', loc.name, loc.location),
        particulars: loc.particulars,
      })
      .execute();
    await db
      .insertInto('statues')
      .values(
        loc.statues.map((name, sort) => ({
          location: loc.location,
          name,
          en_name: ENGLISH[name] ?? name,
          sort,
        })),
      )
      .execute();
    const [yearly = 0, permanent = 0] = loc.price;
    await db
      .insertInto('statue_groups')
      .values(
        loc.groups.map((name, sort) => ({
          location: loc.location,
          fx_group: String(sort + 1),
          name,
          ng_price_fen: yearly * 100,
          cg_price_fen: permanent * 100,
          closed: false,
          sort,
        })),
      )
      .execute();
    await db
      .insertInto('statue_materials')
      .values(loc.materials.map((name, sort) => ({ location: loc.location, name, sort })))
      .execute();
    // A niche is one physical place, whatever the material of the statue set in it.
    const seats = loc.groups.flatMap((_, group) =>
      Array.from({ length: ROWS * COLS }, (_, i) => {
        const row = Math.floor(i / COLS) + 1;
        const col = (i % COLS) + 1;
        // The pillars in the middle of each wall hold no statue.
        const notSelectable = (col === COLS / 2 || col === COLS / 2 + 1) && row >= ROWS - 1;
        return {
          location: loc.location,
          fx_group: String(group + 1),
          row_no: row,
          col_no: col,
          base_status: notSelectable ? 1 : 5,
        };
      }),
    );
    await db.insertInto('statue_seats').values(seats).execute();
  }
};
