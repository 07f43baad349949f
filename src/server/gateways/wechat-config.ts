import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ConfigRefused } from '../config-refused';

/**
 * WeChat Pay v3 from the environment (PAYMENT_GATEWAY=wechat), checked at start: every value
 * present, every key file readable and a key of the right kind, the APIv3 key 32 bytes. Missing
 * or wrong ones stop the server with a message naming each of them (docs/deploy.md lists them).
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
  /** WECHATPAY_H5=on: the merchant number has WeChat's H5 payment (approval is WeChat's), for phone browsers. */
  h5: boolean;
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

export const WECHAT_NOTIFY_PATH = '/pay/notify/wechat';

/**
 * The settings, every one judged: a missing or wrong value is added to the problems and the rest
 * are still judged, so all of them are named at once (ConfigRefused).
 */
export const loadWechatPayConfig = (
  env: NodeJS.ProcessEnv,
  publicOrigin: string,
  production: boolean,
): WechatPayConfig => {
  const problems: string[] = [];
  const fail = (name: string, what: string) => {
    problems.push(`微信支付配置有误：${name}（${what}）。`);
  };
  const required = (name: keyof typeof NAMES): string => {
    const value = env[name]?.trim() ?? '';
    if (!value) problems.push(`微信支付配置缺少 ${name}：${NAMES[name]}。`);
    return value;
  };
  const keyFile = (name: string, path: string, kind: 'private' | 'public'): KeyObject | undefined => {
    let pem: string;
    try {
      pem = readFileSync(path, 'utf8');
    } catch {
      fail(name, `文件 ${path} 无法读取`);
      return undefined;
    }
    try {
      return kind === 'private' ? createPrivateKey(pem) : createPublicKey(pem);
    } catch {
      fail(
        name,
        kind === 'private' ? `文件 ${path} 不是 PEM 格式的私钥` : `文件 ${path} 不是 PEM 格式的公钥或证书`,
      );
      return undefined;
    }
  };

  const mchid = required('WECHATPAY_MCHID');
  if (mchid && !/^\d{8,12}$/.test(mchid)) fail('WECHATPAY_MCHID', '应为 8 至 12 位数字');
  const appid = required('WECHATPAY_APPID');
  const merchantSerial = required('WECHATPAY_MERCHANT_SERIAL');
  if (merchantSerial && !/^[0-9A-Fa-f]{8,64}$/.test(merchantSerial))
    fail('WECHATPAY_MERCHANT_SERIAL', '应为十六进制字符');
  const privateKeyFile = required('WECHATPAY_PRIVATE_KEY_FILE');
  const privateKey = privateKeyFile
    ? keyFile('WECHATPAY_PRIVATE_KEY_FILE', privateKeyFile, 'private')
    : undefined;
  const apiV3Key = required('WECHATPAY_APIV3_KEY');
  if (apiV3Key && Buffer.byteLength(apiV3Key) !== 32) fail('WECHATPAY_APIV3_KEY', '应为 32 个字符');

  const verifiers: Record<string, KeyObject> = {};
  const verifier = (serial: string, name: string, file: string | undefined, missing: string) => {
    if (!file) {
      problems.push(`微信支付配置缺少 ${name}：${missing}。`);
      return;
    }
    const key = keyFile(name, file, 'public');
    if (key) verifiers[serial] = key;
  };
  const publicKeyId = env.WECHATPAY_PUBLIC_KEY_ID?.trim();
  if (publicKeyId) {
    if (!/^PUB_KEY_ID_\w+$/.test(publicKeyId)) fail('WECHATPAY_PUBLIC_KEY_ID', '应以 PUB_KEY_ID_ 开头');
    verifier(
      publicKeyId,
      'WECHATPAY_PUBLIC_KEY_FILE',
      env.WECHATPAY_PUBLIC_KEY_FILE?.trim(),
      '微信支付公钥文件（pub_key.pem）的路径',
    );
  }
  const platformSerial = env.WECHATPAY_PLATFORM_SERIAL?.trim();
  if (platformSerial) {
    verifier(
      platformSerial,
      'WECHATPAY_PLATFORM_CERT_FILE',
      env.WECHATPAY_PLATFORM_CERT_FILE?.trim(),
      '微信支付平台证书文件的路径',
    );
  }
  const wechatpaySerial = publicKeyId || platformSerial;
  if (!wechatpaySerial) {
    problems.push(
      '微信支付配置缺少验签公钥：请设置 WECHATPAY_PUBLIC_KEY_ID 与 WECHATPAY_PUBLIC_KEY_FILE（微信支付公钥，新商户只有此模式），' +
        '或 WECHATPAY_PLATFORM_SERIAL 与 WECHATPAY_PLATFORM_CERT_FILE（平台证书）。',
    );
  }
  if (production && !publicOrigin.startsWith('https://')) {
    fail('PUBLIC_URL', '微信支付的回调地址须为 https 网址');
  }
  if (problems.length > 0 || !privateKey || !wechatpaySerial) throw new ConfigRefused(problems);
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
    h5: env.WECHATPAY_H5?.trim() === 'on',
    notifyUrl: `${publicOrigin}${WECHAT_NOTIFY_PATH}`,
  };
};
