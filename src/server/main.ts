import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp, createServices } from './app';
import { openDatabase } from './bootstrap';
import { createShiftableClock, systemClock } from './clock';
import { loadConfig } from './config';
import { createLogSmsProvider, SmsOutbox } from './gateways/sms';
import { createLogger } from './logger';
import { loadSecret } from './services/secret';
import { applySiteOverrides } from './services/site';

const config = loadConfig(process.env);
const logger = createLogger();
const devTools = config.production ? undefined : { outbox: new SmsOutbox(), clock: createShiftableClock() };
const clock = devTools?.clock ?? systemClock;
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: resolve(config.DATA_DIR) }, clock);
await applySiteOverrides(database.db, process.env);

const staticRoot = resolve(config.STATIC_ROOT);
const deps = {
  db: database.db,
  clock,
  sms: createLogSmsProvider(logger, devTools?.outbox),
  logger,
  secret: await loadSecret(database.db, config.APP_SECRET),
  ...(devTools ? { devTools } : {}),
  ...(existsSync(staticRoot) ? { staticRoot: config.STATIC_ROOT } : {}),
  ...(config.PUBLIC_URL ? { publicOrigin: config.PUBLIC_URL } : {}),
};
const services = createServices(deps);
const app = createApp(deps, services);

/** Unpaid orders whose hold ran out are closed, and their places released, every 30 s. */
const SWEEP_EVERY_MS = 30_000;
const sweeper = setInterval(() => {
  services.orders
    .closeExpired()
    .then((closed) => closed > 0 && logger.info('orders.closed', { closed }))
    .catch((error: unknown) => logger.error('orders.sweep_failed', { error: String(error) }));
}, SWEEP_EVERY_MS);

const server = serve({ fetch: app.fetch, port: config.PORT }, ({ port }) => {
  logger.info('server.started', { url: `http://localhost:${port}/#/index`, database: database.kind });
});

/** Finish what is in flight, then close the database: no half-written order on a restart. */
const shutdown = (signal: string) => {
  logger.info('server.stopping', { signal });
  clearInterval(sweeper);
  server.close(async () => {
    await database.close();
    logger.info('server.stopped');
    process.exit(0);
  });
  setTimeout(() => process.exit(1), 10_000).unref();
};
process.once('SIGINT', () => shutdown('SIGINT'));
process.once('SIGTERM', () => shutdown('SIGTERM'));
