import type { ServerConfig } from '../config';
import type { Logger } from '../logger';
import type { PaymentGateway } from './payment';
import { createSandboxGateway, type SandboxGateway } from './sandbox-gateway';
import { createLogSmsProvider, type SmsOutbox, type SmsProvider } from './sms';
import { createAliyunSmsProvider } from './sms-aliyun';
import { createTencentSmsProvider } from './sms-tencent';
import { createWechatGateway } from './wechat-gateway';

/**
 * The payment gateway the configuration names: the sandbox (signing with the server's secret; its
 * pages exist only then) or WeChat Pay with the settings loadConfig checked at start.
 */
export const paymentGatewayOf = (
  config: ServerConfig,
  secret: string,
): { gateway: PaymentGateway; sandbox?: SandboxGateway } => {
  if (config.wechatPay) return { gateway: createWechatGateway(config.wechatPay) };
  const sandbox = createSandboxGateway(secret);
  return { gateway: sandbox, sandbox };
};

/** The SMS provider the configuration names: the log's (with the dev outbox outside production) or a carrier's. */
export const smsProviderOf = (
  config: ServerConfig,
  logger: Logger,
  outbox: SmsOutbox | undefined,
): SmsProvider => {
  if (config.smsCarrier?.name === 'aliyun') return createAliyunSmsProvider(config.smsCarrier, { logger });
  if (config.smsCarrier?.name === 'tencent') return createTencentSmsProvider(config.smsCarrier, { logger });
  return createLogSmsProvider(logger, { outbox });
};
