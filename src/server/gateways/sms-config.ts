import { SMS_TEMPLATE_NAMES, type SmsTemplateName } from '@contract/sms';

/**
 * The carrier's approved template codes, one environment variable per template of the contract:
 * SMS_TEMPLATE_LOGIN_CODE, SMS_TEMPLATE_PAYMENT_CONFIRMED… (Aliyun: SMS_123456789; Tencent Cloud:
 * a numeric id). Every one is required with a carrier: a message without its template could not
 * be sent, so the server refuses to start instead (the message names the variable; every missing
 * one is added to `problems`, so all are named at once).
 */
export const templateVariable = (name: SmsTemplateName) => `SMS_TEMPLATE_${name.toUpperCase()}`;

export const loadSmsTemplateCodes = (
  env: NodeJS.ProcessEnv,
  problems: string[],
): Record<SmsTemplateName, string> => {
  const codes = {} as Record<SmsTemplateName, string>;
  for (const name of SMS_TEMPLATE_NAMES) {
    const variable = templateVariable(name);
    const code = env[variable]?.trim() ?? '';
    if (!code) problems.push(`短信配置缺少 ${variable}：短信模板“${name}”在服务商处审核通过的模板编号。`);
    codes[name] = code;
  }
  return codes;
};

/** A carrier's setting: when missing, named by its variable in `problems` (and '' meanwhile). */
export const requiredSetting = (
  env: NodeJS.ProcessEnv,
  variable: string,
  what: string,
  problems: string[],
): string => {
  const value = env[variable]?.trim() ?? '';
  if (!value) problems.push(`短信配置缺少 ${variable}：${what}。`);
  return value;
};
