import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assemblyApi } from '@contract/assembly';
import { ceremonyApi } from '@contract/ceremony';
import { meritApi } from '@contract/merit';
import { tabletApi } from '@contract/tablet';
import autocannon from 'autocannon';
import { createBenchDatabase } from './databases';
import { simulateDialogs } from './dialogs';
import {
  type Believer,
  believerAddress,
  PAY_RESULT,
  PREPAY,
  type Prepared,
  prepareDatabase,
} from './fixtures';
import { memoryRows } from './memory';
import { cpuSeconds, memoryMb, type ServerProcess, startProcess, startTempleServer } from './server-process';
import { against, ms, type Row, times } from './table';

/** One autocannon run's figures, with the server's CPU over it. */
export interface Load {
  rps: number;
  p50: number;
  p99: number;
  /** Server CPU per request, µs. */
  cpuUs: number;
  failures: number;
}

/** One request's form body, token and address (X-Forwarded-For, the servers trusting the bench as their proxy). */
interface Post {
  body: string;
  token: string;
  address?: string;
}

interface Target {
  what: string;
  path: string;
  /** The form posted; `each` gives the n-th request its own (many believers, each from home). */
  post?: Post & { each?: (n: number) => Post };
  /** Catalogue reads carry the p99 budget (ours/bare GET), the poll the CPU one (ours/bare POST). */
  budget?: 'read' | 'poll';
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * What Chromium sends with every GET: the catalogue's answers go out gzipped as a browser gets
 * them (the seat map is 15.3 KB of JSON and 1.7 KB gzipped; without the header the run measured
 * loopback copying of the raw bytes, p99 tracking the answer's size: 3.4× for the seat map).
 */
const BROWSER_GET_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

const formHeaders = (post: Post) => ({
  authorization: post.token,
  'content-type': 'application/x-www-form-urlencoded',
  ...(post.address ? { 'x-forwarded-for': post.address } : {}),
});

let sent = 0;
/**
 * One autocannon run; `latency` gets the time of every 2xx answer as autocannon measured it
 * (hrtime, in fractional ms), since its own percentiles are whole milliseconds.
 */
const cannon = (origin: string, target: Target, seconds: number, latency?: (ms: number) => void) => {
  const post = target.post;
  const each = post?.each;
  const options: autocannon.Options = {
    url: `${origin}${target.path}`,
    connections: 100,
    duration: seconds,
    ...(post
      ? { method: 'POST' as const, body: post.body, headers: formHeaders(post) }
      : { headers: BROWSER_GET_HEADERS }),
    ...(each
      ? {
          requests: [
            {
              method: 'POST' as const,
              path: target.path,
              setupRequest: (request: autocannon.Request) => {
                const next = each(sent++);
                return { ...request, body: next.body, headers: { ...request.headers, ...formHeaders(next) } };
              },
            },
          ],
        }
      : {}),
  };
  return new Promise<autocannon.Result>((done, fail) => {
    const instance = autocannon(options, (error, result) => (error ? fail(error) : done(result)));
    if (latency)
      instance.on('response', (_client, status, _bytes, responseMs) => {
        if (status >= 200 && status < 300) latency(responseMs);
      });
  });
};

const percentile = (sorted: Float64Array, p: number) =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);

/** A 1 s warm-up, then 5 s measured at 100 connections; p50 and p99 from every 2xx answer's own time. */
export const measure = async (server: ServerProcess, target: Target): Promise<Load> => {
  await cannon(server.origin, target, 1);
  const times: number[] = [];
  const before = cpuSeconds(server.pid);
  const result = await cannon(server.origin, target, 5, (t) => times.push(t));
  const cpu = cpuSeconds(server.pid) - before;
  const total = result.requests.total;
  const sorted = Float64Array.from(times).sort();
  return {
    rps: result.requests.average,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    cpuUs: total > 0 ? (cpu / total) * 1e6 : 0,
    failures: result.non2xx + result.errors,
  };
};

const form = (jsonObject: unknown) =>
  new URLSearchParams({ jsonObject: JSON.stringify(jsonObject) }).toString();

const targets = (prepared: Prepared, payer: Believer): Target[] => [
  { what: 'assembly list', path: assemblyApi.list.path, budget: 'read' },
  { what: 'calendar data', path: ceremonyApi.calendarInterval.path, budget: 'read' },
  {
    what: 'seat map (300 tablets)',
    path: `${tabletApi.seats.path}?pwLocation=2&pwType=2&pwGroup=1`,
    budget: 'read',
  },
  { what: 'merit detail', path: `${meritApi.detail.path}?id=${prepared.lamp.ID}`, budget: 'read' },
  {
    what: 'order creation (prePay, merit)',
    path: PREPAY,
    // Every believer in turn, each from an address of their own: the per-believer and per-address
    // order limits (issue 13) let a real crowd through and would refuse one believer's thousands.
    post: {
      body: form(prepared.meritOrder(payer.phone)),
      token: payer.token,
      each: (n) => {
        const b = prepared.believers[n % prepared.believers.length] ?? payer;
        return { body: form(prepared.meritOrder(b.phone)), token: b.token, address: believerAddress(n) };
      },
    },
  },
  {
    what: 'payment status (payResult)',
    path: PAY_RESULT,
    post: { body: form({ out_trade_no: payer.orderNo }), token: payer.token },
    budget: 'poll',
  },
];

const figure = (l: Load) =>
  `${Math.round(l.rps)} req/s · p50 ${ms(l.p50)} · p99 ${ms(l.p99)} · ${Math.round(l.cpuUs)} µs CPU/req` +
  (l.failures > 0 ? ` · ${l.failures} failed` : '');

const us = (value: number) => `${Math.round(value)} µs`;
/** A p99 beside its ratio to a tenth of a millisecond, so the ratio can be checked from the cell. */
const ms1 = (value: number) => `${value.toFixed(1)} ms`;

/** Issue 22's budgets, judged on PostgreSQL: a catalogue read's p99 and the poll's CPU per request. */
const READ_P99_LIMIT = 2;
const POLL_CPU_LIMIT = 1.5;
const DIALOGS_CPU_LIMIT = 1.5;

/**
 * The row's budget, ratio and pass: a catalogue read by its p99 over bare Hono's GET, the poll by
 * its CPU per request over bare Hono's POST, any other row by its p99, unjudged; the other ratios
 * follow. A row with failed requests is ✗ whatever its figures.
 */
const judged = (
  kind: string,
  target: Target,
  ours: Load,
  bare: Load,
): Pick<Row, 'budget' | 'ratio' | 'pass'> => {
  const name = target.post ? 'bare POST' : 'bare GET';
  const budgeted = kind === 'PostgreSQL' ? target.budget : undefined;
  const main =
    target.budget === 'poll'
      ? against(ours.cpuUs, bare.cpuUs, {
          show: us,
          name,
          label: 'CPU/req',
          limit: budgeted ? POLL_CPU_LIMIT : undefined,
        })
      : against(ours.p99, bare.p99, {
          show: ms1,
          name,
          label: 'p99',
          limit: budgeted === 'read' ? READ_P99_LIMIT : undefined,
        });
  const others = [
    ...(target.budget === 'poll'
      ? [`p99 ${times(ours.p99, bare.p99)}`]
      : [`CPU/req ${times(ours.cpuUs, bare.cpuUs)}`]),
    `req/s ${times(ours.rps, bare.rps)}`,
  ];
  return {
    budget: main.budget,
    ratio: `${main.ratio}; ${others.join('; ')}`,
    pass: ours.failures > 0 ? false : main.pass,
  };
};

/** Bare Hono answering a constant: the reference of every API row, GET and POST. */
const measureBare = async (prepared: Prepared, payer: Believer) => {
  const bare = await startProcess('tests/bench/bare-hono.ts', {});
  try {
    const all = targets(prepared, payer);
    const [get, post] = [all.find((t) => !t.post), all.find((t) => t.budget === 'poll')];
    if (!get || !post) throw new Error('no GET or poll target');
    return {
      get: await measure(bare, get),
      post: await measure(bare, post),
      dialogs: await simulateDialogs(bare, prepared.believers),
    };
  } finally {
    await bare.stop();
  }
};

const DIALOGS = 1000;

/**
 * The API rows on PostgreSQL and on PGlite, each server a child process on a database prepared
 * with 1000 believers holding one unpaid order each; then 1000 simulated QR dialogs, and the
 * server's memory at idle and at its peak.
 */
export const loadRows = async (): Promise<Row[]> => {
  const rows: Row[] = [];
  let reference: Awaited<ReturnType<typeof measureBare>> | undefined;
  for (const kind of ['PostgreSQL', 'PGlite'] as const) {
    const where: { url: string } | { dataDir: string } =
      kind === 'PostgreSQL'
        ? { url: await createBenchDatabase() }
        : { dataDir: mkdtempSync(join(tmpdir(), 'bench-pglite-')) };
    const prepared = await prepareDatabase(where, DIALOGS, true);
    const payer = prepared.believers[0];
    if (!payer) throw new Error('no believer prepared');
    reference ??= await measureBare(prepared, payer);
    const server = await startTempleServer(where);
    try {
      await sleep(2000);
      const idle = memoryMb(server.pid, 'VmRSS');
      for (const target of targets(prepared, payer)) {
        const ours = await measure(server, target);
        const bare = target.post ? reference.post : reference.get;
        rows.push({
          section: 'API',
          what: `${kind} · ${target.what}`,
          figure: figure(ours),
          ...judged(kind, target, ours, bare),
        });
      }
      const dialogs = await simulateDialogs(server, prepared.believers);
      const cpu = against(dialogs.corePercent, reference.dialogs.corePercent, {
        show: (percent) => `${percent.toFixed(1)}%`,
        name: 'bare',
        label: 'CPU',
        limit: kind === 'PostgreSQL' ? DIALOGS_CPU_LIMIT : undefined,
      });
      rows.push({
        section: 'API',
        what: `${kind} · ${DIALOGS} QR dialogs polling 1/s for 10 s`,
        figure: `${dialogs.corePercent.toFixed(1)}% of one core · p99 ${ms(dialogs.p99)}${dialogs.failures ? ` · failed: ${dialogs.failures}` : ''}`,
        ...cpu,
        ratio: `${cpu.ratio}; p99 ${times(dialogs.p99, reference.dialogs.p99)}`,
        pass: dialogs.failures ? false : cpu.pass,
      });
      rows.push(...memoryRows(kind, idle, memoryMb(server.pid, 'VmHWM')));
    } finally {
      await server.stop();
      if ('dataDir' in where) rmSync(where.dataDir, { recursive: true, force: true });
    }
  }
  if (!reference) throw new Error('bare Hono was not measured');
  const bare = (what: string, figureText: string): Row => ({
    section: 'API',
    what: `bare Hono · ${what}`,
    figure: figureText,
    budget: '—',
    ratio: 'reference',
    pass: null,
  });
  rows.unshift(
    bare('GET constant', figure(reference.get)),
    bare('POST form constant', figure(reference.post)),
    bare(
      `${DIALOGS} dialogs polling 1/s for 10 s`,
      `${reference.dialogs.corePercent.toFixed(1)}% of one core · p99 ${ms(reference.dialogs.p99)}`,
    ),
  );
  return rows;
};
