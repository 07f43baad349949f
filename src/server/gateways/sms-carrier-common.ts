import { maskPhone } from '@contract/phone';
import type { SmsRequest } from '@contract/sms';
import type { Logger } from '../logger';
import { type SmsProvider, type SmsRefusalKind, SmsRefused } from './sms';

/** A carrier that has not answered after this long has failed the send (the SDK's own timeouts match it). */
export const SMS_CARRIER_TIMEOUT_MS = 5_000;

/** The code logged when our own guard gave up on a carrier that did not answer. */
export const TIMEOUT_CODE = 'TIMEOUT';

/** A carrier's codes by what they mean for the believer; a code not listed is 'unavailable'. */
export type CarrierCodes = Readonly<Record<string, SmsRefusalKind>>;

export const refusalKindOf = (codes: CarrierCodes, code: string): SmsRefusalKind =>
  Object.hasOwn(codes, code) ? (codes[code] as SmsRefusalKind) : 'unavailable';

class CarrierTimeout extends Error {}

/** The carrier's answer, or a CarrierTimeout after `ms` (the call is abandoned, never repeated). */
const withTimeout = <T>(call: Promise<T>, ms: number): Promise<T> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CarrierTimeout()), ms);
  });
  return Promise.race([call, timeout]).finally(() => clearTimeout(timer));
};

/**
 * A thrown error's code (the carrier's business code, a socket's ECONNRESET…), else its HTTP
 * status (HTTP_502), else its class (TypeError, TencentCloudSDKHttpException). Never its message,
 * which may quote the request.
 */
export const thrownCode = (error: unknown): string => {
  if (typeof error !== 'object' || error === null) return 'ERROR';
  const { code, httpCode, statusCode, name } = error as Record<string, unknown>;
  if (typeof code === 'string' && code) return code;
  const status = typeof httpCode === 'number' ? httpCode : statusCode;
  if (typeof status === 'number') return `HTTP_${status}`;
  if (typeof name === 'string' && name && name !== 'Error') return name;
  return error.constructor?.name && error.constructor.name !== 'Object' ? error.constructor.name : 'ERROR';
};

/**
 * A carrier adapter around one call: `deliver` sends the message once and gives null when the
 * carrier accepted it, or the carrier's code for its refusal. Every send is guarded by our own
 * timeout; a thrown error is classified by its code like an answer; the outcome is logged once,
 * with the template and the masked phone only (never the parameters: a login code is a secret).
 */
export const createCarrierProvider = ({
  name,
  logger,
  timeoutMs,
  codes,
  deliver,
}: {
  name: 'aliyun' | 'tencent';
  logger: Logger;
  timeoutMs: number;
  codes: CarrierCodes;
  deliver: (request: SmsRequest) => Promise<string | null>;
}): SmsProvider => ({
  name,
  async send(request) {
    const fields = { provider: name, template: request.template, phone: maskPhone(request.phone) };
    let code: string | null;
    let kind: SmsRefusalKind;
    try {
      code = await withTimeout(deliver(request), timeoutMs);
      if (code === null) {
        logger.info('sms.sent', fields);
        return;
      }
      kind = refusalKindOf(codes, code);
    } catch (error) {
      const timedOut = error instanceof CarrierTimeout;
      code = timedOut ? TIMEOUT_CODE : thrownCode(error);
      kind = timedOut ? 'unavailable' : refusalKindOf(codes, code);
    }
    logger.warn('sms.refused', { ...fields, code });
    throw new SmsRefused(kind, code);
  },
});
