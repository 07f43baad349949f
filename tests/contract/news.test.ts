import {
  externalLink,
  hoeListRequest,
  NEWS_MESSAGES,
  NEWS_UNPAGED_MAX,
  newsDate,
  newsDetailEndpoint,
  newsListRequest,
  pageWindow,
} from '@contract/news';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

describe('the news contract', () => {
  it.each([
    ['2026-11-05', { day: '05', yearMonth: '2026-11' }],
    ['2027-01-31', { day: '31', yearMonth: '2027-01' }],
    ['2026-11-05T08:00:00Z', { day: '05', yearMonth: '2026-11' }],
    ['', { day: '', yearMonth: '' }],
    ['五月', { day: '', yearMonth: '' }],
  ])('splits %s into a day and a year-month', (date, expected) => {
    expect(newsDate(date)).toEqual(expected);
  });

  it.each([
    ['https://www.sara.gov.cn/', 'https://www.sara.gov.cn/'],
    ['http://example.org/a?b=1', 'http://example.org/a?b=1'],
    ['javascript:alert(1)', null],
    ['JavaScript:alert(1)', null],
    ['data:text/html,<script>1</script>', null],
    ['/newsDetail?id=1', null],
    ['', null],
    [null, null],
  ])('opens %s only when it is an http(s) address', (link, expected) => {
    expect(externalLink(link)).toBe(expected);
  });

  it('reads the home call (no page, no size) as the whole list, and defaults the other half of a page', () => {
    expect(pageWindow({})).toEqual({ offset: 0, limit: NEWS_UNPAGED_MAX });
    expect(pageWindow({ page: 2 })).toEqual({ offset: 20, limit: 10 });
    expect(pageWindow({ size: 8 })).toEqual({ offset: 0, limit: 8 });
    expect(pageWindow({ page: 3, size: 6 })).toEqual({ offset: 18, limit: 6 });
  });

  it('parses the list query as numbers, status 1 by default', () => {
    expect(
      v.parse(newsListRequest, { newsMenuId: '2', page: '1', size: '15', businessMode: 'trend' }),
    ).toEqual({
      newsMenuId: 2,
      page: 1,
      size: 15,
      businessMode: 'trend',
      status: 1,
    });
    expect(v.parse(hoeListRequest, {})).toEqual({ status: 1 });
  });

  it.each<[string, Record<string, string>]>([
    ['a size not offered', { size: '9' }],
    ['a negative page', { page: '-1' }],
    ['a fractional page', { page: '0.5' }],
    ['an unpublished status', { status: '0' }],
    ['an unknown business mode', { businessMode: 'ECHO' }],
    ['a menu beyond integer', { newsMenuId: '99999999999' }],
  ])('refuses %s with 查询条件不正确', (_, query) => {
    const result = v.safeParse(newsListRequest, query);
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.message).toBe(NEWS_MESSAGES.query);
  });

  it('names the detail call by the article id', () => {
    expect(newsDetailEndpoint(42).path).toBe('/api/yxs-app/news/42');
  });
});
