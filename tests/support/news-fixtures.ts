import type { Db } from '@server/db/database';
import { imageUrl } from '@server/db/seed/image-url';
import { ymd } from '@server/db/seed/lunar-dates';
import { subDays } from 'date-fns';

/**
 * The sanitising fixture: a news-page article (menu 2) whose HTML carries what the site must never
 * run (a script, an onerror handler on a broken picture, a javascript: link). Not in the seed a
 * temple sees: the tests that need it insert it (the news API test, and the end-to-end suite's
 * setup before its server starts).
 */
export const UNSAFE_ARTICLE_TITLE = '安全测试：本文含有应被过滤的代码';
export const UNSAFE_ARTICLE_READABLE = '如能正常阅读本段文字，说明过滤有效。';

export const unsafeArticle = (today: Date) => ({
  menu_id: 2,
  title: UNSAFE_ARTICLE_TITLE,
  sub_title: '网站安全过滤检验',
  image_url: imageUrl('mountain', UNSAFE_ARTICLE_TITLE, 11),
  content: [
    '<p>本文用于检验网站对文章内容的安全过滤：下列代码均不应被执行。</p>',
    "<script>window.__pwned = 'script'; alert('script');</script>",
    "<p><img src=x onerror=\"window.__pwned = 'img'; alert('img')\"></p>",
    "<p><a href=\"javascript:window.__pwned = 'link'; alert('link')\">点击此处查看详情</a></p>",
    `<p>${UNSAFE_ARTICLE_READABLE}</p>`,
  ].join(''),
  link: null,
  video_url: null,
  fh_name: null,
  business_mode: 'trend',
  new_date: ymd(subDays(today, 3)),
  status: 1,
});

/** Inserts the unsafe article; answers its id. */
export const insertUnsafeArticle = async (db: Db, today = new Date()): Promise<number> =>
  (await db.insertInto('news').values(unsafeArticle(today)).returning('id').executeTakeFirstOrThrow()).id;
