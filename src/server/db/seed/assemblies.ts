import { addDays } from 'date-fns';
import { defaultMeritRows } from '../../services/assembly-merit-defaults';
import type { Db } from '../database';
import { imageUrl } from './image-url';
import { type LunarDay, lunarText, nextOccurrence, ymd } from './lunar-dates';

interface AssemblySeed {
  name: string;
  start: LunarDay;
  days: number;
  particulars: string;
  hoeTypes: string[];
  /** Tablet type -> [tablet price, merit money (GDJ)] in yuan. */
  tablets: Record<string, [number, number]>;
  hasLeaderTablet?: boolean;
  /** The two new-year-eve assemblies: one entry per order. */
  newYearEve?: boolean;
  /** The festival with 七世父母 among the deceased seats. */
  sevenGenerations?: boolean;
  /** The wisdom assembly: 4-character blessing names. */
  wisdom?: boolean;
  /** The merit-amount choice with a free amount (minimum 10). */
  freeAmount?: boolean;
  /** The general water-land ceremony (its 往生/延生 tablet filter, 延往生). */
  waterLand?: boolean;
  /** Places per assembly type; an assembly type not named here is unlimited. */
  places?: Record<string, number>;
}

const commonTablets: Record<string, [number, number]> = {
  大功德主: [3000, 0],
  小功德主: [1000, 0],
  吉祥: [300, 0],
  无: [0, 100],
};

const assemblySeeds: AssemblySeed[] = [
  {
    name: '新春祈福法会',
    start: { month: 1, day: 1 },
    days: 3,
    particulars: '新春伊始，本寺僧众礼诵《药师经》，为十方信众祈求新岁吉祥、身心安乐、阖家平安。',
    hoeTypes: ['延生'],
    tablets: commonTablets,
  },
  {
    name: '观音菩萨圣诞法会',
    start: { month: 2, day: 19 },
    days: 1,
    particulars: '恭逢观世音菩萨圣诞，礼诵《普门品》、大悲忏，祈愿众生离苦得乐，菩萨慈悲普覆。',
    hoeTypes: ['延生', '往生'],
    tablets: commonTablets,
    places: { 往生: 60 },
  },
  {
    name: '文殊菩萨智慧法会',
    start: { month: 4, day: 4 },
    days: 1,
    particulars: '恭逢文殊师利菩萨圣诞，为学子与信众祈求智慧增长、学业精进。',
    hoeTypes: ['延生'],
    tablets: { 吉祥: [200, 0], 无: [0, 50] },
    wisdom: true,
  },
  {
    name: '浴佛节法会',
    start: { month: 4, day: 8 },
    days: 1,
    particulars: '农历四月初八，恭逢本师释迦牟尼佛圣诞，举行浴佛仪式，以香汤沐浴太子像，纪念佛陀降生。',
    hoeTypes: ['延生', '往生'],
    tablets: commonTablets,
  },
  {
    name: '盂兰盆报恩法会',
    start: { month: 7, day: 13 },
    days: 3,
    particulars: '七月十五佛欢喜日，依《盂兰盆经》设供十方僧众，回向七世父母与现世父母，报恩孝亲。',
    hoeTypes: ['往生', '延生'],
    tablets: commonTablets,
    sevenGenerations: true,
    places: { 往生: 200 },
  },
  {
    name: '药师法会',
    start: { month: 9, day: 23 },
    days: 7,
    particulars: '礼拜药师琉璃光如来，诵经持咒，祈愿消灾延寿、病苦得除。',
    hoeTypes: ['延生'],
    tablets: commonTablets,
    freeAmount: true,
  },
  {
    name: '水陆普度大斋胜会',
    start: { month: 11, day: 10 },
    days: 7,
    particulars:
      '水陆法会全称“法界圣凡水陆普度大斋胜会”，为汉传佛教中最隆重的经忏法事，内外坛同修，普利冥阳两界一切众生。',
    hoeTypes: ['往生', '延生', '延往生'],
    tablets: {
      往生会首: [50000, 0],
      延生会首: [50000, 0],
      延往生会首: [80000, 0],
      往生大功德主: [6000, 0],
      延生大功德主: [6000, 0],
      往生吉祥: [600, 0],
      延生吉祥: [600, 0],
    },
    hasLeaderTablet: true,
    waterLand: true,
    places: { 延往生: 12, 往生: 300, 延生: 300 },
  },
  {
    name: '除夕祈福普佛',
    start: { month: 12, day: 30 },
    days: 1,
    particulars: '辞旧迎新之际，于大雄宝殿礼佛祈福，愿新岁平安吉祥。每单限登记一位。',
    hoeTypes: ['延生'],
    tablets: { 吉祥: [200, 0] },
    newYearEve: true,
    places: { 延生: 108 },
  },
  {
    name: '除夕报恩普佛',
    start: { month: 12, day: 30 },
    days: 1,
    particulars: '除夕之夜，为历代祖先与亡故亲眷礼佛回向，慎终追远。每单限登记一位。',
    hoeTypes: ['往生'],
    tablets: { 吉祥: [200, 0] },
    newYearEve: true,
    places: { 往生: 108 },
  },
];

export const seedAssemblies = async (db: Db, today: Date): Promise<void> => {
  for (const [index, seed] of assemblySeeds.entries()) {
    const { lunarYear, solar } = nextOccurrence(seed.start, today);
    const end = addDays(solar, seed.days - 1);
    const { id } = await db
      .insertInto('assemblies')
      .values({
        name: seed.name,
        year: lunarYear,
        lunar_time: seed.days > 1 ? `${lunarText(solar)}至${lunarText(end).slice(2)}` : lunarText(solar),
        start_date: ymd(solar),
        end_date: ymd(end),
        image: imageUrl('lotus', seed.name, index),
        particulars: seed.particulars,
        has_leader_tablet: seed.hasLeaderTablet ?? false,
        new_year_eve: seed.newYearEve ?? false,
        seven_generations: seed.sevenGenerations ?? false,
        wisdom: seed.wisdom ?? false,
        free_amount: seed.freeAmount ?? false,
        water_land: seed.waterLand ?? false,
        sort: index,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [sort, hoeType] of seed.hoeTypes.entries()) {
      await db
        .insertInto('assembly_places')
        .values({ assembly_id: id, hoe_type: hoeType, capacity: seed.places?.[hoeType] ?? null, sort })
        .execute();
      const tablets = Object.entries(seed.tablets).filter(
        ([tablet]) => !seed.hasLeaderTablet || tablet.startsWith(hoeType) || hoeType === '延往生',
      );
      await db
        .insertInto('assembly_prices')
        .values(
          tablets.map(([tablet, [price, gdj]]) => ({
            assembly_id: id,
            hoe_type: hoeType,
            tablet_type: tablet,
            tablet_price_fen: price * 100,
            gdj_fen: gdj * 100,
          })),
        )
        .execute();
      await db.insertInto('assembly_merit_items').values(defaultMeritRows(id, hoeType)).execute();
    }
  }
};
