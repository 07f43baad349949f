import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from './app-env';
import type { Clock } from './clock';
import type { Db } from './db/database';
import { AppError } from './errors';
import { createSandboxGateway } from './gateways/payment';
import type { SmsProvider } from './gateways/sms';
import type { Logger } from './logger';
import { authRoutes } from './routes/auth';
import { type DevTools, devRoutes } from './routes/dev';
import { imageRoutes } from './routes/images';
import { meritRoutes } from './routes/merit';
import { payRoutes } from './routes/pay';
import { sandboxRoutes } from './routes/sandbox';
import { siteRoutes } from './routes/site';
import { createAuthService } from './services/auth';
import { createMeritService } from './services/merit';
import { orderKinds } from './services/order-kind-list';
import { createOrdersService } from './services/orders';
import { createPaymentsService } from './services/payments';

export interface AppDeps {
  db: Db;
  clock: Clock;
  sms: SmsProvider;
  logger: Logger;
  /** Signs tokens' codes and payment notifications; kept in the database or given as APP_SECRET. */
  secret: string;
  /** The /dev routes (SMS outbox, clock, revoke) exist only when given: never in production. */
  devTools?: DevTools;
  /** The built SPA (dist/); the API alone when absent. */
  staticRoot?: string;
  /** Where phones reach this server, for the QR's URL (PUBLIC_URL); the request's origin when absent. */
  publicOrigin?: string;
}

/** The services of the app, built once from its dependencies (the sweeper in main.ts uses `orders`). */
export const createServices = (deps: AppDeps) => {
  const { db, clock, sms, logger, secret } = deps;
  const gateway = createSandboxGateway(secret);
  const auth = createAuthService({ db, clock, sms, secret });
  const orders = createOrdersService({ db, clock, kinds: orderKinds });
  const payments = createPaymentsService({ db, clock, gateway, logger, kindOf: orders.kindOf });
  return { gateway, auth, orders, payments, merit: createMeritService(db) };
};

/** The whole HTTP surface, built from its dependencies so tests build it in process. */
export const createApp = (deps: AppDeps, services = createServices(deps)) => {
  const { db, clock, logger } = deps;
  const { auth, orders, payments, gateway, merit } = services;
  const app = new Hono<AppEnv>();

  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    logger.info('request', {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
  });

  app.get('/healthz', async (c) => {
    await db.selectFrom('site_settings').select('key').limit(1).execute();
    return c.json({ status: 'ok' });
  });
  app.route('/', authRoutes(auth));
  app.route('/', siteRoutes(db));
  app.route('/', imageRoutes());
  app.route('/', meritRoutes(merit));
  app.route('/', payRoutes({ auth, orders, payments, gateway, publicOrigin: deps.publicOrigin }));
  app.route('/', sandboxRoutes({ db, clock, gateway, payments }));
  if (deps.devTools) app.route('/', devRoutes(deps.devTools, { auth, db }));

  app.on('GET', ['/api/*', '/portal/*', '/dev/*'], (c) =>
    c.json({ status: 404, code: 404, msg: '接口不存在' }, 404),
  );
  if (deps.staticRoot) {
    app.use('/*', serveStatic({ root: deps.staticRoot }));
  }
  app.notFound((c) => c.json({ status: 404, code: 404, msg: '页面不存在' }, 404));

  app.onError((error, c) => {
    if (error instanceof AppError) {
      return c.json({ status: error.status, code: error.status, msg: error.message }, error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ status: error.status, code: error.status, msg: '请求内容格式不正确' }, error.status);
    }
    logger.error('request.failed', { path: c.req.path, error: String(error), stack: (error as Error).stack });
    return c.json({ status: 500, code: 500, msg: '服务器繁忙，请稍后再试' }, 500);
  });

  return app;
};
