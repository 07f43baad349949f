import { createApp } from '@server/app';
import type { ShiftableClock } from '@server/clock';
import type { DatabaseHandle } from '@server/db/database';
import { createLogSmsProvider, SmsOutbox } from '@server/gateways/sms';
import { silentLogger } from '@server/logger';
import { afterAll, beforeAll, expect } from 'vitest';
import { createFakeClock } from './fake-clock';
import { type DatabaseKind, openTestDatabase } from './test-databases';

export interface ApiAnswer {
  status: number;
  body: { status?: number; code?: number; msg: string; data?: unknown };
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  database: DatabaseHandle;
  clock: ShiftableClock;
  outbox: SmsOutbox;
  /** A JSON call; answers the status and the parsed body. No call in the suite may answer a 500. */
  call(method: string, path: string, body?: unknown, token?: string): Promise<ApiAnswer>;
}

/** The real app in process on a fresh database of `kind`, with a fake clock and the dev outbox. */
export const useTestApp = (kind: DatabaseKind): TestApp => {
  const clock = createFakeClock();
  const outbox = new SmsOutbox();
  const ctx = { clock, outbox } as TestApp;
  beforeAll(async () => {
    ctx.database = await openTestDatabase(kind, clock.now());
    ctx.app = createApp({
      db: ctx.database.db,
      clock,
      sms: createLogSmsProvider(silentLogger, outbox),
      logger: silentLogger,
      secret: 'test-secret-0123456789',
      devTools: { outbox, clock },
    });
  }, 60_000);
  afterAll(async () => {
    await ctx.database?.close();
  });
  ctx.call = async (method, path, body, token) => {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await ctx.app.request(path, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    expect(res.status, `${method} ${path} answered a server error`).toBeLessThan(500);
    return { status: res.status, body: await res.json() };
  };
  return ctx;
};
