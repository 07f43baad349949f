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

/** Outside production the codes are kept here too, so tests and developers can read them. */
export class SmsOutbox {
  private readonly messages: SmsMessage[] = [];

  push(message: SmsMessage): void {
    this.messages.push(message);
    if (this.messages.length > 500) this.messages.shift();
  }

  forPhone(phone: string): SmsMessage[] {
    return this.messages.filter((m) => m.phone === phone).reverse();
  }
}

/**
 * The demo provider: nothing is sent. Outside production the message (with its code) goes to
 * the server log and the dev outbox; in production the log says only that a code was asked for,
 * to which masked phone, and never the code.
 */
export const createLogSmsProvider = (
  logger: Logger,
  { outbox, revealCodes }: { outbox?: SmsOutbox | undefined; revealCodes: boolean },
): SmsProvider => ({
  async send(message) {
    if (revealCodes) logger.info('sms.sent', { phone: message.phone, text: message.text });
    else logger.info('sms.sent', { phone: maskPhone(message.phone) });
    outbox?.push(message);
  },
});
