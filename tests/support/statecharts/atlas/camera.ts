import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { chromium } from '@playwright/test';
import { isMotif, seedImageSvg } from '@server/images/seed-image';
import sharp from 'sharp';
import type { AtlasColumn, RecordedScreen } from './recorder';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
};

// jsdom has no object URLs: the tests show a fetched photo from a stand-in blob:test/<n>, which
// Chromium cannot open; the atlas draws a picture in its place.
const BLOB_STAND_IN = '/images/lotus.svg?title=%E7%85%A7%E7%89%87';

const DIALOG = '[role="dialog"], [role="alertdialog"]';

/**
 * What a recorded page looks like in Chromium: the 1440×900 view (a phone's: 390×844, where a
 * dialog is a full-screen sheet), the open dialog's crop (a computer's only), its texts.
 */
export interface Photo {
  full: Buffer;
  dialog: Buffer | null;
  texts: string[];
}

const webp = (png: Buffer) => sharp(png).webp({ quality: 70, effort: 5 }).toBuffer();

/**
 * Chromium over the built site (`siteDir`, for its stylesheets): `photograph` puts a recorded body
 * in a page of its own with the site's or the console's stylesheet, nothing moving, and answers
 * its WebP pictures and texts. The drawn pictures the fixtures name (/images/<motif>.svg) are
 * drawn as the server draws them; a name the server does not draw shows the lotus, as the page's
 * fallback would (the recorded page is static: no script swaps a picture that fails).
 */
export const openCamera = async (siteDir: string) => {
  const stylesheet = (prefix: string) => {
    const file = readdirSync(join(siteDir, 'assets')).find((f) => f.startsWith(prefix) && f.endsWith('.css'));
    if (!file) throw new Error(`no ${prefix}*.css in the build`);
    return `/assets/${file}`;
  };
  const css = { site: stylesheet('site-'), console: stylesheet('console-') };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const motif = /^\/images\/([a-z]+)\.svg$/.exec(url.pathname)?.[1];
    if (motif) {
      const title = (url.searchParams.get('title') ?? '').slice(0, 20);
      const tone = Number(url.searchParams.get('tone')) || 0;
      response.writeHead(200, { 'content-type': 'image/svg+xml; charset=utf-8' });
      response.end(seedImageSvg(isMotif(motif) ? motif : 'lotus', title, tone));
      return;
    }
    const file = join(siteDir, normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(siteDir) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  const pages = {
    desktop: await browser.newPage({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 }),
    // Playwright's iPhone 13 screen (the phone edition's stylesheet rules are by width), at 1×.
    phone: await browser.newPage({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 1,
      isMobile: true,
      hasTouch: true,
    }),
  };
  let shots = 0;

  const photograph = async (
    screen: RecordedScreen,
    { onConsole, column }: { onConsole: boolean; column: AtlasColumn },
  ): Promise<Photo> => {
    const page = pages[column];
    shots += 1;
    const file = `atlas-screen-${shots}.html`;
    mkdirSync(siteDir, { recursive: true });
    writeFileSync(
      join(siteDir, file),
      `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="${onConsole ? css.console : css.site}">
<style>*,*::before,*::after{animation:none!important;transition:none!important;caret-color:transparent!important}</style>
</head><body>${screen.html.replace(/blob:test\/\d+/g, BLOB_STAND_IN)}</body></html>`,
    );
    await page.goto(`${origin}/${file}`, { waitUntil: 'networkidle' });
    await page.evaluate(() => document.fonts.ready);
    const dialogs = page.locator(DIALOG);
    const open = (await dialogs.count()) > 0;
    // Without a dialog, the view is where the believer last acted (the focus the recorder marked).
    if (!open)
      await page.evaluate(() =>
        document.querySelector('[data-atlas-focus]')?.scrollIntoView({ block: 'center' }),
      );
    const full = await webp(await page.screenshot());
    const dialog = open && column === 'desktop' ? await webp(await dialogs.last().screenshot()) : null;
    const texts = await page.evaluate((selector) => {
      // A drop-down shows its chosen option, not the 200 years it offers.
      for (const select of document.querySelectorAll('select')) {
        const shown = document.createElement('span');
        shown.textContent = select.selectedOptions[0]?.textContent ?? '';
        select.replaceWith(shown);
      }
      const root =
        [...document.querySelectorAll<HTMLElement>(selector)].at(-1) ??
        document.querySelector('main') ??
        document.body;
      const lines = root.innerText
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
      return lines.filter((line, i) => line !== lines[i - 1]).slice(0, 80);
    }, DIALOG);
    return { full, dialog, texts };
  };

  return {
    photograph,
    close: async () => {
      await browser.close();
      server.close();
    },
  };
};
