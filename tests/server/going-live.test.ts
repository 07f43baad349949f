import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMS_TEMPLATE_NAMES } from '@contract/sms';
import { demoRefused, loadConfig, WECHAT_APPIDS_DIFFER } from '@server/config';
import { templateVariable } from '@server/gateways/sms-config';
import { createLogger } from '@server/logger';
import { assembleServer } from '@server/server';
import { type FakeWechatPay, startFakeWechatPay } from '@tests/support/fake-wechatpay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 23: a production server starts with WeChat Pay and an SMS carrier, without
 * ALLOW_DEMO_IN_PRODUCTION, and refuses to start with any setting missing or wrong, naming it.
 */
const dir = mkdtempSync(join(tmpdir(), 'temple-live-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** One RSA pair for every key file: a 2048-bit pair takes 0.1 to 0.5 s to make, and each live() writes two files. */
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = (kind: 'private' | 'public', name: string) => {
  const path = join(dir, name);
  writeFileSync(
    path,
    kind === 'private'
      ? privateKey.export({ type: 'pkcs8', format: 'pem' })
      : publicKey.export({ type: 'spki', format: 'pem' }),
  );
  return path;
};

const templates = Object.fromEntries(
  SMS_TEMPLATE_NAMES.map((name, i) => [templateVariable(name), `SMS_10000${i}`]),
);

const live = (over: Record<string, string | undefined> = {}): NodeJS.ProcessEnv => ({
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://temple.example',
  PAYMENT_GATEWAY: 'wechat',
  WECHATPAY_MCHID: '1900000109',
  WECHATPAY_APPID: 'wxd678efh567hg6787',
  WECHATPAY_MERCHANT_SERIAL: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  WECHATPAY_PRIVATE_KEY_FILE: pem('private', 'apiclient_key.pem'),
  WECHATPAY_APIV3_KEY: 'a'.repeat(32),
  WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0119000010920240101000000000000001',
  WECHATPAY_PUBLIC_KEY_FILE: pem('public', 'pub_key.pem'),
  SMS_PROVIDER: 'aliyun',
  ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI5tExampleKeyId',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'example-secret',
  ALIYUN_SMS_SIGN_NAME: '万福禅寺',
  ...templates,
  ...over,
});

describe('going live', () => {
  it('accepts WeChat Pay and a carrier in production, without the demo permission', () => {
    const config = loadConfig(live());
    expect(config).toMatchObject({ production: true, demo: false });
    expect(config.wechatPay?.notifyUrl).toBe('https://temple.example/pay/notify/wechat');
    expect(config.smsCarrier?.name).toBe('aliyun');
    const tencent = loadConfig(
      live({
        SMS_PROVIDER: 'tencent',
        TENCENT_SMS_SECRET_ID: 'AKIDexample',
        TENCENT_SMS_SECRET_KEY: 'example',
        TENCENT_SMS_SDK_APP_ID: '1400000000',
        TENCENT_SMS_SIGN_NAME: '万福禅寺',
      }),
    );
    expect(tencent.smsCarrier?.name).toBe('tencent');
    // A demo part is still refused beside a real one.
    expect(() => loadConfig(live({ SMS_PROVIDER: 'log' }))).toThrow(demoRefused(['log']));
  });

  it('pays phone browsers by H5 only once WECHATPAY_H5=on says WeChat granted it', () => {
    expect(loadConfig(live()).wechatPay?.h5).toBe(false);
    expect(loadConfig(live({ WECHATPAY_H5: 'on' })).wechatPay?.h5).toBe(true);
    expect(loadConfig(live({ WECHATPAY_H5: 'yes' })).wechatPay?.h5).toBe(false);
  });

  it('takes the 服务号’s web login only under the AppID the orders are made with, and both of its settings', () => {
    const login = loadConfig(live({ WECHAT_MP_APPID: 'wxd678efh567hg6787', WECHAT_MP_SECRET: 'mp-secret' }));
    expect(login.wechatOauth).toMatchObject({
      appid: 'wxd678efh567hg6787',
      apiBase: 'https://api.weixin.qq.com',
    });
    expect(loadConfig(live()).wechatOauth).toBeUndefined();
    expect(() =>
      loadConfig(live({ WECHAT_MP_APPID: 'wx0000000000000000', WECHAT_MP_SECRET: 'mp-secret' })),
    ).toThrow(WECHAT_APPIDS_DIFFER);
    expect(() => loadConfig(live({ WECHAT_MP_APPID: 'wxd678efh567hg6787' }))).toThrow('WECHAT_MP_SECRET');
  });

  it.each([
    'WECHATPAY_MCHID',
    'WECHATPAY_APPID',
    'WECHATPAY_MERCHANT_SERIAL',
    'WECHATPAY_PRIVATE_KEY_FILE',
    'WECHATPAY_APIV3_KEY',
    'WECHATPAY_PUBLIC_KEY_FILE',
    'ALIYUN_SMS_ACCESS_KEY_ID',
    'ALIYUN_SMS_ACCESS_KEY_SECRET',
    'ALIYUN_SMS_SIGN_NAME',
    templateVariable('payment_confirmed'),
  ])('refuses to start without %s, naming it', (name) => {
    expect(() => loadConfig(live({ [name]: undefined }))).toThrow(name);
    expect(() => loadConfig(live({ [name]: '  ' }))).toThrow(name);
  });

  it('names every wrong WeChat Pay and carrier setting at once, not the first alone', () => {
    const wrong = live({
      WECHATPAY_MCHID: undefined,
      WECHATPAY_APIV3_KEY: 'short',
      WECHATPAY_PRIVATE_KEY_FILE: join(dir, 'missing.pem'),
      PUBLIC_URL: 'http://temple.example',
      ALIYUN_SMS_SIGN_NAME: undefined,
    });
    expect(() => loadConfig(wrong)).toThrow(/^配置有 5 处问题：/);
    for (const name of [
      'WECHATPAY_MCHID',
      'WECHATPAY_APIV3_KEY',
      'WECHATPAY_PRIVATE_KEY_FILE',
      'PUBLIC_URL',
      'ALIYUN_SMS_SIGN_NAME',
    ])
      expect(() => loadConfig(wrong), name).toThrow(name);
  });

  it('refuses unreadable or wrong keys, a short APIv3 key, no verifying key and an http address', () => {
    expect(() => loadConfig(live({ WECHATPAY_PRIVATE_KEY_FILE: join(dir, 'missing.pem') }))).toThrow(
      /WECHATPAY_PRIVATE_KEY_FILE.*无法读取/,
    );
    expect(() => loadConfig(live({ WECHATPAY_PRIVATE_KEY_FILE: pem('public', 'not-private.pem') }))).toThrow(
      /WECHATPAY_PRIVATE_KEY_FILE.*私钥/,
    );
    expect(() => loadConfig(live({ WECHATPAY_APIV3_KEY: 'short' }))).toThrow('WECHATPAY_APIV3_KEY');
    expect(() => loadConfig(live({ WECHATPAY_PUBLIC_KEY_ID: undefined }))).toThrow('WECHATPAY_PUBLIC_KEY_ID');
    expect(() => loadConfig(live({ PUBLIC_URL: 'http://temple.example' }))).toThrow(/PUBLIC_URL.*https/);
    // A platform certificate alone (an older merchant) is enough.
    expect(
      loadConfig(
        live({
          WECHATPAY_PUBLIC_KEY_ID: undefined,
          WECHATPAY_PUBLIC_KEY_FILE: undefined,
          WECHATPAY_PLATFORM_SERIAL: '7132D72A03E93CDDF8C03BBD1F37EEDF07B0A0E4',
          WECHATPAY_PLATFORM_CERT_FILE: pem('public', 'platform.pem'),
        }),
      ).wechatPay?.wechatpaySerial,
    ).toBe('7132D72A03E93CDDF8C03BBD1F37EEDF07B0A0E4');
  });

  describe('a production server with WeChat Pay and Aliyun SMS', () => {
    let fake: FakeWechatPay;
    let server: Awaited<ReturnType<typeof assembleServer>>;
    const logs: string[] = [];

    beforeAll(async () => {
      fake = await startFakeWechatPay();
      const merchantKey = join(dir, 'fake-merchant.pem');
      writeFileSync(merchantKey, fake.merchant.privateKeyPem);
      const wechatKey = join(dir, 'fake-wechat.pem');
      writeFileSync(wechatKey, fake.wechatPublicKey.publicKeyPem);
      const env = live({
        DATA_DIR: join(dir, 'data'),
        STATIC_ROOT: dir,
        WECHATPAY_BASE_URL: fake.baseUrl,
        WECHATPAY_MCHID: fake.mchid,
        WECHATPAY_APPID: fake.appid,
        WECHATPAY_MERCHANT_SERIAL: fake.merchant.serial,
        WECHATPAY_PRIVATE_KEY_FILE: merchantKey,
        WECHATPAY_APIV3_KEY: fake.apiV3Key,
        WECHATPAY_PUBLIC_KEY_ID: fake.wechatPublicKey.id,
        WECHATPAY_PUBLIC_KEY_FILE: wechatKey,
      });
      server = await assembleServer(
        loadConfig(env),
        env,
        createLogger((line) => logs.push(line)),
      );
    }, 60_000);
    afterAll(async () => {
      await server?.close();
      await fake?.close();
    });

    it('starts, shows no demo banner, mounts no sandbox, and takes WeChat notifications only', async () => {
      expect((await server.app.request('/healthz')).status).toBe(200);
      const site = (await (await server.app.request('/api/yxs-app/site/config')).json()) as {
        data: { demo: boolean };
      };
      expect(site.data.demo).toBe(false);
      expect((await server.app.request('/pay/sandbox/WF20261122000000000001')).status).toBe(404);
      expect((await server.app.request('/pay/notify/sandbox', { method: 'POST', body: '{}' })).status).toBe(
        404,
      );
      // A notification of nobody: refused as forged, not a server error.
      const forged = await server.app.request('/pay/notify/wechat', { method: 'POST', body: '{}' });
      expect(forged.status).toBe(401);
    });
  });
});
