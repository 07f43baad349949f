import { resolve } from 'node:path';
import { openDatabase } from './bootstrap';
import { systemClock } from './clock';
import { loadConfig } from './config';
import { createAdmin } from './create-admin';
import { AppError } from './errors';
import { paymentGatewayOf } from './gateways/from-config';
import { loadSecret } from './services/secret';
import { runTestPayment } from './test-payment';

/**
 * The staff's commands (the rest of the temple's work is in the staff console, /admin/):
 *   npm run staff -- create-admin <用户名> <姓名>  the console's first administrator (works while the
 *                                                server runs: create-admin.ts)
 *   npm run staff -- test-payment               a one-fen WeChat payment, refunded (going live)
 * The former mark-paid, cancel, mark-offered, refund and review-volunteer commands are retired in
 * favour of the console, which does the same through the same services and audits who did it.
 */
const USAGE = '用法：npm run staff -- create-admin <用户名> <姓名>\n      npm run staff -- test-payment\n';
const RETIRED = ['mark-paid', 'cancel', 'mark-offered', 'refund', 'review-volunteer'];

const [command, subject, name] = process.argv.slice(2);
if (command && RETIRED.includes(command)) {
  process.stderr.write(`此命令已停用：请在工作台（/admin/）中办理。\n${USAGE}`);
  process.exit(2);
}
if (command !== 'test-payment' && !(command === 'create-admin' && subject && name)) {
  process.stderr.write(USAGE);
  process.exit(2);
}

const config = loadConfig(process.env);
const say = (text: string) => process.stdout.write(`${text}\n`);
try {
  if (command === 'create-admin') {
    await createAdmin(config, subject ?? '', name ?? '', say);
  } else {
    if (!config.wechatPay) throw new AppError(400, '测试付款需要 PAYMENT_GATEWAY=wechat 及其配置');
    // The secret only signs the sandbox's pages; the database is opened for it and closed at once.
    const database = await openDatabase(
      {
        url: config.DATABASE_URL,
        migrationUrl: config.MIGRATION_DATABASE_URL,
        dataDir: resolve(config.DATA_DIR),
      },
      systemClock,
    );
    const secret = await loadSecret(database.db, config.APP_SECRET).finally(() => database.close());
    const { gateway } = paymentGatewayOf(config, secret);
    process.exitCode = (await runTestPayment(gateway, config.publicOrigin, say)) ? 0 : 1;
  }
} catch (error) {
  process.stderr.write(`${error instanceof AppError ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
