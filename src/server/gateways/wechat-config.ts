import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * WeChat Pay v3 from the environment (PAYMENT_GATEWAY=wechat), checked at start: every value
 * present, every key file readable and a key of the right kind, the APIv3 key 32 bytes. A
 * missing or wrong one stops the server with a message naming it (docs/deploy.md lists them).
 */
export interface WechatPayConfig {
  mchid: string;
  appid: string;
  /** The merchant API certificate's serial (signs our requests). */
  merchantSerial: string;
  privateKey: KeyObject;
  /** 32 bytes: decrypts notifications. */
  apiV3Key: string;
  /**
   * The keys WeChat's answers and notifications may be signed with, by their Wechatpay-Serial:
   * the 微信支付公钥 (PUB_KEY_ID_…) and/or a platform certificate (both while a merchant migrates).
   */
  verifiers: Record<string, KeyObject>;
  /** Sent as Wechatpay-Serial with every request: the public key's id when there is one. */
  wechatpaySerial: string;
  baseUrl: string;
  /** Where WeChat sends notifications: PUBLIC_URL + /pay/notify/wechat. */
  notifyUrl: string;
}

const NAMES = {
  WECHATPAY_MCHID: '微信支付商户号',
  WECHATPAY_APPID: '与商户号绑定的公众号或小程序 AppID',
  WECHATPAY_MERCHANT_SERIAL: '商户 API 证书序列号',
  WECHATPAY_PRIVATE_KEY_FILE: '商户 API 私钥文件（apiclient_key.pem）的路径',
  WECHATPAY_APIV3_KEY: 'APIv3 密钥（32 个字符）',
} as const;

const fail = (name: string, what: string): never => {
  throw new Error(`微信支付配置有误：${name}（${what}）。`);
};

const required = (env: NodeJS.ProcessEnv, name: keyof typeof NAMES): string => {
  const value = env[name]?.trim();
  if (!value) throw new Error(`微信支付配置缺少 ${name}：${NAMES[name]}。`);
  return value;
};

const keyFile = (name: string, path: string, kind: 'private' | 'public'): KeyObject => {
  let pem: string;
  try {
    pem = readFileSync(path, 'utf8');
  } catch {
    return fail(name, `文件 ${path} 无法读取`);
  }
  try {
    return kind === 'private' ? createPrivateKey(pem) : createPublicKey(pem);
  } catch {
    return fail(
      name,
      kind === 'private' ? `文件 ${path} 不是 PEM 格式的私钥` : `文件 ${path} 不是 PEM 格式的公钥或证书`,
    );
  }
};

export const WECHAT_NOTIFY_PATH = '/pay/notify/wechat';

export const loadWechatPayConfig = (
  env: NodeJS.ProcessEnv,
  publicOrigin: string,
  production: boolean,
): WechatPayConfig => {
  const mchid = required(env, 'WECHATPAY_MCHID');
  if (!/^\d{8,12}$/.test(mchid)) fail('WECHATPAY_MCHID', '应为 8 至 12 位数字');
  const appid = required(env, 'WECHATPAY_APPID');
  const merchantSerial = required(env, 'WECHATPAY_MERCHANT_SERIAL');
  if (!/^[0-9A-Fa-f]{8,64}$/.test(merchantSerial)) fail('WECHATPAY_MERCHANT_SERIAL', '应为十六进制字符');
  const privateKey = keyFile(
    'WECHATPAY_PRIVATE_KEY_FILE',
    required(env, 'WECHATPAY_PRIVATE_KEY_FILE'),
    'private',
  );
  const apiV3Key = required(env, 'WECHATPAY_APIV3_KEY');
  if (Buffer.byteLength(apiV3Key) !== 32) fail('WECHATPAY_APIV3_KEY', '应为 32 个字符');

  const verifiers: Record<string, KeyObject> = {};
  const publicKeyId = env.WECHATPAY_PUBLIC_KEY_ID?.trim();
  if (publicKeyId) {
    if (!/^PUB_KEY_ID_\w+$/.test(publicKeyId)) fail('WECHATPAY_PUBLIC_KEY_ID', '应以 PUB_KEY_ID_ 开头');
    const file = env.WECHATPAY_PUBLIC_KEY_FILE?.trim();
    if (!file)
      throw new Error('微信支付配置缺少 WECHATPAY_PUBLIC_KEY_FILE：微信支付公钥文件（pub_key.pem）的路径。');
    verifiers[publicKeyId] = keyFile('WECHATPAY_PUBLIC_KEY_FILE', file, 'public');
  }
  const platformSerial = env.WECHATPAY_PLATFORM_SERIAL?.trim();
  if (platformSerial) {
    const file = env.WECHATPAY_PLATFORM_CERT_FILE?.trim();
    if (!file) throw new Error('微信支付配置缺少 WECHATPAY_PLATFORM_CERT_FILE：微信支付平台证书文件的路径。');
    verifiers[platformSerial] = keyFile('WECHATPAY_PLATFORM_CERT_FILE', file, 'public');
  }
  const wechatpaySerial = publicKeyId ?? platformSerial;
  if (!wechatpaySerial) {
    throw new Error(
      '微信支付配置缺少验签公钥：请设置 WECHATPAY_PUBLIC_KEY_ID 与 WECHATPAY_PUBLIC_KEY_FILE（微信支付公钥，新商户只有此模式），' +
        '或 WECHATPAY_PLATFORM_SERIAL 与 WECHATPAY_PLATFORM_CERT_FILE（平台证书）。',
    );
  }
  if (production && !publicOrigin.startsWith('https://')) {
    fail('PUBLIC_URL', '微信支付的回调地址须为 https 网址');
  }
  const baseUrl = env.WECHATPAY_BASE_URL?.trim() || 'https://api.mch.weixin.qq.com/';
  return {
    mchid,
    appid,
    merchantSerial: merchantSerial.toUpperCase(),
    privateKey,
    apiV3Key,
    verifiers,
    wechatpaySerial,
    baseUrl: baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`,
    notifyUrl: `${publicOrigin}${WECHAT_NOTIFY_PATH}`,
  };
};
