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
import { ms, type Row, times } from './table';

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
  /** Catalogue reads carry the p99 budget; the poll the CPU budget. */
  budget?: 'read' | 'poll';
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

const formHeaders = (post: Post) => ({
  authorization: post.token,
  'content-type': 'application/x-www-form-urlencoded',
  ...(post.address ? { 'x-forwarded-for': post.address } : {}),
});

let sent = 0;
const cannon = (origin: string, target: Target, seconds: number) => {
  const post = target.post;
  const each = post?.each;
  return autocannon({
    url: `${origin}${target.path}`,
    connections: 100,
    duration: seconds,
    ...(post ? { method: 'POST' as const, body: post.body, headers: formHeaders(post) } : {}),
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
  });
};

/** A 1 s warm-up, then 5 s measured at 100 connections. */
export const measure = async (server: ServerProcess, target: Target): Promise<Load> => {
  await cannon(server.origin, target, 1);
  const before = cpuSeconds(server.pid);
  const result = await cannon(server.origin, target, 5);
  const cpu = cpuSeconds(server.pid) - before;
  const total = result.requests.total;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
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

const judged = (kind: string, target: Target, ours: Load, bare: Load): Pick<Row, 'budget' | 'pass'> => {
  const failed = ours.failures > 0 ? false : null;
  if (kind !== 'PostgreSQL' || !target.budget) return { budget: '—', pass: failed };
  if (target.budget === 'read')
    return { budget: `p99 < 15 ms (moonshot < ${ms(2 * bare.p99)})`, pass: failed ?? ours.p99 < 15 };
  return { budget: '< 100 µs CPU/req', pass: failed ?? ours.cpuUs < 100 };
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
          ratio: `p99 ${times(ours.p99, bare.p99)} bare (${ms(bare.p99)}); req/s ${times(ours.rps, bare.rps)}`,
          ...judged(kind, target, ours, bare),
        });
      }
      const dialogs = await simulateDialogs(server, prepared.believers);
      rows.push({
        section: 'API',
        what: `${kind} · ${DIALOGS} QR dialogs polling 1/s for 10 s`,
        figure: `${dialogs.corePercent.toFixed(1)}% of one core · p99 ${ms(dialogs.p99)}${dialogs.failures ? ` · failed: ${dialogs.failures}` : ''}`,
        budget: kind === 'PostgreSQL' ? '< 10% of one core' : '—',
        ratio: `${times(dialogs.corePercent, reference.dialogs.corePercent)} bare (${reference.dialogs.corePercent.toFixed(1)}%)`,
        pass: dialogs.failures ? false : kind === 'PostgreSQL' ? dialogs.corePercent < 10 : null,
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
