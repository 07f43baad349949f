import { createApp, createServices } from '@server/app';
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
  /** A portal form post: `jsonObject` holds the JSON, as the order calls send it. */
  form(path: string, jsonObject: unknown, token?: string): Promise<ApiAnswer>;
  /** Runs the hold sweeper once, as the server does every 30 s; answers how many orders it closed. */
  sweep(): Promise<number>;
  /** Registers a believer with an SMS code (the clock moves past the send cooldown) and answers the token. */
  login(phone: string): Promise<string>;
}

/** The real app in process on a fresh database of `kind`, with a fake clock and the dev outbox. */
export const useTestApp = (kind: DatabaseKind): TestApp => {
  const clock = createFakeClock();
  const outbox = new SmsOutbox();
  const ctx = { clock, outbox } as TestApp;
  beforeAll(async () => {
    ctx.database = await openTestDatabase(kind, clock.now());
    const deps = {
      db: ctx.database.db,
      clock,
      sms: createLogSmsProvider(silentLogger, outbox),
      logger: silentLogger,
      secret: 'test-secret-0123456789',
      devTools: { outbox, clock },
    };
    const services = createServices(deps);
    ctx.app = createApp(deps, services);
    ctx.sweep = () => services.orders.closeExpired();
  }, 60_000);
  afterAll(async () => {
    await ctx.database?.close();
  });
  const answer = async (res: Response, what: string): Promise<ApiAnswer> => {
    expect(res.status, `${what} answered a server error`).toBeLessThan(500);
    return { status: res.status, body: await res.json() };
  };
  ctx.form = async (path, jsonObject, token) => {
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (token) headers.authorization = token;
    const body = new URLSearchParams({ jsonObject: JSON.stringify(jsonObject) }).toString();
    return answer(await ctx.app.request(path, { method: 'POST', headers, body }), `POST ${path}`);
  };
  ctx.login = async (phone) => {
    clock.advance(61);
    await ctx.call('POST', '/api/register/verify', { phone, type: 'register' });
    const code = /\d{6}/.exec(outbox.forPhone(phone)[0]?.text ?? '')?.[0];
    const res = await ctx.call('POST', '/api/register', {
      account: phone,
      captcha: code,
      realName: '测试居士',
    });
    return (res.body.data as { token: string }).token;
  };
  ctx.call = async (method, path, body, token) => {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await ctx.app.request(path, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return answer(res, `${method} ${path}`);
  };
  return ctx;
};
