import Dysmsapi, { SendSmsRequest } from '@alicloud/dysmsapi20170525';
import { $OpenApiUtil } from '@alicloud/openapi-core';
import { SMS_TEMPLATES, type SmsRequest, type SmsTemplateName, smsParamList } from '@contract/sms';
import { RetryOptions, RuntimeOptions } from '@darabonba/typescript';
import { refuseIfAny } from '../config-refused';
import type { Logger } from '../logger';
import type { SmsProvider } from './sms';
import { type CarrierCodes, createCarrierProvider, SMS_CARRIER_TIMEOUT_MS } from './sms-carrier-common';
import { loadSmsTemplateCodes, requiredSetting } from './sms-config';

/** Aliyun SMS (SMS_PROVIDER=aliyun): the variables docs/deploy.md lists. */
export interface AliyunSmsSettings {
  name: 'aliyun';
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  endpoint: string;
  templates: Record<SmsTemplateName, string>;
}

export const ALIYUN_SMS_DEFAULT_ENDPOINT = 'dysmsapi.aliyuncs.com';

/** The settings, every one checked: all that are missing are named at once (ConfigRefused). */
export const loadAliyunSmsSettings = (env: NodeJS.ProcessEnv): AliyunSmsSettings => {
  const problems: string[] = [];
  const settings: AliyunSmsSettings = {
    name: 'aliyun',
    accessKeyId: requiredSetting(env, 'ALIYUN_SMS_ACCESS_KEY_ID', '阿里云 RAM 用户的 AccessKey ID', problems),
    accessKeySecret: requiredSetting(
      env,
      'ALIYUN_SMS_ACCESS_KEY_SECRET',
      '阿里云 RAM 用户的 AccessKey Secret',
      problems,
    ),
    signName: requiredSetting(env, 'ALIYUN_SMS_SIGN_NAME', '审核通过的短信签名', problems),
    endpoint: env.ALIYUN_SMS_ENDPOINT?.trim() || ALIYUN_SMS_DEFAULT_ENDPOINT,
    templates: loadSmsTemplateCodes(env, problems),
  };
  refuseIfAny(problems);
  return settings;
};

/** The part of the SDK client we call (a scripted fake in the tests). */
export interface AliyunSmsClient {
  sendSmsWithOptions(
    request: SendSmsRequest,
    runtime: RuntimeOptions,
  ): Promise<{ body?: { code?: string; message?: string; bizId?: string; requestId?: string } }>;
}

/**
 * Aliyun's codes (help.aliyun.com/document_detail/101346.html). Only its rate limit and a number
 * it refuses reach the believer as such; the rest is for the temple to fix: configuration
 * (signature, template, its parameters: our bug), balance, blocked content, the caller's IP, RAM
 * permissions, the console's day and month quotas. MOBILE_COUNT_OVER_LIMIT means more numbers than
 * one request takes: we send one validated number, so it can only be our bug.
 */
export const ALIYUN_SMS_CODES: CarrierCodes = {
  'isv.BUSINESS_LIMIT_CONTROL': 'tooMany',
  'isv.MOBILE_NUMBER_ILLEGAL': 'badNumber',
  'isv.MOBILE_COUNT_OVER_LIMIT': 'unavailable',
  'isv.DAY_LIMIT_CONTROL': 'unavailable',
  'isv.MONTH_LIMIT_CONTROL': 'unavailable',
  'isv.TEMPLATE_MISSING_PARAMETERS': 'unavailable',
  'isv.INVALID_JSON_PARAM': 'unavailable',
  'isv.TEMPLATE_PARAMS_ILLEGAL': 'unavailable',
  'isv.PARAM_LENGTH_LIMIT': 'unavailable',
  'isv.PARAM_NOT_SUPPORT_URL': 'unavailable',
  'isv.INVALID_PARAMETERS': 'unavailable',
  'isv.SMS_SIGNATURE_ILLEGAL': 'unavailable',
  'isv.SMS_TEMPLATE_ILLEGAL': 'unavailable',
  'isv.SMS_SIGNATURE_SCENE_ILLEGAL': 'unavailable',
  'isv.AMOUNT_NOT_ENOUGH': 'unavailable',
  'isv.OUT_OF_SERVICE': 'unavailable',
  'isv.PRODUCT_UN_SUBSCRIPT': 'unavailable',
  'isv.PRODUCT_UNSUBSCRIBE': 'unavailable',
  'isv.ACCOUNT_NOT_EXISTS': 'unavailable',
  'isv.ACCOUNT_ABNORMAL': 'unavailable',
  'isv.BLACK_KEY_CONTROL_LIMIT': 'unavailable',
  'isv.SMS_CONTENT_ILLEGAL': 'unavailable',
  'isv.DENY_IP_RANGE': 'unavailable',
  'isp.RAM_PERMISSION_DENY': 'unavailable',
  'isp.SYSTEM_ERROR': 'unavailable',
};

/**
 * The client's settings: the account's key, the endpoint, timeouts, and no retry. In SDK 4.x the
 * retry loop reads the client's `retryOptions` only (a missing one means no retry); we set it off
 * explicitly so a later default cannot turn a slow send into a second message.
 */
export const aliyunClientConfig = (settings: AliyunSmsSettings, timeoutMs: number): $OpenApiUtil.Config =>
  new $OpenApiUtil.Config({
    accessKeyId: settings.accessKeyId,
    accessKeySecret: settings.accessKeySecret,
    endpoint: settings.endpoint,
    readTimeout: timeoutMs,
    connectTimeout: timeoutMs,
    retryOptions: new RetryOptions({ retryable: false }),
  });

/**
 * Each call's options: our timeouts, and `autoretry: false, maxAttempts: 1` for a client that reads
 * them (openapi-core 1.x ignores them: its retry is the config's `retryOptions` above).
 */
export const aliyunRuntimeOptions = (timeoutMs: number): RuntimeOptions =>
  new RuntimeOptions({ autoretry: false, maxAttempts: 1, readTimeout: timeoutMs, connectTimeout: timeoutMs });

/**
 * The template's parameters as Aliyun's JSON string ({"code":"135790","minutes":"5"}), the
 * template's own names only; undefined for a template without parameters.
 */
export const aliyunTemplateParam = (request: Pick<SmsRequest, 'template' | 'params'>): string | undefined => {
  const names = SMS_TEMPLATES[request.template].params;
  if (names.length === 0) return undefined;
  const values = smsParamList(request);
  return JSON.stringify(Object.fromEntries(names.map((name, i) => [name, values[i]])));
};

/** Node's ESM import of this CommonJS package gives its module object; a bundler gives the class. */
const DysmsapiClient: typeof Dysmsapi =
  (Dysmsapi as unknown as { default?: typeof Dysmsapi }).default ?? Dysmsapi;

/** The SDK's client: built once per provider; it opens no connection until the first send. */
export const createAliyunSmsClient = (settings: AliyunSmsSettings, timeoutMs: number): AliyunSmsClient =>
  new DysmsapiClient(aliyunClientConfig(settings, timeoutMs));

/**
 * Sends through Aliyun's SendSms, one number a call. A refusal comes back in a normal answer
 * (`body.code` other than OK) and becomes an SmsRefused; `outId` carries our reference. A template
 * without parameters sends no `templateParam` (Aliyun requires it only when the template has
 * variables).
 */
export const createAliyunSmsProvider = (
  settings: AliyunSmsSettings,
  {
    logger,
    client,
    timeoutMs = SMS_CARRIER_TIMEOUT_MS,
  }: { logger: Logger; client?: AliyunSmsClient; timeoutMs?: number },
): SmsProvider => {
  const sdk = client ?? createAliyunSmsClient(settings, timeoutMs);
  const runtime = aliyunRuntimeOptions(timeoutMs);
  return createCarrierProvider({
    name: 'aliyun',
    logger,
    timeoutMs,
    codes: ALIYUN_SMS_CODES,
    async deliver(request) {
      const templateParam = aliyunTemplateParam(request);
      const answer = await sdk.sendSmsWithOptions(
        new SendSmsRequest({
          phoneNumbers: request.phone,
          signName: settings.signName,
          templateCode: settings.templates[request.template],
          ...(templateParam === undefined ? {} : { templateParam }),
          outId: request.ref,
        }),
        runtime,
      );
      const code = answer?.body?.code;
      if (typeof code !== 'string' || !code) return 'NO_CODE';
      return code === 'OK' ? null : code;
    },
  });
};
