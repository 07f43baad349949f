import { configureArticlePurifier } from '@contract/article-policy';
import {
  carouselOrderSchema,
  NEWS_EDIT_MESSAGES as M,
  type NewsArticleInput,
  newsArticleSchema,
  newsSearchSchema,
  publishInstant,
} from '@contract/news-editing';
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

/** Issue 25, news in the console: one table row per message of the article's rules, and the sanitising policy. */
const UPLOAD = '/uploads/0123456789abcdef01234567';
const good: NewsArticleInput = {
  menu: 2,
  title: '冬至普佛法会',
  subTitle: '',
  businessMode: 'trend',
  image: UPLOAD,
  content: '<p>冬至日普佛。</p>',
  link: '',
  newDate: '2026-12-21',
  publish: 'now',
  publishAt: '',
};
const messageOf = (input: unknown) => {
  const result = v.safeParse(newsArticleSchema, input);
  return result.success ? null : result.issues[0]?.message;
};

describe('the article rules', () => {
  it('accepts a good article, trimmed', () => {
    const parsed = v.parse(newsArticleSchema, { ...good, title: ' 冬至普佛法会 ' });
    expect(parsed.title).toBe('冬至普佛法会');
  });

  it.each<[string, Partial<NewsArticleInput> | Record<string, unknown>, string]>([
    ['no title', { title: ' ' }, M.titleEmpty],
    ['a long title', { title: '题'.repeat(61) }, M.titleTooLong],
    ['a control character', { title: 'a\u0000b' }, M.textInvalid],
    ['a long subtitle', { subTitle: '副'.repeat(101) }, M.subTitleTooLong],
    ['the video menu', { menu: 6 }, M.menuInvalid],
    ['an unknown business mode', { businessMode: 'x' }, M.businessModeInvalid],
    ['no cover', { image: '' }, M.imageEmpty],
    ['a cover from elsewhere', { image: 'https://a.cn/p.jpg' }, M.imageInvalid],
    ['a width file as cover', { image: `${UPLOAD}-480.webp` }, M.imageInvalid],
    ['no body and no link', { content: '<p> </p>' }, M.contentEmpty],
    ['a long body', { content: 'x'.repeat(16_001) }, M.contentTooLong],
    ['an http link', { link: 'http://a.cn' }, M.linkInvalid],
    ['a bad date', { newDate: '2026-13-01' }, M.dateInvalid],
    ['an unknown publish choice', { publish: 'soon' }, M.publishInvalid],
    ['a schedule without a time', { publish: 'scheduled', publishAt: '' }, M.publishAtInvalid],
    ['a schedule at 24:00', { publish: 'scheduled', publishAt: '2026-12-21 24:00' }, M.publishAtInvalid],
  ])('refuses %s', (_, over, message) => {
    expect(messageOf({ ...good, ...over })).toBe(message);
  });

  it('a link item needs no body; the drawn art is a cover', () => {
    expect(messageOf({ ...good, content: '', link: 'https://www.sara.gov.cn/' })).toBeNull();
    expect(messageOf({ ...good, image: '/images/lotus.svg?title=%E6%B3%95&tone=1' })).toBeNull();
    expect(messageOf({ ...good, content: `<p><img src="${UPLOAD}"></p>` })).toBeNull();
  });

  it('reads a schedule as the temple’s wall clock (UTC+8)', () => {
    expect(publishInstant('2026-12-21 08:30')?.toISOString()).toBe('2026-12-21T00:30:00.000Z');
    expect(publishInstant('2026-02-30 08:30')).toBeNull();
  });

  it('refuses a carousel order with a repeated id and a search too long', () => {
    expect(v.safeParse(carouselOrderSchema, { from: [1, 2], to: [2, 2] }).issues?.[0]?.message).toBe(
      M.carouselInvalid,
    );
    expect(v.safeParse(newsSearchSchema, { q: '字'.repeat(41) }).issues?.[0]?.message).toBe(M.searchTooLong);
    expect(v.safeParse(newsSearchSchema, { state: 'gone' }).issues?.[0]?.message).toBe(M.filterInvalid);
  });
});

describe('the article sanitising policy', () => {
  const sanitise = configureArticlePurifier(createDOMPurify(new JSDOM('').window as never));

  it('removes scripts, handlers, styles, frames and javascript: links', () => {
    const out = sanitise(
      '<p style="color:red" onclick="x()">正文</p><script>alert(1)</script><iframe src="https://a.cn"></iframe><a href="javascript:alert(1)">链接</a>',
    );
    expect(out).toBe('<p>正文</p><a>链接</a>');
  });

  it('keeps only our pictures: an upload at its widths with srcset, the drawn art; removes any other', () => {
    const out = sanitise(
      `<img src="${UPLOAD}" alt="大殿"><img src="x" onerror="alert(1)"><img src="https://a.cn/p.jpg"><img src="data:image/png;base64,AAAA"><img src="/images/lotus.svg?title=a&amp;tone=1">`,
    );
    expect(out).toContain(`src="${UPLOAD}-960.webp"`);
    expect(out).toContain(
      `srcset="${UPLOAD}-480.webp 480w, ${UPLOAD}-960.webp 960w, ${UPLOAD}-1600.webp 1600w"`,
    );
    expect(out).toContain('alt="大殿"');
    expect(out).toContain('src="/images/lotus.svg?title=a&amp;tone=1"');
    expect(out.match(/<img/g)).toHaveLength(2);
    expect(out).not.toMatch(/onerror|a\.cn|data:/);
  });

  it('opens a link with a target in a new tab without opener, and is the same when applied twice', () => {
    const once = sanitise(
      `<p><a href="https://a.cn" target="_self">原文</a></p><p><img src="${UPLOAD}"></p>`,
    );
    expect(once).toContain('target="_blank" rel="noopener noreferrer"');
    expect(sanitise(once)).toBe(once);
  });
});
