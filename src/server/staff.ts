import { resolve } from 'node:path';
import { createServices } from './app';
import { openDatabase } from './bootstrap';
import { systemClock } from './clock';
import { loadConfig } from './config';
import { createAdmin } from './create-admin';
import { AppError } from './errors';
import { paymentGatewayOf, smsProviderOf } from './gateways/from-config';
import { createLogger } from './logger';
import { loadSecret } from './services/secret';
import { runTestPayment } from './test-payment';

/**
 * Temple staff's commands until there is an admin console (DESIGN section 5):
 *   npm run staff -- mark-paid <订单号>        a reservation paid at the temple
 *   npm run staff -- cancel <订单号>           close an unpaid order and release its place
 *   npm run staff -- mark-offered <订单号>     a paid statue is in its niche (已售已供)
 *   npm run staff -- refund <订单号>           give back the money owed on an order, through the gateway
 *   npm run staff -- review-volunteer <申请编号> approved|rejected   the applicant is told by SMS
 *   npm run staff -- test-payment              a one-fen WeChat payment, refunded (going live)
 *   npm run staff -- create-admin <用户名> <姓名>  the first administrator of the staff console (works while the server runs)
 * It opens the database the server uses (DATABASE_URL, or PGlite in DATA_DIR: stop the server
 * first, since one PGlite folder is opened by one process at a time) with the server's
 * configuration (the payment gateway for refunds). Messages it causes are queued and sent by the
 * server's sweeper.
 */
const USAGE =
  '用法：npm run staff -- mark-paid|cancel|mark-offered|refund <订单号>\n' +
  '      npm run staff -- review-volunteer <申请编号> approved|rejected\n' +
  '      npm run staff -- test-payment\n' +
  '      npm run staff -- create-admin <用户名> <姓名>\n';

const [command, subject, decision] = process.argv.slice(2);
const known = [
  'create-admin',
  'mark-paid',
  'cancel',
  'mark-offered',
  'refund',
  'review-volunteer',
  'test-payment',
];
if (!command || !known.includes(command) || (!subject && command !== 'test-payment')) {
  process.stderr.write(USAGE);
  process.exit(2);
}
if (command === 'review-volunteer' && decision !== 'approved' && decision !== 'rejected') {
  process.stderr.write(USAGE);
  process.exit(2);
}

const config = loadConfig(process.env);
if (command === 'create-admin') {
  try {
    await createAdmin(config, subject ?? '', decision ?? '', (text) => process.stdout.write(`${text}\n`));
  } catch (error) {
    process.stderr.write(`${error instanceof AppError ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
  process.exit();
}
const logger = createLogger((line) => process.stderr.write(`${line}\n`));
const database = await openDatabase(
  { url: config.DATABASE_URL, dataDir: resolve(config.DATA_DIR) },
  systemClock,
);
const say = (text: string) => process.stdout.write(`${text}\n`);
const target = subject ?? '';
try {
  const secret = await loadSecret(database.db, config.APP_SECRET);
  const services = createServices({
    db: database.db,
    clock: systemClock,
    sms: smsProviderOf(config, logger, undefined),
    gateway: paymentGatewayOf(config, secret).gateway,
    logger,
    secret,
    publicOrigin: () => config.publicOrigin,
    demo: config.demo,
  });
  try {
    if (command === 'test-payment') {
      if (!config.wechatPay) throw new AppError(400, '测试付款需要 PAYMENT_GATEWAY=wechat 及其配置');
      const { gateway } = paymentGatewayOf(config, secret);
      process.exitCode = (await runTestPayment(gateway, config.publicOrigin, say)) ? 0 : 1;
    } else if (command === 'mark-offered') {
      await services.orders.markStatueOffered(target);
      say(`订单 ${target} 的圣像已供奉（已售已供）`);
    } else if (command === 'refund') {
      const { outRefundNo, status } = await services.reconciliation.refund(target);
      say(`订单 ${target} 已申请退款，退款单号 ${outRefundNo}，当前状态 ${status}`);
    } else if (command === 'review-volunteer') {
      await services.volunteer.review(Number(target), decision === 'approved' ? 'approved' : 'rejected');
      say(`志工申请 ${target} 已审核（${decision === 'approved' ? '通过' : '未通过'}），短信将由服务器发送`);
    } else {
      const event = command === 'mark-paid' ? 'staff.markedPaid' : 'order.cancelled';
      const state = await services.orders.staff(target, { type: event });
      say(`订单 ${target} 已更新，当前状态 ${state}`);
    }
  } finally {
    services.paymentStatus.stop();
  }
} catch (error) {
  process.stderr.write(`${error instanceof AppError ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
