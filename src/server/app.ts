import { payApi } from '@contract/payment';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import type { AppEnv } from './app-env';
import { createServices, mediaDirOf, type ServicesDeps } from './app-services';
import { BODY_LIMIT_BYTES, declaredBodyLimit } from './body-limit';
import { createCatalogueCache } from './catalogue-cache';
import { type AddressOf, clientAddress, clientIp } from './client-address';
import type { Clock } from './clock';
import { commandRoutes } from './command-channel';
import { answerError, PAGE_NOT_FOUND, REQUEST_TOO_LARGE } from './error-answers';
import type { SandboxGateway } from './gateways/sandbox-gateway';
import type { SandboxOauth } from './gateways/sandbox-oauth';
import type { SmsOutbox } from './gateways/sms';
import { assemblyRoutes } from './routes/assembly';
import { authRoutes } from './routes/auth';
import { believerRoutes } from './routes/believer';
import { ceremonyRoutes } from './routes/ceremony';
import { consoleRoutes } from './routes/console';
import { imageUploadRoutes } from './routes/console/images';
import { consoleNoStore } from './routes/console/no-store';
import { videoUploadRoutes } from './routes/console/videos';
import { devRoutes } from './routes/dev';
import { imageRoutes } from './routes/images';
import { mediaRoutes } from './routes/media';
import { membershipRoutes } from './routes/membership';
import { meritRoutes } from './routes/merit';
import { newsRoutes } from './routes/news';
import { payRoutes, pollFromMemory } from './routes/pay';
import { photoRoutes } from './routes/photo';
import { sandboxRoutes } from './routes/sandbox';
import { siteRoutes } from './routes/site';
import { staticRoutes } from './routes/static';
import { statueRoutes } from './routes/statue';
import { tabletRoutes } from './routes/tablet';
import { uploadRoutes } from './routes/uploads';
import { volunteerPhotoRoutes, volunteerRoutes } from './routes/volunteer';
import { wechatLoginRoutes } from './routes/wechat-login';
import { securityHeaders } from './security-headers';
import { createAssemblyService } from './services/assembly';
import { createCeremonyService } from './services/ceremony';
import { createContentImageService } from './services/content-images';
import { createNewsService } from './services/news';
import { createPhotoService } from './services/photos';
import { createStatueService } from './services/statue';
import { createTabletService } from './services/tablet';
import { createVolunteerPhotoService } from './services/volunteer-photos';

/** The demo parts' helpers, outside production only: the SMS outbox, the clock, the sandbox pages (with the sandbox gateway). */
export interface DemoTools {
  outbox: SmsOutbox;
  clock: Clock & { advance(seconds: number): void };
  sandbox?: SandboxGateway | undefined;
  /** The demo's stand-in for the 服务号's web login (its authorize page is a sandbox page). */
  sandboxOauth?: SandboxOauth | undefined;
}

/** What the app is built from: what its services are (app-services.ts), and what only its routes use. */
export interface AppDeps extends ServicesDeps {
  /** The caller's address as the rate limits count it (the socket's, unless behind a trusted proxy). */
  addressOf?: AddressOf;
  /** The caller's own address, for WeChat's H5 order (the socket's, unless behind a trusted proxy). */
  clientIpOf?: AddressOf;
  /** The sandbox or the log SMS provider is in use: the site shows the demo banner. */
  demo: boolean;
  /** `/dev/*` and `/pay/sandbox/*` exist only when given: never in production. */
  demoTools?: DemoTools | undefined;
  /** The built SPA (dist/); the API alone when absent. */
  staticRoot?: string | undefined;
  /** The key of the command channel (command-channel.ts): given when the server runs on PGlite. */
  commandKey?: string | undefined;
}

/** The whole HTTP surface, built from its dependencies so tests build it in process. */
export const createApp = (deps: AppDeps, services = createServices(deps)) => {
  const { db, logger } = deps;
  const addressOf = deps.addressOf ?? clientAddress;
  const app = new Hono<AppEnv>();

  // The poll's usual answer (from memory) is given before the middleware below; anything else
  // falls through to the full route in payRoutes.
  app.post(payApi.payResult.path, pollFromMemory(services.heldPoll));
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    services.requestLog(c.req.method, c.req.path, c.res.status, started);
  });
  app.use(securityHeaders());
  app.use(consoleNoStore());
  // Pages, assets and lists are compressed; the small POST answers (the 1-second payment poll
  // above all) are not worth a gzip stream each.
  const gzip = compress();
  app.use((c, next) => (c.req.method === 'GET' ? gzip(c, next) : next()));
  // The photo upload counts its own body (2 MB, while it streams in): routed before the limit below.
  // The volunteer photo (uploadPhoto?use=volunteer, 5 MB) first; without `use`, the profile photo.
  app.route('/', volunteerPhotoRoutes(services.auth, createVolunteerPhotoService({ db, clock: deps.clock })));
  app.route('/', photoRoutes(services.auth, createPhotoService({ db, clock: deps.clock })));
  // The console's photograph upload (10 MB, multipart) likewise: its session and role are checked first.
  const contentImages = createContentImageService({ db, clock: deps.clock });
  app.route('/', imageUploadRoutes(services.staffAccounts, contentImages));
  // The gallery's film upload (200 MB, the file as the body, streamed to disk) likewise.
  app.route('/', videoUploadRoutes(services.staffAccounts, services.videoFiles));
  const limitBody = declaredBodyLimit({
    maxSize: BODY_LIMIT_BYTES,
    onError: (c) => c.json({ status: 413, code: 413, msg: REQUEST_TOO_LARGE }, 413),
  });
  // A GET or HEAD has no body; asking for one builds a full Request per call (catalogue reads pay it).
  app.use((c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next)));

  app.get('/healthz', async (c) => {
    await db.selectFrom('site_settings').select('key').limit(1).execute();
    return c.json({ status: 'ok' });
  });
  app.route('/', authRoutes(services.auth, addressOf));
  // Catalogue reads answer from encoded bytes per catalogue version (catalogue-cache.ts).
  const catalogue = createCatalogueCache({ db, clock: deps.clock });
  app.route('/', siteRoutes(db, deps.demo, catalogue));
  app.route('/', imageRoutes());
  app.route('/', uploadRoutes(contentImages));
  app.route('/', mediaRoutes(undefined, mediaDirOf(deps)));
  app.route('/', meritRoutes(services.merit, catalogue));
  app.route('/', newsRoutes(createNewsService(db), catalogue));
  app.route('/', assemblyRoutes(createAssemblyService(db, deps.clock), catalogue));
  app.route('/', ceremonyRoutes(createCeremonyService(db, deps.clock), catalogue));
  app.route('/', statueRoutes(createStatueService(db, deps.clock), catalogue));
  app.route('/', tabletRoutes(createTabletService(db, deps.clock), catalogue));
  app.route('/', believerRoutes(services.auth, services.believer));
  app.route('/', membershipRoutes(services.auth, services.membership, addressOf));
  app.route('/', volunteerRoutes(services.auth, services.volunteer));
  app.route('/', payRoutes({ ...services, addressOf, clientIpOf: deps.clientIpOf ?? clientIp }));
  app.route('/', wechatLoginRoutes(services.auth, services.wechatLogin, addressOf));
  if (deps.commandKey) app.route('/', commandRoutes(deps.commandKey, services.staffAccounts));
  app.route(
    '/',
    consoleRoutes({
      db,
      clock: deps.clock,
      services,
      accounts: services.staffAccounts,
      addressOf,
      secureCookie: () => deps.publicOrigin().startsWith('https:'),
    }),
  );
  if (deps.demoTools) {
    const { sandbox, sandboxOauth } = deps.demoTools;
    if (sandbox)
      app.route(
        '/',
        sandboxRoutes({
          db,
          clock: deps.clock,
          sandbox,
          publicOrigin: deps.publicOrigin,
          oauth: sandboxOauth,
          ...services,
        }),
      );
    app.route('/', devRoutes(deps.demoTools, { auth: services.auth, db }));
  }

  app.all('/api/*', (c) => c.json({ status: 404, code: 404, msg: '接口不存在' }, 404));
  app.all('/portal/*', (c) => c.json({ status: 404, code: 404, msg: '接口不存在' }, 404));
  app.all('/dev/*', (c) => c.json({ status: 404, code: 404, msg: '接口不存在' }, 404));
  app.all('/pay/*', (c) => c.json({ status: 404, code: 404, msg: PAGE_NOT_FOUND }, 404));
  if (deps.staticRoot) app.route('/', staticRoutes(deps.staticRoot));
  app.notFound((c) => c.json({ status: 404, code: 404, msg: PAGE_NOT_FOUND }, 404));
  app.onError((error, c) => answerError(error, c, logger));

  return app;
};
