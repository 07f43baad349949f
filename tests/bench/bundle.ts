import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Browser, type BrowserContextOptions, chromium, devices } from '@playwright/test';
import { Hono } from 'hono';
import { routeUrls } from './routes';
import { against, kb, type Row } from './table';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Visit {
  raw: number;
  gzip: number;
  files: number;
  /** The longest chain of API calls each starting after the one before it finished. */
  trips: number;
}

const API = /\/(api|portal)\//;

/** Longest chain of requests where each starts after the previous one ended. */
export const sequentialTrips = (calls: { start: number; end: number }[]): number => {
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  const chain: number[] = [];
  for (const [i, call] of sorted.entries())
    chain[i] =
      1 + Math.max(0, ...sorted.slice(0, i).map((c, j) => (c.end <= call.start ? (chain[j] ?? 0) : 0)));
  return Math.max(0, ...chain);
};

/**
 * A first visit in a fresh context (a desktop's, or `device`'s): every script and stylesheet
 * (raw, gzip) and the API chain.
 */
export const firstVisit = async (
  browser: Browser,
  url: string,
  device: BrowserContextOptions = {},
): Promise<Visit> => {
  const context = await browser.newContext(device);
  const page = await context.newPage();
  const bodies: Promise<Buffer | null>[] = [];
  const calls = new Map<object, { start: number; end: number }>();
  page.on('request', (req) => {
    if (API.test(new URL(req.url()).pathname)) calls.set(req, { start: performance.now(), end: Infinity });
  });
  const ended = (req: object) => {
    const call = calls.get(req);
    if (call) call.end = performance.now();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  page.on('response', (res) => {
    const type = res.request().resourceType();
    const path = new URL(res.url()).pathname;
    if (type === 'script' || type === 'stylesheet' || /\.(m?js|css)$/.test(path))
      bodies.push(res.body().catch(() => null));
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const files = (await Promise.all(bodies)).filter((b): b is Buffer => b !== null);
  await context.close();
  return {
    raw: files.reduce((sum, b) => sum + b.length, 0),
    gzip: files.reduce((sum, b) => sum + gzipSync(b).length, 0),
    files: files.length,
    trips: sequentialTrips([...calls.values()]),
  };
};

/** Issue 22: the first visit of /index, JS and CSS, in gzip KB and over the floor of the same run. */
const INDEX_GZIP_KB = 150;
const INDEX_FLOOR_LIMIT = 2.3;

/** Playwright's iPhone 13 (its screen, touch and agent), in the Chromium that runs here. */
const { defaultBrowserType: _webkit, ...IPHONE_13 } = devices['iPhone 13'];

const files = (n: number) => `${n} ${n === 1 ? 'file' : 'files'}`;

/** The floor's build served as static files by a tiny Hono server on @hono/node-server. */
const serveFloor = async (floorDir: string) => {
  const app = new Hono();
  app.use('*', serveStatic({ root: floorDir }));
  return new Promise<{ origin: string; close: () => void }>((done) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      done({ origin: `http://127.0.0.1:${info.port}`, close: () => server.close() }),
    );
  });
};

/** First visit JS + CSS of every route of the production build, beside the React 19 floor. */
export const bundleRows = async (origin: string, floorDir: string): Promise<Row[]> => {
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  const floorServer = await serveFloor(floorDir);
  try {
    const floor = await firstVisit(browser, `${floorServer.origin}/`);
    const rows: Row[] = [
      {
        section: 'Bundle',
        what: 'floor: React 19 heading, same Vite',
        figure: `${kb(floor.gzip)} gzip · ${kb(floor.raw)} raw · ${files(floor.files)}`,
        budget: '—',
        ratio: 'reference',
        pass: null,
      },
    ];
    // The phone home (issue 36): the phone edition's /, on an iPhone, under the home's budget.
    const visits = [
      ...(await routeUrls(origin)).map(({ route, url }) => ({ route, url, device: {} })),
      { route: '/ (phone home, iPhone 13)', url: `${origin}/#/`, device: IPHONE_13 },
    ];
    for (const { route, url, device } of visits) {
      const visit = await firstVisit(browser, url, device);
      const home = route === '/index' || device === IPHONE_13;
      const ratio = against(visit.gzip, floor.gzip, {
        show: kb,
        name: 'floor',
        limit: home ? INDEX_FLOOR_LIMIT : undefined,
      });
      const withinKb = visit.gzip <= INDEX_GZIP_KB * 1024;
      rows.push({
        section: 'Bundle',
        what: `first visit ${decodeURIComponent(route)}`,
        figure: `${kb(visit.gzip)} gzip · ${kb(visit.raw)} raw · ${files(visit.files)}`,
        ...ratio,
        budget: home ? `≤ ${INDEX_GZIP_KB} KB gzip and ${ratio.budget}` : '—',
        trips: visit.trips,
        pass: home ? withinKb && ratio.pass === true : null,
      });
    }
    return rows;
  } finally {
    floorServer.close();
    await browser.close();
  }
};
