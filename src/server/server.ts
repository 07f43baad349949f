import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { type AppDeps, createApp, type DemoTools } from './app';
import { createServices } from './app-services';
import { openDatabase } from './bootstrap';
import { addressReader, clientIpReader } from './client-address';
import { createShiftableClock, systemClock } from './clock';
import { openCommandChannel } from './command-channel';
import type { ServerConfig } from './config';
import { paymentGatewayOf, smsProviderOf } from './gateways/from-config';
import { createSandboxOauth } from './gateways/sandbox-oauth';
import { SmsOutbox } from './gateways/sms';
import { createWechatOauth } from './gateways/wechat-oauth';
import type { Logger } from './logger';
import { pollListener } from './poll-listener';
import { loadSecret } from './services/secret';
import { applySiteOverrides } from './services/site';
import { SWEEP_EVERY_MS } from './sweeper';

/**
 * The whole server from its configuration: database (migrated, seeded), the payment gateway and
 * SMS provider the configuration names, the app, and the hold sweeper. In production the demo
 * helpers (`/dev`, the sandbox pages, codes in the log) are never built.
 */
export const assembleServer = async (config: ServerConfig, env: NodeJS.ProcessEnv, logger: Logger) => {
  const shiftable = config.production ? undefined : createShiftableClock();
  const clock = shiftable ?? systemClock;
  const database = await openDatabase(
    {
      url: config.DATABASE_URL,
      migrationUrl: config.MIGRATION_DATABASE_URL,
      dataDir: resolve(config.DATA_DIR),
    },
    clock,
  );
  await applySiteOverrides(database.db, env);
  const secret = await loadSecret(database.db, config.APP_SECRET);
  const { gateway, sandbox } = paymentGatewayOf(config, secret);
  const outbox = config.production ? undefined : new SmsOutbox();
  // With the sandbox and no 服务号 of its own, the demo logs in to its own stand-in for WeChat.
  const sandboxOauth = sandbox && !config.wechatOauth ? createSandboxOauth(secret) : undefined;
  const demoTools: DemoTools | undefined =
    outbox && shiftable ? { outbox, clock: shiftable, sandbox, sandboxOauth } : undefined;
  let publicOrigin = config.publicOrigin;
  const staticRoot = resolve(config.STATIC_ROOT);
  const commands = database.kind === 'pglite' ? openCommandChannel(resolve(config.DATA_DIR)) : undefined;
  const deps: AppDeps = {
    db: database.db,
    clock,
    sms: smsProviderOf(config, logger, outbox),
    gateway,
    logger,
    secret,
    publicOrigin: () => publicOrigin,
    addressOf: addressReader(config.TRUSTED_PROXIES),
    clientIpOf: clientIpReader(config.TRUSTED_PROXIES),
    wechatOauth: config.wechatOauth ? createWechatOauth(config.wechatOauth) : demoTools && sandboxOauth,
    demo: config.demo,
    demoTools,
    staticRoot: existsSync(staticRoot) ? staticRoot : undefined,
    commandKey: commands?.key,
    mediaDir: resolve(config.MEDIA_DIR ?? join(config.DATA_DIR, 'media')),
  };
  const services = createServices(deps);
  const app = createApp(deps, services);

  const { sweeper } = services;
  // One sweep at a time: a slow gateway never stacks sweeps up.
  let sweeping: Promise<void> | undefined;
  const sweeps = setInterval(() => {
    sweeping ??= sweeper.run().finally(() => {
      sweeping = undefined;
    });
  }, SWEEP_EVERY_MS);

  return {
    app,
    services,
    /** Node's request listener: @hono/node-server's for the app, the held payment poll answered first. */
    listener: pollListener(services.heldPoll, getRequestListener(app.fetch)),
    database,
    /** Once listening on `port` (PORT=0 picks one), the QR's URL uses it unless PUBLIC_URL is set. */
    listening(port: number) {
      if (!config.PUBLIC_URL) publicOrigin = `http://localhost:${port}`;
      commands?.listening(port);
    },
    sweeper,
    async close() {
      clearInterval(sweeps);
      commands?.close();
      await sweeping;
      services.paymentStatus.stop();
      await database.close();
    },
  };
};
