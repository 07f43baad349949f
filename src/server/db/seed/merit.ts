import type { Db } from '../database';
import { imageUrl } from './image-url';

const yuan = (amounts: number[]) => JSON.stringify(amounts.map((a) => a * 100));

/**
 * Merit items of every price model (001 section 3): '1' quantity x unit price,
 * '2' a chosen or typed amount, '3' a name chosen from GDM, each with its price.
 */
export const seedMeritItems = async (db: Db): Promise<void> => {
  const none = JSON.stringify([]);
  await db
    .insertInto('merit_items')
    .values([
      {
        name: '佛前供灯',
        image: imageUrl('lamp', '佛前供灯', 0),
        particulars: '于大雄宝殿佛前供养光明灯一盏，灯灯相续，照破无明，祈愿前程光明、智慧增长。',
        price_model: '1',
        gd_type: '1',
        prices_fen: yuan([100]),
        choices: none,
        sort: 1,
        channel: 1,
      },
      {
        name: '佛前添香油',
        image: imageUrl('lamp', '佛前添香油', 1),
        particulars: '随喜添油，护持殿堂香灯长明，功德回向施主福慧增长。',
        price_model: '1',
        gd_type: '1',
        prices_fen: yuan([50]),
        choices: none,
        sort: 2,
        channel: 1,
      },
      {
        name: '功德碑留名',
        image: imageUrl('tablet', '功德碑留名', 2),
        particulars: '护持道场建设，芳名镌刻于功德碑，永志功德。',
        price_model: '1',
        gd_type: '1',
        prices_fen: yuan([1000]),
        choices: none,
        sort: 3,
        channel: 1,
      },
      {
        name: '水陆供灯',
        image: imageUrl('lamp', '水陆供灯', 3),
        particulars: '水陆法会期间于内坛供灯，普照法界，冥阳两利。',
        price_model: '1',
        gd_type: '1',
        prices_fen: yuan([200]),
        choices: none,
        sort: 4,
        channel: 1,
      },
      {
        name: '随喜功德',
        image: imageUrl('lotus', '随喜功德', 4),
        particulars: '随缘随力，护持三宝。可选择金额，或自行填写（10 元至 10000 元）。',
        price_model: '2',
        gd_type: '2',
        prices_fen: yuan([50, 100, 200, 500, 1000]),
        choices: none,
        sort: 5,
        channel: 1,
      },
      {
        name: '斋僧供众',
        image: imageUrl('mountain', '斋僧供众', 5),
        particulars: '供养常住僧众斋饭，成就道业，功德无量。',
        price_model: '2',
        gd_type: '2',
        prices_fen: yuan([100, 300, 500, 1000]),
        choices: none,
        sort: 6,
        channel: 1,
      },
      {
        name: '供花供果',
        image: imageUrl('lotus', '供花供果', 6),
        particulars: '以鲜花、时果、净香供养诸佛菩萨，庄严道场。',
        price_model: '3',
        gd_type: '3',
        prices_fen: none,
        choices: JSON.stringify([
          { item: 'GH01', name: '鲜花供养', priceFen: 10000 },
          { item: 'GH02', name: '时果供养', priceFen: 10000 },
          { item: 'GH03', name: '净香供养', priceFen: 5000 },
        ]),
        sort: 7,
        channel: 1,
      },
    ])
    .execute();
};
