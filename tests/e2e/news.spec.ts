import { LINKED_ARTICLE_TITLE } from '../../src/server/db/seed/news';
import { expectNoAxeViolations } from '../support/axe';
import { UNSAFE_ARTICLE_READABLE, UNSAFE_ARTICLE_TITLE } from '../support/news-fixtures';
import { expect, test } from './workers';

test('the news page pages its two tabs, keeps the page in the URL, and opens a linked article in a new tab', async ({
  page,
}) => {
  await page.goto('/#/NewsConsulting');
  const news = page.getByRole('list', { name: '信息资讯' });
  await expect(news.getByRole('link')).toHaveCount(10);
  await expectNoAxeViolations(page, '寺院动态');

  const external = news.getByRole('link', { name: new RegExp(LINKED_ARTICLE_TITLE) });
  await expect(external).toHaveAttribute('target', '_blank');
  await expect(external).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(external).toHaveAttribute('href', /^https:\/\//);

  const pager = page.getByRole('navigation', { name: '信息资讯分页' });
  await pager.getByRole('button', { name: '下一页' }).click();
  await expect(news.getByRole('link')).toHaveCount(2);
  await expect(pager.getByText(/第 2 页/)).toBeVisible();
  expect(page.url()).toContain('newsPage=1');
  // The page survives a reload: it lives in the URL.
  await page.reload();
  await expect(page.getByRole('list', { name: '信息资讯' }).getByRole('link')).toHaveCount(2);

  await page.getByRole('tab', { name: '法会安排' }).click();
  const schedule = page.getByRole('list', { name: '法会安排' });
  await expect(schedule.getByRole('link').first()).toBeVisible();
  expect(page.url()).toContain('tab=hoe');
  await expectNoAxeViolations(page, '法会安排');
});

test('the unsafe article shows its text and runs nothing: no script, no onerror, no javascript: link', async ({
  page,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await page.goto('/#/NewsConsulting');
  await page.getByRole('link', { name: new RegExp(UNSAFE_ARTICLE_TITLE) }).click();
  await expect(page.getByRole('heading', { level: 1, name: UNSAFE_ARTICLE_TITLE })).toBeVisible();
  await expect(page).toHaveURL(/#\/newsDetail\?id=\d+/);
  const crumbs = page.getByRole('navigation', { name: '当前位置' });
  await expect(crumbs).toContainText('首页');
  await expect(crumbs.getByRole('link', { name: '寺院动态' })).toBeVisible();
  await expect(crumbs).toContainText('新闻详情');

  const article = page.getByRole('article');
  await expect(article.getByText(UNSAFE_ARTICLE_READABLE)).toBeVisible();
  // The broken picture has failed to load by now: an onerror left in place would have run.
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  expect(await article.locator('script').count()).toBe(0);
  expect(await article.locator('[onerror]').count()).toBe(0);
  expect(await article.locator('a[href^="javascript:" i]').count()).toBe(0);
  await article.getByText('点击此处查看详情').click();
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  await expectNoAxeViolations(page, '新闻详情');

  // The same article by path.
  const id = new URL(page.url().replace('/#', '')).searchParams.get('id');
  await page.goto(`/#/listDetail/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: UNSAFE_ARTICLE_TITLE })).toBeVisible();
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
});
