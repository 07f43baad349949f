import type { KeyObject } from 'node:crypto';
import { randomText } from './keys';
import { answerMessage, nowSeconds, signRsa } from './signing';

/** A key WeChat signs with and the serial (or PUB_KEY_ID) it names in `Wechatpay-Serial`. */
export interface Signer {
  serial: string;
  privateKey: KeyObject;
}

/** How a signed answer or notification departs from a genuine one (see Fault). */
export type SigningTwist =
  | 'genuine'
  | 'badSignature'
  | 'staleTimestamp'
  | 'wrongSerial'
  | 'missingHeaders'
  | 'tamperedBody'
  | 'signTest';

export const STALE_SECONDS = 6 * 60;

const isLastOfItsRun = (code: number) => code === 0x39 || code === 0x5a || code === 0x7a; // 9, Z, z
const isAlphanumeric = (code: number) =>
  (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);

/**
 * The bytes with one letter or digit changed to its neighbour (the last one, or the one at `at`):
 * the JSON stays valid and means almost the same, so only the signature can tell.
 */
export const tamper = (body: Buffer, at?: number) => {
  const changed = Buffer.from(body);
  const index = at ?? changed.findLastIndex(isAlphanumeric);
  const code = changed[index];
  if (code === undefined || !isAlphanumeric(code)) throw new Error(`nothing to tamper with at ${index}`);
  changed[index] = isLastOfItsRun(code) ? code - 1 : code + 1;
  return changed;
};

/**
 * The Wechatpay-* headers for `body` (real clock, fresh nonce), and the bytes to send. A twist
 * breaks one thing, as a forger, a misconfigured key or a proxy would: `stranger` is a key the
 * app was never given. `tamperAt` chooses the byte `tamperedBody` changes; an empty body (a 204)
 * is signed as if it had been `{}`.
 */
export const signBody = (
  body: Buffer,
  signer: Signer,
  stranger: Signer,
  twist: SigningTwist = 'genuine',
  tamperAt?: number,
) => {
  const timestamp = String(nowSeconds() - (twist === 'staleTimestamp' ? STALE_SECONDS : 0));
  const nonce = randomText(32);
  const signed = twist === 'tamperedBody' && body.length === 0 ? Buffer.from('{}') : body;
  const sent = twist === 'tamperedBody' && body.length > 0 ? tamper(body, tamperAt) : body;
  const key = twist === 'wrongSerial' || twist === 'badSignature' ? stranger.privateKey : signer.privateKey;
  const signature =
    twist === 'signTest'
      ? `WECHATPAY/SIGNTEST/${randomText(64)}`
      : signRsa(key, answerMessage(timestamp, nonce, signed));
  const headers: Record<string, string> =
    twist === 'missingHeaders'
      ? {}
      : {
          'Wechatpay-Timestamp': timestamp,
          'Wechatpay-Nonce': nonce,
          'Wechatpay-Serial': twist === 'wrongSerial' ? stranger.serial : signer.serial,
          'Wechatpay-Signature': signature,
        };
  return { headers, body: sent };
};
