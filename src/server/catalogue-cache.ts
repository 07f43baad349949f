import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import type { Clock } from './clock';
import { type Db, pgliteConnectionUses } from './db/database';
import { okBody, portalOkBody } from './http';
import { type Horizon, horizonAt } from './services/answer-horizon';

/**
 * The catalogue's answers (lists, details, calendars, seat maps) kept encoded per instance: the
 * JSON bytes, their gzip and an ETag, built once per key (path and query) and catalogue version.
 *
 * Exact, across instances and whoever changes the data: triggers move `catalogue_version` inside
 * every transaction that changes what an answer shows (migration 0010), and each request reads that
 * row in a read that STARTED AFTER the request arrived, so any change committed before then is
 * seen. Concurrent requests share one such read (one in flight, the next queued behind it): the
 * database sees about one primary-key read per round trip, however many requests wait; PGlite
 * skips it while nothing else used its one connection. An answer is built from reads made after
 * its version was read, so it is never older than its version. What time alone changes (a hold
 * running out, the temple's next day) bounds an answer through its `Horizon`: it is rebuilt once
 * the clock (the demo clock included) reaches that instant.
 *
 * Why not LISTEN/NOTIFY: a notification reaches the other instance some time after the commit
 * (and not at all while its listening connection is down), so a seat sold on one instance could
 * still show free on the other right after the sale was answered.
 */

interface Entry {
  version: number;
  /** The clock's instant it was built for, and the first instant it no longer holds (ms). */
  from: number;
  until: number;
  body: Uint8Array<ArrayBuffer>;
  /** Bodies under 1 KB are sent as they are (the compress middleware's threshold). */
  gzip: Uint8Array<ArrayBuffer> | null;
  etag: string;
}

/**
 * Enough for every catalogue key the site has; junk query strings (the schemas ignore unknown
 * parameters) cannot grow it beyond this many answers nor beyond this many bytes.
 */
const MAX_ENTRIES = 2_000;
const MAX_BYTES = 32 * 1024 * 1024;
const MAX_KEY_LENGTH = 512;
const GZIP_THRESHOLD = 1024;

/** Runs `read` so that every caller gets the result of a read that started after it called. */
const coalesced = <T>(read: () => Promise<T>): (() => Promise<T>) => {
  let running: Promise<T> | undefined;
  let queued: Promise<T> | undefined;
  const latest = (): Promise<T> => {
    if (!running) {
      const run: Promise<T> = read().finally(() => {
        if (running === run) running = undefined;
      });
      running = run;
      return run;
    }
    // A read that failed fails its waiters too (the database is away: they answer 503 at once).
    queued ??= running.then(
      () => {
        queued = undefined;
        return latest();
      },
      (error: unknown) => {
        queued = undefined;
        throw error;
      },
    );
    return queued;
  };
  return latest;
};

const bytes = (data: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(data);

const encode = (payload: unknown, version: number, at: Horizon): Entry => {
  const body = bytes(Buffer.from(JSON.stringify(payload)));
  return {
    version,
    from: at.now.getTime(),
    until: at.until,
    body,
    gzip: body.length >= GZIP_THRESHOLD ? bytes(gzipSync(body)) : null,
    etag: `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
  };
};

/** Whether Accept-Encoding takes gzip (and not with q=0). */
const acceptsGzip = (header: string | undefined): boolean =>
  (header ?? '')
    .toLowerCase()
    .split(',')
    .some((part) => {
      const [name, ...params] = part.split(';').map((p) => p.trim());
      return (name === 'gzip' || name === '*') && !params.some((p) => /^q=0(\.0*)?$/.test(p));
    });

/** If-None-Match against a weak ETag (weak comparison, RFC 9110 section 13.1.2). */
const notModified = (header: string | undefined, etag: string): boolean =>
  (header ?? '').split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || `W/${t}` === etag;
  });

export const createCatalogueCache = ({ db, clock }: { db: Db; clock: Clock }) => {
  const versionQuery = db.selectFrom('catalogue_version').select('version').where('id', '=', 1).compile();
  // On PGlite (one process, one connection) the version cannot move while nothing else took the
  // connection since it was read: the read is skipped then.
  const uses = pgliteConnectionUses(db);
  let known: { version: number; uses: number } | undefined;
  const readVersion = coalesced(async () => {
    const before = uses?.();
    const { rows } = await db.executeQuery(versionQuery);
    // Migration 0010 inserts the row; without it no trigger could move the version.
    if (!rows[0]) throw new Error('catalogue_version has no row');
    const version = Number(rows[0].version);
    // This read took the connection once; any other use since `before` forces the next read.
    if (before !== undefined) known = { version, uses: before + 1 };
    return version;
  });
  const latestVersion = () => (known && uses?.() === known.uses ? known.version : readVersion());
  const entries = new Map<string, Entry>();
  const building = new Map<string, { version: number; entry: Promise<Entry> }>();

  const holds = (entry: Entry | undefined, version: number, now: number): entry is Entry =>
    entry !== undefined && entry.version === version && entry.from <= now && now < entry.until;

  let storedBytes = 0;
  const sizeOf = (entry: Entry) => entry.body.length + (entry.gzip?.length ?? 0);
  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    storedBytes -= sizeOf(entry);
    entries.delete(key);
  };

  const store = (key: string, entry: Entry) => {
    const current = entries.get(key);
    if (current && current.version > entry.version) return;
    forget(key);
    entries.set(key, entry);
    storedBytes += sizeOf(entry);
    // The oldest answers go first (insertion order) until both limits hold.
    while (entries.size > MAX_ENTRIES || storedBytes > MAX_BYTES) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      forget(oldest);
    }
  };

  /** One build per key and version at a time: a burst after a change queries the database once. */
  const build = (key: string, version: number, make: () => Promise<Entry>) => {
    const pending = building.get(key);
    if (pending?.version === version) return pending.entry;
    const entry = make();
    building.set(key, { version, entry });
    const done = () => {
      if (building.get(key)?.entry === entry) building.delete(key);
    };
    entry.then(done, done);
    return entry;
  };

  const send = (c: Context, entry: Entry): Response => {
    const headers: Record<string, string> = {
      ETag: entry.etag,
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
    };
    if (notModified(c.req.header('if-none-match'), entry.etag)) return c.body(null, 304, headers);
    headers['Content-Type'] = 'application/json';
    if (entry.gzip && acceptsGzip(c.req.header('accept-encoding'))) {
      headers['Content-Encoding'] = 'gzip';
      headers['Content-Length'] = String(entry.gzip.length);
      return c.body(entry.gzip, 200, headers);
    }
    headers['Content-Length'] = String(entry.body.length);
    return c.body(entry.body, 200, headers);
  };

  const answer = async (c: Context, payload: (at: Horizon) => Promise<unknown>): Promise<Response> => {
    const url = c.req.url;
    const queryAt = url.indexOf('?');
    const key = queryAt < 0 ? c.req.path : c.req.path + url.slice(queryAt);
    const version = await latestVersion();
    const buildNow = async () => {
      const at = horizonAt(clock.now());
      return encode(await payload(at), version, at);
    };
    if (key.length > MAX_KEY_LENGTH) return send(c, await buildNow());
    let entry = entries.get(key);
    if (!holds(entry, version, clock.now().getTime())) {
      entry = await build(key, version, buildNow);
      // A build already under way for an earlier instant may not hold now: build for now.
      if (!holds(entry, version, clock.now().getTime())) entry = await buildNow();
      store(key, entry);
    }
    return send(c, entry);
  };

  return {
    /** A catalogue answer in the portal's envelope (`{ code: 0, msg, data }`). */
    portal: (c: Context, data: (at: Horizon) => Promise<unknown>) =>
      answer(c, async (at) => portalOkBody(await data(at))),
    /** A catalogue answer in the main server's envelope (`{ status: 200, msg, data }`). */
    main: (c: Context, data: (at: Horizon) => Promise<unknown>) =>
      answer(c, async (at) => okBody(await data(at))),
  };
};

export type CatalogueCache = ReturnType<typeof createCatalogueCache>;
