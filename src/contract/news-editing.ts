import * as v from 'valibot';
import { coverPictureAllowed } from './article-policy';
import { isCalendarDate } from './ceremony';
import { CONTENT_IMAGE_MESSAGES } from './content-image';
import { BUSINESS_MODES, NEWS_MENU } from './news';
import { CONTROL_REFUSED, MARKUP_REFUSED, NO_CONTROL, textLine } from './wire';

/**
 * News edited by 内容 staff in the console (issue 25, scope 1): the articles of the home carousel
 * (menu 1) and of the news page (menu 2), written in a rich-text editor or given as an external
 * link only; each saved as a draft, published at once or scheduled; the carousel's order. One rule
 * set for the console's form and the server; every refusal in Chinese. The public wire shape
 * (news.ts) does not change: the site sees only what is published and due.
 */
export const NEWS_EDIT_MESSAGES = {
  titleEmpty: '请输入标题',
  titleTooLong: '标题最多60个字',
  subTitleTooLong: '副标题最多100个字',
  textInvalid: CONTROL_REFUSED,
  markup: MARKUP_REFUSED,
  menuInvalid: '请选择栏目',
  businessModeInvalid: '请选择展示方式',
  imageEmpty: '请上传封面图片',
  imageInvalid: CONTENT_IMAGE_MESSAGES.invalid,
  contentEmpty: '请输入正文，或填写外部链接',
  contentTooLong: '正文最多16000个字符（含排版代码），请分为几篇',
  linkInvalid: '外部链接须为以 https:// 开头的网址，或留空',
  dateInvalid: '请选择正确的日期',
  publishInvalid: '请选择发布方式',
  publishAtInvalid: '请选择定时发布的日期和时间',
  publishAtPast: '定时发布的时间须晚于现在',
  versionInvalid: '版本号不正确',
  notFound: '未找到该文章',
  carouselChanged: '首页轮播已有变化，请重新读取后再排序',
  carouselInvalid: '轮播顺序不正确',
  searchTooLong: '搜索内容最多40个字',
  filterInvalid: '筛选条件不正确',
  pageInvalid: '页码不正确',
} as const;

const M = NEWS_EDIT_MESSAGES;

/** The menus edited here: the home carousel and the news page (videos are kept with the catalogue's videos). */
export const NEWS_EDIT_MENUS = [NEWS_MENU.home, NEWS_MENU.news] as const;
export type NewsEditMenu = (typeof NEWS_EDIT_MENUS)[number];
export const NEWS_MENU_LABELS: Record<NewsEditMenu, string> = {
  [NEWS_MENU.home]: '首页轮播',
  [NEWS_MENU.news]: '寺院动态',
};

/** The business modes (001 section 9) as the form names them. */
export const BUSINESS_MODE_LABELS: Record<(typeof BUSINESS_MODES)[number], string> = {
  trend: '动态',
  banner: '横幅',
  search: '搜索',
  follow: '关注',
};

/** How an article is saved: a draft (or taken off the site), published now, or at a time given. */
export const PUBLISH_CHOICES = ['draft', 'now', 'scheduled'] as const;
export type PublishChoice = (typeof PUBLISH_CHOICES)[number];
export const PUBLISH_CHOICE_LABELS: Record<PublishChoice, string> = {
  draft: '草稿（不在网站显示）',
  now: '立即发布',
  scheduled: '定时发布',
};

/** Where an article stands now: published (and due), scheduled (published, not yet due), draft. */
export const NEWS_STATES = ['published', 'scheduled', 'draft'] as const;
export type NewsState = (typeof NEWS_STATES)[number];
export const NEWS_STATE_LABELS: Record<NewsState, string> = {
  published: '已发布',
  scheduled: '定时发布',
  draft: '草稿',
};

export const NEWS_TEXT_LIMITS = { title: 60, subTitle: 100, content: 16_000, link: 300, image: 300 } as const;

/** The temple's wall clock of a scheduled publication, `YYYY-MM-DD HH:mm` (Asia/Shanghai, UTC+8 all year). */
export const PUBLISH_AT_PATTERN = /^(\d{4}-\d{2}-\d{2}) ([01]\d|2[0-3]):([0-5]\d)$/;

/** The instant of a wall-clock time of the temple (`YYYY-MM-DD HH:mm`), or null when it is none. */
export const publishInstant = (wallClock: string): Date | null => {
  const match = PUBLISH_AT_PATTERN.exec(wallClock);
  if (!match || !isCalendarDate(match[1] ?? '')) return null;
  return new Date(`${match[1]}T${match[2]}:${match[3]}:00+08:00`);
};

/** An https address of another site, or '' (none). */
const linkSchema = v.union(
  [
    v.literal(''),
    v.pipe(
      v.string(M.linkInvalid),
      v.maxLength(NEWS_TEXT_LIMITS.link, M.linkInvalid),
      v.url(M.linkInvalid),
      v.startsWith('https://', M.linkInvalid),
    ),
  ],
  M.linkInvalid,
);

/** The fields of an article as the form sends them (trimmed here). */
const articleEntries = {
  menu: v.picklist(NEWS_EDIT_MENUS, M.menuInvalid),
  title: textLine(M.titleEmpty, NEWS_TEXT_LIMITS.title, M.titleTooLong),
  subTitle: textLine(null, NEWS_TEXT_LIMITS.subTitle, M.subTitleTooLong),
  businessMode: v.picklist(BUSINESS_MODES, M.businessModeInvalid),
  /** The cover: an upload's address (the server checks it exists) or the drawn art. */
  image: v.pipe(
    v.string(M.imageEmpty),
    v.trim(),
    v.nonEmpty(M.imageEmpty),
    v.maxLength(NEWS_TEXT_LIMITS.image, M.imageInvalid),
    v.check(coverPictureAllowed, M.imageInvalid),
  ),
  /** HTML from the editor; sanitised by the server on save (article-policy.ts). */
  content: v.pipe(
    v.string(M.contentEmpty),
    v.trim(),
    v.maxLength(NEWS_TEXT_LIMITS.content, M.contentTooLong),
  ),
  link: v.pipe(v.string(M.linkInvalid), v.trim(), linkSchema),
  /** The date the lists show (YYYY-MM-DD). */
  newDate: v.pipe(v.string(M.dateInvalid), v.check(isCalendarDate, M.dateInvalid)),
  publish: v.picklist(PUBLISH_CHOICES, M.publishInvalid),
  /** `YYYY-MM-DD HH:mm`, the temple's time: read only when `publish` is 'scheduled'. */
  publishAt: v.string(M.publishAtInvalid),
};

/** Whether an article's HTML holds anything a reader would see (text or a picture). */
export const articleHasBody = (html: string): boolean =>
  /<img\b/i.test(html) ||
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|\s/g, '')
    .trim().length > 0;

export const newsArticleSchema = v.pipe(
  v.object(articleEntries, M.titleEmpty),
  v.forward(
    v.partialCheck(
      [['content'], ['link']],
      (input) => input.link !== '' || articleHasBody(input.content),
      M.contentEmpty,
    ),
    ['content'],
  ),
  v.forward(
    v.partialCheck(
      [['publish'], ['publishAt']],
      (input) => input.publish !== 'scheduled' || publishInstant(input.publishAt) !== null,
      M.publishAtInvalid,
    ),
    ['publishAt'],
  ),
);
export type NewsArticle = v.InferOutput<typeof newsArticleSchema>;
export type NewsArticleInput = v.InferInput<typeof newsArticleSchema>;

const versionSchema = v.pipe(
  v.number(M.versionInvalid),
  v.integer(M.versionInvalid),
  v.minValue(1, M.versionInvalid),
);

/** A save of an article read at `version` (a later save by someone else answers 409). */
export const newsUpdateSchema = v.object(
  { article: newsArticleSchema, version: versionSchema },
  M.versionInvalid,
);
export const newsCreateSchema = v.object({ article: newsArticleSchema }, M.titleEmpty);

const idList = v.pipe(
  v.array(
    v.pipe(v.number(M.carouselInvalid), v.integer(M.carouselInvalid), v.minValue(1, M.carouselInvalid)),
    M.carouselInvalid,
  ),
  v.maxLength(200, M.carouselInvalid),
  v.check((ids) => new Set(ids).size === ids.length, M.carouselInvalid),
);

/**
 * The carousel's new order (`to`) and the order it was read in (`from`): when the carousel is
 * no longer as read (another editor ordered it, an item came or went), the save answers 409.
 */
export const carouselOrderSchema = v.object({ from: idList, to: idList }, M.carouselInvalid);
export type CarouselOrder = v.InferOutput<typeof carouselOrderSchema>;

/** The list's query: menu, state, a title's words, the page (20 a page). */
export const newsSearchSchema = v.object({
  menu: v.optional(v.picklist(['', '1', '2'], M.filterInvalid), ''),
  state: v.optional(v.picklist(['', ...NEWS_STATES], M.filterInvalid), ''),
  q: v.pipe(
    v.optional(v.string(M.searchTooLong), ''),
    v.trim(),
    v.maxLength(40, M.searchTooLong),
    v.regex(NO_CONTROL, M.searchTooLong),
  ),
  page: v.pipe(
    v.optional(v.string(M.pageInvalid), '1'),
    v.regex(/^\d{1,4}$/, M.pageInvalid),
    v.transform(Number),
    v.minValue(1, M.pageInvalid),
  ),
});
export type NewsSearch = v.InferOutput<typeof newsSearchSchema>;

// ---- answers ----

/** A line of the console's list. */
export const newsRowSchema = v.object({
  id: v.number(),
  menu: v.number(),
  title: v.string(),
  image: v.string(),
  link: v.string(),
  newDate: v.string(),
  state: v.picklist(NEWS_STATES),
  /** ISO instant of publication (scheduled: when it will show), null for a draft. */
  publishAt: v.nullable(v.string()),
  carouselPosition: v.nullable(v.number()),
  updatedAt: v.nullable(v.string()),
  updatedBy: v.nullable(v.string()),
});
export type NewsRow = v.InferOutput<typeof newsRowSchema>;

/** One article as the form edits it: the fields, where it stands, its version. */
export const newsEditableSchema = v.object({
  id: v.number(),
  article: v.object({
    menu: v.number(),
    title: v.string(),
    subTitle: v.string(),
    businessMode: v.string(),
    image: v.string(),
    content: v.string(),
    link: v.string(),
    newDate: v.string(),
    publish: v.picklist(PUBLISH_CHOICES),
    publishAt: v.string(),
  }),
  state: v.picklist(NEWS_STATES),
  version: v.number(),
  updatedAt: v.nullable(v.string()),
  updatedBy: v.nullable(v.string()),
});
export type NewsEditable = v.InferOutput<typeof newsEditableSchema>;

/** The home carousel as it is ordered: published and scheduled items of menu 1, first to last. */
export const carouselSchema = v.array(newsRowSchema);
