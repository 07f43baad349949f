import { buildMeritOrder, meritApi } from '@contract/merit';
import { payApi, prePayAnswer } from '@contract/payment';
import { type AppDeps, createApp, createServices } from '@server/app';
import { createSandboxGateway } from '@server/gateways/payment';
import { createLogSmsProvider, SmsOutbox } from '@server/gateways/sms';
import { silentLogger } from '@server/logger';
import * as v from 'valibot';
import { bench, describe } from 'vitest';
import { createFakeClock } from '../support/fake-clock';
import { openTestDatabase } from '../support/test-databases';

/**
 * The 1-second payment poll is the hottest path of the site: every open QR dialog asks once a
 * second. This measures one poll through the whole app (auth, validation, one indexed read) on
 * the embedded database, and the notification that settles an order, for comparison.
 */
const clock = createFakeClock();
const outbox = new SmsOutbox();
const database = await openTestDatabase('pglite', clock.now());
const sandbox = createSandboxGateway('bench-secret-0123456789');
const deps: AppDeps = {
  db: database.db,
  clock,
  sms: createLogSmsProvider(silentLogger, { outbox, revealCodes: true }),
  gateway: sandbox,
  logger: silentLogger,
  secret: 'bench-secret-0123456789',
  publicOrigin: () => 'http://temple.test',
  demo: true,
};
const services = createServices(deps);
const app = createApp(deps, services);

const phone = '13700009999';
await services.auth.sendCode(phone, 'register');
const code = /\d{6}/.exec(outbox.forPhone(phone)[0]?.text ?? '')?.[0] ?? '';
const { token } = await services.auth.register(phone, code, '测试');
const [lamp] = (await services.merit.list(1)).filter((i) => i.PRICE_MODEL === '1');
if (!lamp) throw new Error('no seeded lamp');
const order = buildMeritOrder(
  lamp,
  { quantity: 1, amount: null, choice: null, donor: '测试', wish: '' },
  phone,
);
const form = (jsonObject: unknown) => ({
  method: 'POST',
  headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ jsonObject: JSON.stringify(jsonObject) }).toString(),
});
const placed = v.parse(prePayAnswer, await (await app.request(meritApi.order.path, form(order))).json()).data;

describe('payment poll', () => {
  bench('POST payResult (auth + one indexed read)', async () => {
    await app.request(payApi.payResult.path, form({ out_trade_no: placed.out_trade_no }));
  });
  bench('POST prePay (price on the server, insert order and line)', async () => {
    await app.request(meritApi.order.path, form(order));
  });
});
