import { subDays } from 'date-fns';
import type { Db } from '../database';
import { imageUrl } from './image-url';
import { ymd } from './lunar-dates';

const article = (paragraphs: string[]) => paragraphs.map((p) => `<p>${p}</p>`).join('');

const stories = [
  {
    title: '本寺举行新春祈福法会',
    sub_title: '千余信众共祈国泰民安',
    paragraphs: [
      '新春伊始，本寺于大雄宝殿隆重举行新春祈福法会。方丈和尚率两序大众拈香主法，千余名信众随众礼佛，共同祈愿国泰民安、风调雨顺。',
      '法会期间，寺院设立志工服务台，为年长信众提供引导与休憩服务。',
    ],
  },
  {
    title: '观音菩萨圣诞法会圆满',
    sub_title: '礼诵普门品 共沐慈悲光',
    paragraphs: [
      '农历二月十九日，恭逢观世音菩萨圣诞。本寺僧众与信众齐诵《普门品》，礼拜大悲忏，祈愿众生离苦得乐。',
    ],
  },
  {
    title: '浴佛节：香汤沐浴太子像',
    sub_title: '纪念本师释迦牟尼佛圣诞',
    paragraphs: ['农历四月初八浴佛节，信众依次以香汤沐浴太子像，寓意洗涤心垢、清净身心。'],
  },
  {
    title: '盂兰盆报恩法会通告',
    sub_title: '七月十五佛欢喜日',
    paragraphs: [
      '本寺将于农历七月十三日至十五日举行盂兰盆报恩法会，欢迎信众登记超荐与祈福牌位。',
      '网上报名可于“法会报名”栏目办理，亦可至客堂登记。',
    ],
  },
  {
    title: '寺院开放时间调整公告',
    sub_title: '冬季开放时间 7:30—16:30',
    paragraphs: ['即日起，本寺冬季开放时间调整为每日 7:30 至 16:30，请信众合理安排行程。'],
  },
  {
    title: '慈善功德会走访敬老院',
    sub_title: '送去冬衣与关怀',
    paragraphs: ['本寺慈善功德会义工一行走访区内敬老院，为老人送去冬衣、药品与慰问金。'],
  },
  {
    title: '佛学讲座：《心经》浅释',
    sub_title: '每月第一个周六下午',
    paragraphs: ['本寺法师将于每月第一个周六下午在讲经堂讲解《心经》，欢迎信众随喜听闻。'],
  },
  {
    title: '志工招募：法会护持志工',
    sub_title: '共护道场 广种福田',
    paragraphs: ['本寺长期招募法会护持、香客引导、斋堂行堂等志工，欢迎发心者于“志工”栏目报名。'],
  },
  {
    title: '水陆普度大斋胜会启建',
    sub_title: '七日法会普利冥阳',
    paragraphs: ['本年度水陆普度大斋胜会将于农历十一月初十启建，内坛、外坛同修，欢迎信众随喜参加。'],
  },
  {
    title: '素斋馆开放预约',
    sub_title: '清净饮食 随喜结缘',
    paragraphs: ['本寺素斋馆每日中午开放，团体用斋请提前一日致电客堂预约。'],
  },
];

/**
 * An article of the news page only (menu 2) that points to another site (`link`), which the list
 * opens in a new tab. (The sanitising fixture, an article whose HTML carries what the site must
 * never run, is inserted by the tests that need it: tests/support/news-fixtures.ts.)
 */
export const LINKED_ARTICLE_TITLE = '国家宗教事务局：宗教活动场所安全管理提示';
const extraArticles = (today: Date) => [
  {
    menu_id: 2,
    title: LINKED_ARTICLE_TITLE,
    sub_title: '转载自国家宗教事务局网站',
    image_url: imageUrl('pagoda', LINKED_ARTICLE_TITLE, 12),
    content: '<p>本文转载自国家宗教事务局网站，请点击标题阅读原文。</p>',
    link: 'https://www.sara.gov.cn/',
    video_url: null,
    fh_name: null,
    business_mode: 'trend',
    new_date: ymd(subDays(today, 5)),
    status: 1,
  },
];

const videos = [
  '晨钟暮鼓：寺院的一天',
  '浴佛节法会实录',
  '水陆法会送圣',
  '方丈开示：惜福',
  '梵呗：炉香赞',
  '万佛塔巡礼',
  '志工的一天',
  '新春撞钟祈福',
];

/** News of both menus (1 home, 2 news page, with the linked article above) and the video gallery (menu 6). */
export const seedNews = async (db: Db, today: Date): Promise<void> => {
  const rows = stories.flatMap((story, i) => {
    const base = {
      title: story.title,
      sub_title: story.sub_title,
      image_url: imageUrl(i % 2 ? 'pagoda' : 'mountain', story.title, i),
      content: article(story.paragraphs),
      link: null,
      video_url: null,
      fh_name: null,
      new_date: ymd(subDays(today, i * 9 + 1)),
      status: 1,
    };
    const onHome = i < 6 ? [{ ...base, menu_id: 1, business_mode: i < 2 ? 'banner' : 'trend' }] : [];
    return [...onHome, { ...base, menu_id: 2, business_mode: 'trend' }];
  });
  const videoRows = videos.map((title, i) => ({
    menu_id: 6,
    title,
    sub_title: '寺院影像',
    image_url: imageUrl(i % 2 ? 'pagoda' : 'buddha', title, i),
    content: `<p>${title}</p>`,
    link: null,
    video_url: `/media/videos/${i + 1}.webm`,
    fh_name: null,
    business_mode: 'trend',
    new_date: ymd(subDays(today, i * 14 + 3)),
    status: 1,
  }));
  await db
    .insertInto('news')
    .values([...rows, ...extraArticles(today), ...videoRows])
    .execute();
};

const wishes: [string, string][] = [
  ['陈居士', '愿父母身体健康，福寿绵长'],
  ['林女士', '愿孩子学业精进，平安喜乐'],
  ['王先生', '愿家人平安，工作顺利'],
  ['张居士', '愿一切众生离苦得乐'],
  ['李女士', '愿外婆早日康复'],
  ['周先生', '愿国泰民安，风调雨顺'],
  ['吴居士', '愿往生亲人莲品高升'],
  ['赵女士', '愿所求遂愿，心安自在'],
  ['孙先生', '愿新店开业顺利，广结善缘'],
  ['郑居士', '愿世界和平，众生安乐'],
  ['何女士', '愿一家和睦，岁岁平安'],
  ['马先生', '愿考研顺利上岸'],
];

export const seedWishes = async (db: Db, today: Date): Promise<void> => {
  await db
    .insertInto('wishes')
    .values(wishes.map(([name, wish], i) => ({ name, wish, created_at: subDays(today, i) })))
    .execute();
};
