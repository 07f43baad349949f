import { buildMeritOrder, type MeritItem, type MeritOrderRequest, meritApi } from '@contract/merit';
import { payApi, prePayAnswer } from '@contract/payment';
import { createApp } from '@server/app';
import { createServices } from '@server/app-services';
import { openDatabase } from '@server/bootstrap';
import { systemClock } from '@server/clock';
import { createSandboxGateway } from '@server/gateways/sandbox-gateway';
import { createLogSmsProvider, SmsOutbox } from '@server/gateways/sms';
import { silentLogger } from '@server/logger';
import * as v from 'valibot';

export interface Believer {
  phone: string;
  token: string;
  /** Their unpaid merit order, when one was placed. */
  orderNo: string;
}

export interface Prepared {
  believers: Believer[];
  /** A lamp (fixed price) of the seeded catalogue, ordered as the merit detail page does. */
  lamp: MeritItem;
  meritOrder: (phone: string) => MeritOrderRequest;
}

/**
 * The address of believer `i` as the bench's servers see it: they trust 127.0.0.1 as their proxy
 * (startTempleServer), so each believer is counted by the per-address limits as a home of their own.
 */
export const believerAddress = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/** A form post as the portal sends it: the JSON in `jsonObject`, the token as is; from `address` when given. */
export const portalForm = (jsonObject: unknown, token: string, address?: string): RequestInit => ({
  method: 'POST',
  headers: {
    authorization: token,
    'content-type': 'application/x-www-form-urlencoded',
    ...(address ? { 'x-forwarded-for': address } : {}),
  },
  body: new URLSearchParams({ jsonObject: JSON.stringify(jsonObject) }).toString(),
});

export const PREPAY = meritApi.order.path;
export const PAY_RESULT = payApi.payResult.path;

const phoneOf = (n: number) => `139${String(10_000_000 + n).padStart(8, '0')}`;

/** Runs `work` over `items`, `width` at a time. */
const inBatches = async <T, R>(items: T[], width: number, work: (item: T) => Promise<R>) => {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += width)
    out.push(...(await Promise.all(items.slice(i, i + width).map(work))));
  return out;
};

/**
 * Migrates and seeds the database (as the server does on start), then registers `count` believers
 * through the app's own services (SMS code from the dev outbox, then register) and, with
 * `orders`, places one unpaid lamp order for each through the app's prePay, all in this process.
 * Tokens are stored hashed without the secret, so the server (with its own secret) accepts them.
 */
export const prepareDatabase = async (
  where: { url: string } | { dataDir: string },
  count: number,
  orders: boolean,
): Promise<Prepared> => {
  const database = await openDatabase('url' in where ? where : { dataDir: where.dataDir }, systemClock);
  try {
    const outbox = new SmsOutbox();
    const deps = {
      db: database.db,
      clock: systemClock,
      sms: createLogSmsProvider(silentLogger, { outbox }),
      gateway: createSandboxGateway('bench-secret-0123456789'),
      logger: silentLogger,
      secret: 'bench-secret-0123456789',
      publicOrigin: () => 'http://temple.test',
      demo: true,
    };
    const services = createServices(deps);
    const app = createApp(deps, services);
    const [lamp] = (await services.merit.list(1)).filter((i) => i.PRICE_MODEL === '1');
    if (!lamp) throw new Error('no seeded lamp (PRICE_MODEL 1) in the merit catalogue');
    const meritOrder = (phone: string) =>
      buildMeritOrder(lamp, { quantity: 1, amount: null, choice: null, donor: '测试', wish: '' }, phone);
    const phones = Array.from({ length: count }, (_, i) => phoneOf(i));
    const believers = await inBatches(phones, 8, async (phone): Promise<Believer> => {
      await services.auth.sendCode(phone, 'register');
      const code = /\d{6}/.exec(outbox.forPhone(phone)[0]?.text ?? '')?.[0] ?? '';
      const { token } = await services.auth.register(phone, code, '测试居士');
      if (!orders) return { phone, token, orderNo: '' };
      // Each believer orders from a home of their own (the per-address order limit of issue 13).
      const home = { incoming: { socket: { remoteAddress: believerAddress(phones.indexOf(phone)) } } };
      const res = await app.request(PREPAY, portalForm(meritOrder(phone), token), home);
      if (res.status !== 200) throw new Error(`prePay answered ${res.status}: ${await res.text()}`);
      return { phone, token, orderNo: v.parse(prePayAnswer, await res.json()).data.out_trade_no };
    });
    return { believers, lamp, meritOrder };
  } finally {
    await database.close();
  }
};
