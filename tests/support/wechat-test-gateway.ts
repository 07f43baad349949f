import { createPrivateKey, createPublicKey } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { WechatPayConfig } from '@server/gateways/wechat-config';
import { afterAll, beforeAll } from 'vitest';
import { type FakeWechatPay, startFakeWechatPay } from './fake-wechatpay';
import type { AppInstance } from './test-app';

/** Our WeChat Pay settings for a fake: its merchant key, both of its WeChat keys, its address. */
export const wechatConfigFor = (
  fake: FakeWechatPay,
  notifyUrl = 'https://temple.test/pay/notify/wechat',
): WechatPayConfig => ({
  mchid: fake.mchid,
  appid: fake.appid,
  merchantSerial: fake.merchant.serial,
  privateKey: createPrivateKey(fake.merchant.privateKeyPem),
  apiV3Key: fake.apiV3Key,
  verifiers: {
    [fake.wechatPublicKey.id]: createPublicKey(fake.wechatPublicKey.publicKeyPem),
    [fake.platformKey.serial]: createPublicKey(fake.platformKey.publicKeyPem),
  },
  wechatpaySerial: fake.wechatPublicKey.id,
  baseUrl: fake.baseUrl,
  h5: true,
  notifyUrl,
});

const listen = (server: Server) =>
  new Promise<string>((done) =>
    server.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );

/**
 * The apps over HTTP, where the fake can post notifications: each request goes to the next app in
 * turn (two instances take alternate deliveries, as behind a load balancer). Answers the origin and
 * a close.
 */
export const serveOverHttp = async (apps: AppInstance[]) => {
  const listeners = apps.map((a) => getRequestListener(a.app.fetch));
  let next = 0;
  const server = createServer((req, res) => {
    const listener = listeners[next++ % listeners.length];
    listener?.(req, res);
  });
  const origin = await listen(server);
  return {
    origin,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
};

/**
 * A fake WeChat Pay for a suite, started before the app is built (call it before useTestApp: hooks
 * run in order, and the app's gateway is made with the fake's keys), on the app's clock (a trade's
 * time_expire is the app's hold), with the official retry schedule compressed.
 */
export const useFakeWechatPay = (now: () => Date) => {
  const suite = {} as { fake: FakeWechatPay };
  beforeAll(async () => {
    suite.fake = await startFakeWechatPay({ retryScale: 0.0005, now });
  });
  afterAll(() => suite.fake?.close());
  return suite;
};
