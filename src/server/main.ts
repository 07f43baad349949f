import { createServer } from 'node:http';
import { loadConfig } from './config';
import { createLogger } from './logger';
import { assembleServer } from './server';

const logger = createLogger();
const config = (() => {
  try {
    return loadConfig(process.env);
  } catch (error) {
    // A configuration the server refuses (a demo part in production, a bad value): one clear line.
    process.stderr.write(`无法启动：${(error as Error).message}\n`);
    process.exit(1);
  }
})();
const server = await assembleServer(config, process.env, logger);

// An idle keep-alive connection stays open a minute, not Node's 5 s: a client (a browser, a proxy in
// front) reusing it just as the server closed it would see a reset instead of an answer.
const KEEP_ALIVE_MS = 65_000;
const serverOptions = { keepAliveTimeout: KEEP_ALIVE_MS, headersTimeout: KEEP_ALIVE_MS + 1000 };
const http = createServer(serverOptions, server.listener);
http.listen(config.PORT, () => {
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  server.listening(port);
  logger.info('server.started', {
    url: `http://localhost:${port}/#/index`,
    database: server.database.kind,
    mode: config.production ? 'production' : 'development',
    demo: config.demo,
  });
});

/** Finish what is in flight, then close the database: no half-written order on a restart. */
const shutdown = (signal: string) => {
  logger.info('server.stopping', { signal });
  http.close(async () => {
    await server.close();
    logger.info('server.stopped');
    process.exit(0);
  });
  setTimeout(() => process.exit(1), 10_000).unref();
};
process.once('SIGINT', () => shutdown('SIGINT'));
process.once('SIGTERM', () => shutdown('SIGTERM'));
