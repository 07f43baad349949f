import { randomBytes } from 'node:crypto';
import { AUTH_RULES } from '@contract/auth';
import { type AppDeps, createApp } from '@server/app';
import { createServices, type Services } from '@server/app-services';
import type { AddressOf } from '@server/client-address';
import type { ShiftableClock } from '@server/clock';
import { type DatabaseHandle, openPostgres } from '@server/db/database';
import type { PaymentGateway } from '@server/gateways/payment';
import { createSandboxGateway } from '@server/gateways/sandbox-gateway';
import { createSandboxOauth } from '@server/gateways/sandbox-oauth';
import { createLogSmsProvider, SmsOutbox, type SmsProvider } from '@server/gateways/sms';
import type { WechatOauth } from '@server/gateways/wechat-oauth';
import { createLogger, maskText } from '@server/logger';
import { tokenHash } from '@server/services/auth';
import { orderKinds } from '@server/services/order-kind-list';
import type { OrderKind } from '@server/services/order-kinds';
import { addDays } from 'date-fns';
import { afterAll, beforeAll, expect } from 'vitest';
import { createFakeClock } from './fake-clock';
import { type DatabaseKind, openTestDatabase } from './test-databases';

export interface ApiAnswer {
  status: number;
  body: { status?: number; code?: number; msg: string; data?: unknown };
  /** The Retry-After header, when the answer has one (429, 503). */
  retryAfter: string | null;
}

export const TEST_SECRET = 'test-secret-0123456789';

/** One app over the test database: the HTTP surface and the services behind it. */
export interface AppInstance {
  app: ReturnType<typeof createApp>;
  services: Services;
}

export interface TestApp extends AppInstance {
  database: DatabaseHandle;
  clock: ShiftableClock;
  outbox: SmsOutbox;
  /** Every line the server logged, as JSON text. */
  logs: string[];
  /** A JSON call; answers the status and the parsed body. No call in the suite may answer a 500. */
  call(method: string, path: string, body?: unknown, token?: string): Promise<ApiAnswer>;
  /** A portal form post: `jsonObject` holds the JSON, as the order calls send it. */
  form(
    path: string,
    jsonObject: unknown,
    token?: string,
    headers?: Record<string, string>,
  ): Promise<ApiAnswer>;
  /** Runs the hold sweeper once, as the server does every 30 s; answers how many orders it closed. */
  sweep(): Promise<number>;
  /** Sends the promised messages that are due, as the sweeper does; answers how many went out. */
  sendMessages(): Promise<number>;
  /** Registers a believer with an SMS code (the clock moves past the send cooldown) and answers the token. */
  login(phone: string): Promise<string>;
  /**
   * Many believers registered and signed in at once, for suites that need a crowd and do not test
   * the login (auth.test.ts does): the users and tokens are written as registration writes them
   * (services/auth.ts), in two statements, where `login` takes two calls and 14 statements each
   * (170 logins were most of seats.test.ts). Answers the tokens in the order of `phones`.
   */
  believers(phones: readonly string[]): Promise<string[]>;
  /**
   * A second app instance on the same database, as a second server process would be: on
   * PostgreSQL with a pool of its own, on PGlite (one connection) over the same handle.
   */
  secondInstance(): Promise<AppInstance>;
  /** An app instance over another handle to the test database (through a proxy, say); closed with the suite. */
  instanceOver(handle: DatabaseHandle): AppInstance;
  /**
   * Every believer (by token) creates `order` at once, alternating between this app and a second
   * instance on the same database, after warming both pools (`warmPath`), so the race is between
   * the requests and not the connection set-up. Answers each request's status and body.
   */
  raceOrders(
    tokens: string[],
    order: unknown,
    warmPath: string,
  ): Promise<{ status: number; body: { msg: string } }[]>;
}

export interface TestAppOptions {
  /** Extra order kinds (tests add kinds with places); merit is always there. */
  kinds?: OrderKind[];
  /** Build the app as production does: no demo tools, no codes in the log. */
  production?: boolean;
  /** A built SPA to serve. */
  staticRoot?: string;
  /** Another SMS provider than the log's (a carrier that fails, say); the outbox is the log's. */
  sms?: (fallback: SmsProvider) => SmsProvider;
  /** The command channel's key (create-admin through the running server). */
  commandKey?: string;
  /** The 服务号's web login (against the fake OAuth server). */
  wechatOauth?: () => WechatOauth;
  /** The demo's stand-in for the web login (as `npm start` has it with no 服务号): its page and its codes. */
  sandboxWechat?: boolean;
  /** The caller's own address (app.request has no socket): a test's believer behind a proxy it trusts. */
  clientIpOf?: AddressOf;
  /** Another payment gateway than the sandbox (WeChat Pay against the fake); the sandbox pages go with the sandbox. */
  gateway?: () => PaymentGateway;
}

const FULL_PHONE = /(?<!\d)1[3-9]\d{9}(?!\d)/;
// An ID number is a word of its own: a run of digits inside a file's hex name (669586313609565e0b…)
// is not one.
const ID_NUMBER = /(?<![\dA-Za-z])(?:\d{17}[\dXx]|\d{15})(?![\dA-Za-z])/;

/** The real app in process on a fresh database of `kind`, with a fake clock and the dev outbox. */
export const useTestApp = (kind: DatabaseKind, options: TestAppOptions = {}): TestApp => {
  const clock = createFakeClock();
  const outbox = new SmsOutbox();
  const logs: string[] = [];
  const extraHandles: DatabaseHandle[] = [];
  const built: Services[] = [];
  const ctx = { clock, outbox, logs } as TestApp;
  const production = options.production ?? false;

  const build = (database: DatabaseHandle): AppInstance => {
    const logger = createLogger((line) => logs.push(line));
    const sandbox = options.gateway ? undefined : createSandboxGateway(TEST_SECRET);
    // As server.ts: the sandbox's web login is the demo's, never production's.
    const sandboxOauth = options.sandboxWechat && !production ? createSandboxOauth(TEST_SECRET) : undefined;
    const logSms = createLogSmsProvider(logger, { outbox: production ? undefined : outbox });
    const deps: AppDeps = {
      db: database.db,
      clock,
      sms: options.sms ? options.sms(logSms) : logSms,
      gateway: options.gateway?.() ?? sandbox ?? createSandboxGateway(TEST_SECRET),
      logger,
      secret: TEST_SECRET,
      publicOrigin: () => 'http://temple.test',
      demo: true,
      demoTools: production ? undefined : { outbox, clock, sandbox, sandboxOauth },
      kinds: [...orderKinds, ...(options.kinds ?? [])],
      staticRoot: options.staticRoot,
      commandKey: options.commandKey,
      clientIpOf: options.clientIpOf,
      wechatOauth: options.wechatOauth?.() ?? sandboxOauth,
    };
    const services = createServices(deps);
    built.push(services);
    return { app: createApp(deps, services), services };
  };

  beforeAll(async () => {
    ctx.database = await openTestDatabase(kind, clock.now());
    Object.assign(ctx, build(ctx.database));
    ctx.sweep = () => ctx.services.orders.closeExpired();
    ctx.sendMessages = () => ctx.services.notifications.sendDue();
  }, 60_000);
  afterAll(async () => {
    // The poll's refresh timer stops before its database closes.
    for (const services of built) services.paymentStatus.stop();
    for (const handle of extraHandles) await handle.close();
    await ctx.database?.close();
  });
  // Issue 13: no line the server logged shows a full phone number, an ID number or a code it sent.
  afterAll(() => {
    const codes = [...new Set(outbox.all().flatMap((m) => m.text.match(/(?<!\d)\d{6}(?!\d)/g) ?? []))];
    const sent = codes.length > 0 ? new RegExp(`(?<!\\d)(?:${codes.join('|')})(?!\\d)`) : null;
    const leaks = logs.filter(
      (line) => FULL_PHONE.test(line) || ID_NUMBER.test(line) || (sent?.test(line) ?? false),
    );
    const shown = leaks.map((line) =>
      codes.reduce((text, code) => text.replaceAll(code, '######'), maskText(line)),
    );
    expect(shown, 'log lines with a phone number, an ID number or an SMS code').toEqual([]);
  });
  ctx.instanceOver = (handle) => {
    extraHandles.push(handle);
    return build(handle);
  };
  ctx.secondInstance = async () =>
    ctx.database.url ? ctx.instanceOver(openPostgres(ctx.database.url)) : build(ctx.database);
  ctx.raceOrders = async (tokens, order, warmPath) => {
    const instances = [ctx, await ctx.secondInstance()];
    const on = (i: number) => (instances[i % 2] ?? ctx).app;
    await Promise.all(
      Array.from({ length: 10 }, async (_, i) => (await on(i).request(warmPath)).arrayBuffer()),
    );
    const body = new URLSearchParams({ jsonObject: JSON.stringify(order) }).toString();
    const answers = await Promise.all(
      tokens.map((authorization, i) =>
        on(i).request('/portal/rs/payapi/v1/pay/prePay', {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
          body,
        }),
      ),
    );
    return Promise.all(answers.map(async (a) => ({ status: a.status, body: await a.json() })));
  };
  const answer = async (res: Response, what: string): Promise<ApiAnswer> => {
    expect(res.status, `${what} answered a server error`).toBeLessThan(500);
    return { status: res.status, body: await res.json(), retryAfter: res.headers.get('retry-after') };
  };
  ctx.form = async (path, jsonObject, token, extra = {}) => {
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', ...extra };
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
  ctx.believers = async (phones) => {
    if (phones.length === 0) return [];
    const now = clock.now();
    const users = await ctx.database.db
      .insertInto('users')
      .values(phones.map((phone) => ({ phone, real_name: '测试居士', created_at: now })))
      .returning(['id', 'phone'])
      .execute();
    const idOf = new Map(users.map((u) => [u.phone, u.id]));
    const tokens = phones.map(() => randomBytes(32).toString('base64url'));
    await ctx.database.db
      .insertInto('auth_tokens')
      .values(
        phones.map((phone, i) => ({
          token_hash: tokenHash(tokens[i] ?? ''),
          user_id: idOf.get(phone) ?? 0,
          created_at: now,
          expires_at: addDays(now, AUTH_RULES.tokenTtlDays),
          revoked_at: null,
        })),
      )
      .execute();
    return tokens;
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
