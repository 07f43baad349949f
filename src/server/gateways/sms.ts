import { maskPhone } from '@contract/phone';
import { renderSms, SMS_MESSAGES, type SmsRequest } from '@contract/sms';
import { AppError } from '../errors';
import type { Logger } from '../logger';

/** A message as the dev outbox keeps it: the request and the text its template gives. */
export type SmsMessage = SmsRequest & { text: string; sentAt: Date };

/**
 * Where the site's SMS go: approved templates (`{ template, params }`), never free text. The demo
 * provider writes to the log and the dev outbox; the Aliyun and Tencent Cloud adapters send
 * through the carrier. A carrier's refusal is thrown as an SmsRefused.
 */
export interface SmsProvider {
  name: 'log' | 'aliyun' | 'tencent';
  send(request: SmsRequest, sentAt: Date): Promise<void>;
}

/** Why a carrier did not send: what the believer is told, and whether the temple must act. */
export type SmsRefusalKind = keyof typeof SMS_MESSAGES;

const REFUSAL_STATUS = { tooMany: 429, badNumber: 400, unavailable: 503 } as const;

/**
 * A carrier's refusal as our Chinese answer (never the carrier's code or text, which go to the
 * log): 429 for its rate limit, 400 for a number it cannot reach, 503 for everything the temple
 * must fix (configuration, balance, blocked content) or a carrier that did not answer.
 */
export class SmsRefused extends AppError {
  constructor(
    readonly kind: SmsRefusalKind,
    /** The carrier's own code (isv.BUSINESS_LIMIT_CONTROL, LimitExceeded.…, a network error's name). */
    readonly carrierCode: string,
  ) {
    super(REFUSAL_STATUS[kind], SMS_MESSAGES[kind], kind === 'tooMany' ? 60 : undefined);
  }
}

/** Outside production the messages are kept here (never in the log), so tests and developers can read them. */
export class SmsOutbox {
  private readonly messages: SmsMessage[] = [];

  push(message: SmsMessage): void {
    this.messages.push(message);
    if (this.messages.length > 500) this.messages.shift();
  }

  forPhone(phone: string): SmsMessage[] {
    return this.messages.filter((m) => m.phone === phone).reverse();
  }

  /** Every message kept, oldest first. */
  all(): SmsMessage[] {
    return [...this.messages];
  }
}

/**
 * The demo provider: nothing is sent. The log says which template went to which masked phone,
 * never its parameters (a code, a name), in any mode; outside production the message with its
 * text goes to the dev outbox, which the /dev pages and the tests read.
 */
export const createLogSmsProvider = (
  logger: Logger,
  { outbox }: { outbox?: SmsOutbox | undefined },
): SmsProvider => ({
  name: 'log',
  async send(request, sentAt) {
    logger.info('sms.sent', { phone: maskPhone(request.phone), template: request.template });
    outbox?.push({ ...request, text: renderSms(request), sentAt });
  },
});
