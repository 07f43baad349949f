import { resolve } from 'node:path';
import { openDatabase } from './bootstrap';
import { systemClock } from './clock';
import { AppError } from './errors';
import { orderKinds } from './services/order-kind-list';
import { createOrdersService } from './services/orders';

/**
 * Temple staff's order commands until there is an admin console (DESIGN section 5):
 *   npm run staff -- mark-paid <out_trade_no>   a reservation paid at the temple
 *   npm run staff -- cancel <out_trade_no>      close an unpaid order and release its place
 *   npm run staff -- mark-offered <out_trade_no> a paid statue is in its niche (已售已供)
 * It opens the database the server uses (DATABASE_URL, or PGlite in DATA_DIR: stop the server
 * first, since one PGlite folder is opened by one process at a time).
 */
const commands = {
  'mark-paid': 'staff.markedPaid',
  cancel: 'order.cancelled',
  'mark-offered': 'statue.offered',
} as const;

const [command, outTradeNo] = process.argv.slice(2);
const event = command && command in commands ? commands[command as keyof typeof commands] : undefined;
if (!event || !outTradeNo) {
  process.stderr.write('用法：npm run staff -- mark-paid|cancel|mark-offered <订单号>\n');
  process.exit(2);
}

const database = await openDatabase(
  { url: process.env.DATABASE_URL, dataDir: resolve(process.env.DATA_DIR ?? './data') },
  systemClock,
);
try {
  const orders = createOrdersService({ db: database.db, clock: systemClock, kinds: orderKinds });
  if (event === 'statue.offered') {
    await orders.markStatueOffered(outTradeNo);
    process.stdout.write(`订单 ${outTradeNo} 的圣像已供奉（已售已供）\n`);
  } else {
    const state = await orders.staff(outTradeNo, { type: event });
    process.stdout.write(`订单 ${outTradeNo} 已更新，当前状态 ${state}\n`);
  }
} catch (error) {
  process.stderr.write(`${error instanceof AppError ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
