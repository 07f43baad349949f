import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from './clock';
import type { Db } from './db/database';
import type { PaymentGateway } from './gateways/payment';
import type { SmsProvider } from './gateways/sms';
import type { WechatOauth } from './gateways/wechat-oauth';
import type { Logger } from './logger';
import { createRequestLog } from './request-log';
import { createHeldPoll } from './routes/pay';
import { createAuthService } from './services/auth';
import { createBelieverService } from './services/believer';
import { createMembershipService } from './services/membership';
import { createMeritService } from './services/merit';
import { createNotificationSender } from './services/notifications';
import { orderKinds } from './services/order-kind-list';
import type { OrderKind } from './services/order-kinds';
import { createOrdersService } from './services/orders';
import { createPaymentStatusCache } from './services/payment-status-cache';
import { createPaymentsService } from './services/payments';
import { createReconciliationService } from './services/reconciliation';
import { createStaffAccounts } from './services/staff/accounts';
import { createVideoFileStore } from './services/video-files';
import { createVolunteerService } from './services/volunteer';
import { createWechatAccessToken } from './services/wechat-access-token';
import { createWechatLoginService } from './services/wechat-login';
import { createSweeper } from './sweeper';

/**
 * The app's services, built once from their dependencies: the HTTP surface (app.ts) routes to
 * them, the server (server.ts) runs the sweeper, tests call them. Apart from app.ts so that what
 * the routes are given (`Services`) is named without importing the app that mounts those routes.
 */

/** What the services are built from (app.ts's AppDeps adds what only the routes use). */
export interface ServicesDeps {
  db: Db;
  clock: Clock;
  sms: SmsProvider;
  gateway: PaymentGateway;
  logger: Logger;
  /** Signs the SMS codes' HMACs; kept in the database or given as APP_SECRET. */
  secret: string;
  /** Where phones reach this server, for the QR's URL: PUBLIC_URL or this machine; never a request's Host. */
  publicOrigin: () => string;
  /** Where the gallery's uploaded films and captions are kept (MEDIA_DIR); tests give a temporary folder. */
  mediaDir?: string | undefined;
  /** The order kinds prePay accepts (tests add kinds with places). */
  kinds?: OrderKind[];
  /** The 服务号's web login (WECHAT_MP_APPID and WECHAT_MP_SECRET); none: no WeChat login, no JSAPI. */
  wechatOauth?: WechatOauth | undefined;
}

/**
 * The media folder: MEDIA_DIR, or (a test's app given none) a folder of this process under the
 * system's temporary one. Made when missing: a fresh install serves (and uploads into) it at once.
 */
export const mediaDirOf = (deps: Pick<ServicesDeps, 'mediaDir'>) => {
  const dir = deps.mediaDir ?? join(tmpdir(), `temple-media-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  return dir;
};

/** The services of the app, built once from its dependencies (the sweeper in server.ts uses `orders`). */
export const createServices = (deps: ServicesDeps) => {
  const { db, clock, sms, logger, secret, gateway } = deps;
  // The payment poll's answers held in memory: this instance's logouts and payments drop them at once.
  const paymentStatus = createPaymentStatusCache({ db, clock, logger });
  const auth = createAuthService({ db, clock, sms, secret, onRevoked: paymentStatus.revoked });
  const orders = createOrdersService({
    db,
    clock,
    kinds: deps.kinds ?? orderKinds,
    onStateChanged: paymentStatus.stateChanged,
  });
  const payments = createPaymentsService({ db, clock, gateway, logger, orders });
  const notifications = createNotificationSender({ db, clock, sms, logger });
  const reconciliation = createReconciliationService({
    db,
    clock,
    gateway,
    logger,
    payments,
    publicOrigin: deps.publicOrigin,
  });
  // Every request's log line, whichever layer answered it (Node's request event answers the held poll).
  const requestLog = createRequestLog(logger);
  const believer = createBelieverService({ db, clock });
  const membership = createMembershipService({ db, clock });
  const volunteer = createVolunteerService({
    db,
    clock,
    verifyCode: auth.verifyCode,
    sendCode: auth.sendCode,
  });
  return {
    auth,
    orders,
    payments,
    reconciliation,
    notifications,
    sweeper: createSweeper({ db, orders, reconciliation, notifications, clock, logger }),
    paymentStatus,
    requestLog,
    heldPoll: createHeldPoll(paymentStatus, requestLog),
    merit: createMeritService(db),
    believer,
    membership,
    volunteer,
    staffAccounts: createStaffAccounts({ db, clock }),
    wechatLogin: createWechatLoginService({
      db,
      clock,
      logger,
      oauth: deps.wechatOauth,
      h5: deps.gateway.h5,
    }),
    // The 服务号's access_token, for WeChat's message APIs: none without a 服务号.
    wechatAccessToken:
      deps.wechatOauth && createWechatAccessToken({ db, clock, logger, oauth: deps.wechatOauth }),
    videoFiles: createVideoFileStore({ db, clock, mediaDir: mediaDirOf(deps) }),
  };
};

export type Services = ReturnType<typeof createServices>;
