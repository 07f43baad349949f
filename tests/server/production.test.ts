import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authApi } from '@contract/auth';
import { SMS_TEMPLATE_NAMES } from '@contract/sms';
import { wechatLoginApi } from '@contract/wechat-login';
import { demoRefused, loadConfig, MIGRATION_URL_ALONE, PUBLIC_URL_REQUIRED } from '@server/config';
import { templateVariable } from '@server/gateways/sms-config';
import { createLogger } from '@server/logger';
import { assembleServer } from '@server/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** Tencent Cloud SMS fully configured: the log SMS provider is out of the way. */
const tencent = {
  TENCENT_SMS_SECRET_ID: 'AKIDexample',
  TENCENT_SMS_SECRET_KEY: 'example',
  TENCENT_SMS_SDK_APP_ID: '1400000000',
  TENCENT_SMS_SIGN_NAME: '万福禅寺',
  ...Object.fromEntries(SMS_TEMPLATE_NAMES.map((name, i) => [templateVariable(name), `${100000 + i}`])),
};

describe('demo parts and production', () => {
  it('refuses to start in production with the sandbox gateway or the log SMS provider', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(demoRefused(['sandbox', 'log']));
    expect(() => loadConfig({ NODE_ENV: 'production', ALLOW_DEMO_IN_PRODUCTION: '0' })).toThrow(
      'ALLOW_DEMO_IN_PRODUCTION=1',
    );
    expect(
      loadConfig({
        NODE_ENV: 'production',
        ALLOW_DEMO_IN_PRODUCTION: '1',
        PUBLIC_URL: 'https://temple.example',
      }),
    ).toMatchObject({ production: true, demo: true });
    expect(loadConfig({})).toMatchObject({
      production: false,
      demo: true,
      publicOrigin: 'http://localhost:3000',
    });
    expect(loadConfig({ PUBLIC_URL: 'https://temple.example/' }).publicOrigin).toBe('https://temple.example');
  });

  // Issue 34: the refusal named both demo parts when one was in use, and stopped at the first problem.
  it('names exactly the demo part in use', () => {
    const live = { NODE_ENV: 'production', PUBLIC_URL: 'https://temple.example' };
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig({ ...live, ...env });
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('the start was not refused');
    };
    const sandboxOnly = refusal({ SMS_PROVIDER: 'tencent', ...tencent });
    expect(sandboxOnly).toBe(demoRefused(['sandbox']));
    expect(sandboxOnly).toContain('PAYMENT_GATEWAY=sandbox');
    expect(sandboxOnly).not.toContain('SMS_PROVIDER');
    const logOnly = refusal({ PAYMENT_GATEWAY: 'wechat', SMS_PROVIDER: 'log', ...tencent });
    expect(logOnly).toContain(demoRefused(['log']));
    expect(logOnly).not.toContain('PAYMENT_GATEWAY=sandbox');
    expect(refusal({})).toBe(demoRefused(['sandbox', 'log']));
  });

  it('names every problem at once, each with its variable', () => {
    let message = '';
    try {
      loadConfig({
        NODE_ENV: 'production',
        PORT: 'eighty',
        TRUSTED_PROXIES: 'proxy.example',
        SMS_PROVIDER: 'aliyun',
        ALIYUN_SMS_SIGN_NAME: '万福禅寺',
        MIGRATION_DATABASE_URL: 'postgres://temple_owner@db-host/temple_site',
      });
    } catch (error) {
      message = (error as Error).message;
    }
    const named = [
      'PORT 须为整数',
      'TRUSTED_PROXIES 须为',
      demoRefused(['sandbox']),
      PUBLIC_URL_REQUIRED,
      MIGRATION_URL_ALONE,
      'ALIYUN_SMS_ACCESS_KEY_ID',
      'ALIYUN_SMS_ACCESS_KEY_SECRET',
      ...SMS_TEMPLATE_NAMES.map(templateVariable),
    ];
    expect(message).toMatch(new RegExp(`^配置有 ${named.length} 处问题：\n1. `));
    for (const what of named) expect(message, what).toContain(what);
    // The sign name was given: it is not among the problems.
    expect(message).not.toContain('ALIYUN_SMS_SIGN_NAME');
    expect(message).not.toContain('日志短信');
  });

  // Issue 21: without PUBLIC_URL a production QR encoded http://localhost…, which no phone opens.
  it('refuses to start in production without PUBLIC_URL, naming it', () => {
    const demo = { NODE_ENV: 'production', ALLOW_DEMO_IN_PRODUCTION: '1' };
    expect(() => loadConfig(demo)).toThrow(PUBLIC_URL_REQUIRED);
    expect(() => loadConfig({ ...demo, PUBLIC_URL: '' })).toThrow('PUBLIC_URL');
    expect(PUBLIC_URL_REQUIRED).toContain('PUBLIC_URL');
    expect(loadConfig({ ...demo, PUBLIC_URL: 'https://temple.example/' }).publicOrigin).toBe(
      'https://temple.example',
    );
    // Outside production this machine's port stays the default (npm start on a fresh clone).
    expect(loadConfig({ NODE_ENV: 'development' }).publicOrigin).toBe('http://localhost:3000');
    // Only a web address: the QR is opened by a phone's browser.
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow('PUBLIC_URL');
  });

  describe('a production server (demo parts explicitly allowed)', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'temple-production-'));
    const logs: string[] = [];
    let server: Awaited<ReturnType<typeof assembleServer>>;

    beforeAll(async () => {
      const env = {
        NODE_ENV: 'production',
        ALLOW_DEMO_IN_PRODUCTION: '1',
        PUBLIC_URL: 'https://temple.example',
        DATA_DIR: dataDir,
        STATIC_ROOT: dataDir,
      };
      server = await assembleServer(
        loadConfig(env),
        env,
        createLogger((line) => logs.push(line)),
      );
    }, 60_000);
    afterAll(async () => {
      await server?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('mounts nothing under /dev and no sandbox page', async () => {
      for (const path of [
        '/dev/sms/outbox?phone=13800000000',
        '/dev/orders/WF20261122000000000001',
        '/pay/sandbox/WF20261122000000000001',
        '/pay/sandbox/connect/oauth2/authorize?redirect_uri=https%3A%2F%2Ftemple.example%2F&state=s',
      ]) {
        const res = await server.app.request(path);
        expect(res.status, path).toBe(404);
      }
      const confirm = await server.app.request('/pay/sandbox/WF20261122000000000001/confirm', {
        method: 'POST',
      });
      expect(confirm.status).toBe(404);
      const clock = await server.app.request('/dev/clock/advance', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ seconds: 60 }),
      });
      expect(clock.status).toBe(404);
      // No stand-in for WeChat's web login either: without a 服务号 there is no JSAPI at all.
      const wechat = await server.app.request(wechatLoginApi.config.path);
      expect(wechat.status).toBe(200);
      expect(await wechat.json()).toMatchObject({ data: { appid: '', authorizeUrl: '' } });
    });

    it('never writes an SMS code to the log', async () => {
      const phone = '13912345678';
      const res = await server.app.request(authApi.sendCode.path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone, type: 'register' }),
      });
      expect(res.status).toBe(200);
      const sent = await server.database.db
        .selectFrom('sms_codes')
        .select('id')
        .where('phone', '=', phone)
        .execute();
      expect(sent).toHaveLength(1);
      const smsLines = logs.filter((line) => line.includes('sms.sent'));
      expect(smsLines).toHaveLength(1);
      expect(smsLines[0]).toContain('139****5678');
      for (const line of logs) {
        expect(line).not.toContain(phone);
        expect(line).not.toMatch(/验证码|\b\d{6}\b/);
      }
    });

    it('tells the site it is in demo mode, so every page shows the banner', async () => {
      const res = await server.app.request('/api/yxs-app/site/config');
      expect((await res.json()).data.demo).toBe(true);
    });
  });
});
