import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app';
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
const app = createApp({
  db: database.db,
  clock,
  sms: createLogSmsProvider(logger, devTools?.outbox),
  logger,
  secret: await loadSecret(database.db, config.APP_SECRET),
  ...(devTools ? { devTools } : {}),
  ...(existsSync(staticRoot) ? { staticRoot: config.STATIC_ROOT } : {}),
});

const server = serve({ fetch: app.fetch, port: config.PORT }, ({ port }) => {
  logger.info('server.started', { url: `http://localhost:${port}/#/index`, database: database.kind });
});

/** Finish what is in flight, then close the database: no half-written order on a restart. */
const shutdown = (signal: string) => {
  logger.info('server.stopping', { signal });
  server.close(async () => {
    await database.close();
    logger.info('server.stopped');
    process.exit(0);
  });
  setTimeout(() => process.exit(1), 10_000).unref();
};
process.once('SIGINT', () => shutdown('SIGINT'));
process.once('SIGTERM', () => shutdown('SIGTERM'));
