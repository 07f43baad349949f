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

/** The default provider: writes the message to the server log (and the dev outbox when given). */
export const createLogSmsProvider = (logger: Logger, outbox?: SmsOutbox): SmsProvider => ({
  async send(message) {
    logger.info('sms.sent', { phone: message.phone, text: message.text });
    outbox?.push(message);
  },
});
