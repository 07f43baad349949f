import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type E2eServer, startE2eServer } from './e2e-server';
import { type FakeWechatOauth, startFakeWechatOauth } from './fake-wechat-oauth';
import { type FakeWechatPay, startFakeWechatPay } from './fake-wechatpay';

/**
 * A real server whose payment gateway is WeChat Pay v3 against the protocol-faithful fake, for an
 * end-to-end test that needs the real gateway (a refund through it, a phone paying by JSAPI or
 * H5): the fakes run in the test's process (the test pays trades and reads refunds on them), the
 * server in its own, configured as production would be (WECHATPAY_* with key files, H5 granted,
 * the 服务号's web login against the fake OAuth, whose 网页授权域名 is the server's host; the
 * loopback proxy trusted, so a test's page can say its public address), SMS still the log's
 * (demo mode, /dev helpers).
 */
export const startWechatE2eServer = async (): Promise<{
  server: E2eServer;
  fake: FakeWechatPay;
  oauth: FakeWechatOauth;
  stop(): Promise<void>;
}> => {
  const fake = await startFakeWechatPay({ retryScale: 0.0005 });
  const oauth = await startFakeWechatOauth({ appid: fake.appid, domain: 'localhost' });
  const keys = mkdtempSync(join(tmpdir(), 'temple-e2e-keys-'));
  const privateKeyFile = join(keys, 'apiclient_key.pem');
  const publicKeyFile = join(keys, 'pub_key.pem');
  writeFileSync(privateKeyFile, fake.merchant.privateKeyPem, { mode: 0o600 });
  writeFileSync(publicKeyFile, fake.wechatPublicKey.publicKeyPem);
  const server = await startE2eServer({
    PAYMENT_GATEWAY: 'wechat',
    WECHATPAY_MCHID: fake.mchid,
    WECHATPAY_APPID: fake.appid,
    WECHATPAY_MERCHANT_SERIAL: fake.merchant.serial,
    WECHATPAY_PRIVATE_KEY_FILE: privateKeyFile,
    WECHATPAY_APIV3_KEY: fake.apiV3Key,
    WECHATPAY_PUBLIC_KEY_ID: fake.wechatPublicKey.id,
    WECHATPAY_PUBLIC_KEY_FILE: publicKeyFile,
    WECHATPAY_BASE_URL: fake.baseUrl,
    WECHATPAY_H5: 'on',
    WECHAT_MP_APPID: oauth.appid,
    WECHAT_MP_SECRET: oauth.secret,
    WECHAT_API_BASE: oauth.origin,
    WECHAT_OPEN_BASE: oauth.origin,
    TRUSTED_PROXIES: '127.0.0.1,::1',
  });
  fake.setNotifyUrl(`${server.url}/pay/notify/wechat`);
  // The H5支付域名 the temple registered: the cashier opens only from the site's pages.
  fake.setH5Domain(new URL(server.url).hostname);
  return {
    server,
    fake,
    oauth,
    async stop() {
      await server.stop();
      await fake.close();
      await oauth.close();
      rmSync(keys, { recursive: true, force: true });
    },
  };
};
