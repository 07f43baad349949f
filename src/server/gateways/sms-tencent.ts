import { type SmsTemplateName, smsParamList } from '@contract/sms';
import { sms } from 'tencentcloud-sdk-nodejs-sms';
import { refuseIfAny } from '../config-refused';
import type { Logger } from '../logger';
import type { SmsProvider } from './sms';
import { type CarrierCodes, createCarrierProvider, SMS_CARRIER_TIMEOUT_MS } from './sms-carrier-common';
import { loadSmsTemplateCodes, requiredSetting } from './sms-config';

/** Tencent Cloud SMS (SMS_PROVIDER=tencent): the variables docs/deploy.md lists. */
export interface TencentSmsSettings {
  name: 'tencent';
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  region: string;
  templates: Record<SmsTemplateName, string>;
}

export const TENCENT_SMS_DEFAULT_REGION = 'ap-guangzhou';

/** The settings, every one checked: all that are missing are named at once (ConfigRefused). */
export const loadTencentSmsSettings = (env: NodeJS.ProcessEnv): TencentSmsSettings => {
  const problems: string[] = [];
  const settings: TencentSmsSettings = {
    name: 'tencent',
    secretId: requiredSetting(env, 'TENCENT_SMS_SECRET_ID', '腾讯云 API 密钥的 SecretId', problems),
    secretKey: requiredSetting(env, 'TENCENT_SMS_SECRET_KEY', '腾讯云 API 密钥的 SecretKey', problems),
    sdkAppId: requiredSetting(
      env,
      'TENCENT_SMS_SDK_APP_ID',
      '短信控制台中应用的 SdkAppId（如 1400006666）',
      problems,
    ),
    signName: requiredSetting(env, 'TENCENT_SMS_SIGN_NAME', '审核通过的短信签名内容', problems),
    region: env.TENCENT_SMS_REGION?.trim() || TENCENT_SMS_DEFAULT_REGION,
    templates: loadSmsTemplateCodes(env, problems),
  };
  refuseIfAny(problems);
  return settings;
};

type SdkClient = InstanceType<typeof sms.v20210111.Client>;
export type TencentSendSmsRequest = Parameters<SdkClient['SendSms']>[0];
export type TencentSendSmsResponse = Awaited<ReturnType<SdkClient['SendSms']>>;
export type TencentClientConfig = ConstructorParameters<typeof sms.v20210111.Client>[0];

/** The part of the SDK client we call (a scripted fake in the tests). */
export interface TencentSmsClient {
  SendSms(request: TencentSendSmsRequest): Promise<TencentSendSmsResponse>;
}

const tooMany = 'tooMany';
const badNumber = 'badNumber';
const unavailable = 'unavailable';

/**
 * Tencent Cloud's codes (cloud.tencent.com/document/api/382/55981 section 6), per number in
 * SendStatusSet or thrown for the whole call. The number's own frequency limits are 'tooMany';
 * a number it refuses (malformed, on the do-not-disturb list, outside the mainland) is
 * 'badNumber'; the rest is for the temple to fix: signature, template, parameters (our bug),
 * balance, the application's daily quotas, permissions, the carrier's own failures.
 */
export const TENCENT_SMS_CODES: CarrierCodes = {
  'LimitExceeded.DeliveryFrequencyLimit': tooMany,
  'LimitExceeded.PhoneNumberDailyLimit': tooMany,
  'LimitExceeded.PhoneNumberOneHourLimit': tooMany,
  'LimitExceeded.PhoneNumberSameContentDailyLimit': tooMany,
  'LimitExceeded.PhoneNumberThirtySecondLimit': tooMany,
  'InvalidParameterValue.IncorrectPhoneNumber': badNumber,
  'FailedOperation.PhoneNumberInBlacklist': badNumber,
  'UnsupportedOperation.ContainDomesticAndInternationalPhoneNumber': badNumber,
  'UnsupportedOperation.ChineseMainlandTemplateToGlobalPhone': badNumber,
  'UnsupportedOperation.UnsupportedRegion': badNumber,
  'LimitExceeded.AppDailyLimit': unavailable,
  'LimitExceeded.AppMainlandChinaDailyLimit': unavailable,
  'LimitExceeded.AppGlobalDailyLimit': unavailable,
  'LimitExceeded.AppCountryOrRegionDailyLimit': unavailable,
  'LimitExceeded.AppCountryOrRegionInBlacklist': unavailable,
  'LimitExceeded.DailyLimit': unavailable,
  'LimitExceeded.PhoneNumberCountLimit': unavailable,
  'MissingParameter.EmptyPhoneNumberSet': unavailable,
  'FailedOperation.ContainSensitiveWord': unavailable,
  'FailedOperation.FailResolvePacket': unavailable,
  'FailedOperation.InsufficientBalanceInSmsPackage': unavailable,
  'FailedOperation.JsonParseFail': unavailable,
  'FailedOperation.MarketingSendTimeConstraint': unavailable,
  'FailedOperation.SignatureIncorrectOrUnapproved': unavailable,
  'FailedOperation.TemplateIncorrectOrUnapproved': unavailable,
  'FailedOperation.TemplateParamSetNotMatchApprovedTemplate': unavailable,
  'FailedOperation.TemplateUnapprovedOrNotExist': unavailable,
  'InternalError.OtherError': unavailable,
  'InternalError.RequestTimeException': unavailable,
  'InternalError.RestApiInterfaceNotExist': unavailable,
  'InternalError.SendAndRecvFail': unavailable,
  'InternalError.SigFieldMissing': unavailable,
  'InternalError.SigVerificationFail': unavailable,
  'InternalError.Timeout': unavailable,
  'InternalError.UnknownError': unavailable,
  'InvalidParameterValue.ContentLengthLimit': unavailable,
  'InvalidParameterValue.ProhibitedUseUrlInTemplateParameter': unavailable,
  'InvalidParameterValue.SdkAppIdNotExist': unavailable,
  'InvalidParameterValue.TemplateParameterFormatError': unavailable,
  'InvalidParameterValue.TemplateParameterLengthLimit': unavailable,
  'UnauthorizedOperation.IndividualUserMarketingSmsPermissionDeny': unavailable,
  'UnauthorizedOperation.RequestIpNotInWhitelist': unavailable,
  'UnauthorizedOperation.RequestPermissionDeny': unavailable,
  'UnauthorizedOperation.SdkAppIdIsDisabled': unavailable,
  'UnauthorizedOperation.ServiceSuspendDueToArrears': unavailable,
  'UnauthorizedOperation.SmsSdkAppIdVerifyFail': unavailable,
  UnsupportedOperation: unavailable,
  'UnsupportedOperation.GlobalTemplateToChineseMainlandPhone': unavailable,
  'AuthFailure.SecretIdNotFound': unavailable,
  'AuthFailure.SignatureFailure': unavailable,
  RequestLimitExceeded: unavailable,
};

/**
 * The client's settings: the key, the region and the request timeout (the SDK counts it in
 * seconds). The SDK (tencentcloud-sdk-nodejs-common 4.x) has no retry of its own: one SendSms is
 * one HTTP request.
 */
export const tencentClientConfig = (
  settings: TencentSmsSettings,
  timeoutMs: number,
): TencentClientConfig => ({
  credential: { secretId: settings.secretId, secretKey: settings.secretKey },
  region: settings.region,
  profile: { httpProfile: { reqMethod: 'POST', reqTimeout: timeoutMs / 1000 } },
});

/** The SDK's client: built once per provider; it opens no connection until the first send. */
export const createTencentSmsClient = (settings: TencentSmsSettings, timeoutMs: number): TencentSmsClient =>
  new sms.v20210111.Client(tencentClientConfig(settings, timeoutMs));

/** The same number however the carrier writes it (+8613…, 8613…, 13…). */
const nationalNumber = (phone: string | undefined): string => {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length === 13 && digits.startsWith('86') ? digits.slice(2) : digits;
};

/**
 * Sends through Tencent Cloud's SendSms, one number a call. The answer holds one status per
 * number; ours must say Ok (a 200 can still carry a refusal); `SessionContext` carries our
 * reference and `TemplateParamSet` the template's parameters in order.
 */
export const createTencentSmsProvider = (
  settings: TencentSmsSettings,
  {
    logger,
    client,
    timeoutMs = SMS_CARRIER_TIMEOUT_MS,
  }: { logger: Logger; client?: TencentSmsClient; timeoutMs?: number },
): SmsProvider => {
  const sdk = client ?? createTencentSmsClient(settings, timeoutMs);
  return createCarrierProvider({
    name: 'tencent',
    logger,
    timeoutMs,
    codes: TENCENT_SMS_CODES,
    async deliver(request) {
      const answer = await sdk.SendSms({
        PhoneNumberSet: [`+86${request.phone}`],
        SmsSdkAppId: settings.sdkAppId,
        SignName: settings.signName,
        TemplateId: settings.templates[request.template],
        TemplateParamSet: smsParamList(request),
        SessionContext: request.ref,
      });
      const statuses = Array.isArray(answer?.SendStatusSet) ? answer.SendStatusSet : [];
      const ours = statuses.find((status) => nationalNumber(status?.PhoneNumber) === request.phone);
      if (!ours) return 'NO_STATUS';
      if (typeof ours.Code !== 'string' || !ours.Code) return 'NO_CODE';
      return ours.Code === 'Ok' ? null : ours.Code;
    },
  });
};
