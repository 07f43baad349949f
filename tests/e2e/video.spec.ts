import type { Locator } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { loginViaApi } from '../support/e2e';
import { expect, test } from './workers';

const currentTime = (film: Locator) => film.evaluate((v: HTMLVideoElement) => v.currentTime);
const paused = (film: Locator) => film.evaluate((v: HTMLVideoElement) => v.paused);

for (const path of ['/#/wfVideo', '/#/videoDetail/1']) {
  test(`a visitor opening ${path} is sent home with 此内容需登录后查看。`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(/#\/index$/);
    const dialog = page.getByRole('dialog', { name: '验证码登录' });
    await expect(dialog.getByRole('alert')).toHaveText('此内容需登录后查看。');
  });
}

test('a believer opens the gallery and watches: one film at a time, at the rate chosen', async ({
  page,
  request,
}) => {
  await loginViaApi(page, request);
  await page.goto('/#/wfVideo');
  const gallery = page.getByRole('region', { name: '视频专区' });
  // Eight seeded films, six to a page, newest first.
  await expect(gallery.getByRole('link')).toHaveCount(6);
  await expect(gallery.getByRole('navigation', { name: '视频分页' })).toContainText(/第 1 页.*共 2 页.*8 条/);
  await expectNoAxeViolations(page, 'gallery');

  await gallery.getByRole('link', { name: /晨钟暮鼓：寺院的一天/ }).click();
  await expect(page).toHaveURL(/#\/videoDetail\/\d+\?info=%2Fimages%2F/);
  const article = page.getByRole('article', { name: '晨钟暮鼓：寺院的一天' });
  const film = article.getByLabel('晨钟暮鼓：寺院的一天');
  await expect(film).toHaveAttribute('poster', /^\/images\//);
  // It starts by itself (muted if Chromium insists) and time runs.
  await expect.poll(() => currentTime(film)).toBeGreaterThan(0.5);
  expect(await film.evaluate((v: HTMLVideoElement) => v.error)).toBeNull();

  await page.getByRole('radio', { name: '2x' }).click();
  await expect(page.getByRole('radio', { name: '2x' })).toHaveAttribute('aria-checked', 'true');
  expect(await film.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(2);

  await page.getByRole('radio', { name: '1x' }).click();
  expect(await film.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1);

  const more = page.getByRole('region', { name: '更多视频' });
  const second = more.locator('video').first();
  await second.scrollIntoViewIfNeeded();
  // The films are 6 s long: from the start again, so the first is surely still playing when the second starts.
  await film.evaluate((v: HTMLVideoElement) => {
    v.currentTime = 0;
    return v.play();
  });
  expect(await paused(film)).toBe(false);
  // The believer starts the second film: the first one stops, well before its end.
  await second.evaluate((v: HTMLVideoElement) => v.play());
  // At once (the film itself would stop only at its end, 6 s later).
  await expect.poll(() => paused(film), { timeout: 2000 }).toBe(true);
  expect(await film.evaluate((v: HTMLVideoElement) => v.ended)).toBe(false);
  expect(await currentTime(film)).toBeLessThan(4);
  await expect.poll(() => currentTime(second)).toBeGreaterThan(0.3);
  expect(await paused(second)).toBe(false);
  await expectNoAxeViolations(page, 'detail');
});

test('the films are served in byte ranges, so the player can seek', async ({ request }) => {
  const whole = await request.get('/media/videos/1.webm');
  expect(whole.status()).toBe(200);
  expect(whole.headers()['accept-ranges']).toBe('bytes');
  const size = (await whole.body()).length;
  const part = await request.get('/media/videos/1.webm', { headers: { Range: 'bytes=1000-1999' } });
  expect(part.status()).toBe(206);
  expect(part.headers()['content-range']).toBe(`bytes 1000-1999/${size}`);
  expect(part.headers()['content-type']).toBe('video/webm');
  expect((await part.body()).length).toBe(1000);
});

test('a film that cannot be loaded says so', async ({ page, request }) => {
  await loginViaApi(page, request);
  // The film is gone from the server (a 404 for its file): the page says it cannot be played.
  await page.route('**/media/videos/1.webm', (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto('/#/wfVideo');
  await page
    .getByRole('region', { name: '视频专区' })
    .getByRole('link', { name: /晨钟暮鼓/ })
    .click();
  const article = page.getByRole('article', { name: '晨钟暮鼓：寺院的一天' });
  await expect(article.getByRole('alert')).toHaveText('此视频暂无法播放，请稍后再试');
});

test('where the browser refuses to start a film with sound, it starts muted and 开启声音 turns it on', async ({
  page,
  request,
}) => {
  // Chromium refuses sound before the believer has touched a page of the site, but what counts
  // (a reload keeps the activation, media engagement) varies from run to run. The rule is set
  // here, in the page, before the site's code runs: no sound before a click on this page.
  await page.addInitScript(() => {
    let touched = false;
    document.addEventListener('pointerdown', () => {
      touched = true;
    });
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      return this.muted || touched
        ? play.call(this)
        : Promise.reject(new DOMException('play() needs a gesture', 'NotAllowedError'));
    };
  });
  await loginViaApi(page, request);
  await page.goto('/#/wfVideo');
  const link = page.getByRole('region', { name: '视频专区' }).getByRole('link', { name: /浴佛节法会实录/ });
  const href = await link.getAttribute('href');
  // Opened from the address bar (a bookmark): no gesture on the page yet.
  await page.goto(href ?? '');
  await page.reload();
  const film = page.getByRole('article', { name: '浴佛节法会实录' }).getByLabel('浴佛节法会实录');
  await expect.poll(() => currentTime(film)).toBeGreaterThan(0.3);
  expect(await film.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
  await page.getByRole('button', { name: '开启声音' }).click();
  expect(await film.evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
  await expect(page.getByRole('button', { name: '开启声音' })).toBeHidden();
  // The sound is on and the film goes on playing.
  expect(await paused(film)).toBe(false);
});
