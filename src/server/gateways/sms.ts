import { maskPhone } from '@contract/phone';
import type { Logger } from '../logger';

export interface SmsMessage {
  phone: string;
  text: string;
  sentAt: Date;
}

/** Where verification codes go. A real carrier adapter implements the same interface. */
export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

/** Outside production the codes are kept here (never in the log), so tests and developers can read them. */
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
 * The demo provider: nothing is sent. The log says only that a code was sent and to which masked
 * phone, never the code, in any mode; outside production the message (with its code) goes to the
 * dev outbox, which the /dev pages and the tests read.
 */
export const createLogSmsProvider = (
  logger: Logger,
  { outbox }: { outbox?: SmsOutbox | undefined },
): SmsProvider => ({
  async send(message) {
    logger.info('sms.sent', { phone: maskPhone(message.phone) });
    outbox?.push(message);
  },
});
