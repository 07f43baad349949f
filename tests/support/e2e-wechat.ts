import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type E2eServer, startE2eServer } from './e2e-server';
import { type FakeWechatPay, startFakeWechatPay } from './fake-wechatpay';

/**
 * A real server whose payment gateway is WeChat Pay v3 against the protocol-faithful fake, for an
 * end-to-end test that needs the real gateway (a refund through it): the fake runs in the test's
 * process (the test pays trades and reads refunds on it), the server in its own, configured as
 * production would be (WECHATPAY_* with key files), SMS still the log's (demo mode, /dev helpers).
 */
export const startWechatE2eServer = async (): Promise<{
  server: E2eServer;
  fake: FakeWechatPay;
  stop(): Promise<void>;
}> => {
  const fake = await startFakeWechatPay({ retryScale: 0.0005 });
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
  });
  fake.setNotifyUrl(`${server.url}/pay/notify/wechat`);
  return {
    server,
    fake,
    async stop() {
      await server.stop();
      await fake.close();
      rmSync(keys, { recursive: true, force: true });
    },
  };
};
