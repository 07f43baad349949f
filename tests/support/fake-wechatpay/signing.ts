import { type KeyObject, sign, verify } from 'node:crypto';

/** RSA-SHA256 (PKCS#1 v1.5) over the exact bytes, in base64: WeChat Pay's signature, both ways. */
export const signRsa = (privateKey: KeyObject | string, message: Buffer) =>
  sign('sha256', message, privateKey).toString('base64');

export const verifyRsa = (publicKey: KeyObject | string, message: Buffer, signature: string) => {
  try {
    return verify('sha256', message, publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
};

/** `METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n`: what a merchant signs for a request (body empty for a GET). */
export const requestMessage = (
  method: string,
  path: string,
  timestamp: string,
  nonce: string,
  body: Buffer,
) => Buffer.concat([Buffer.from(`${method}\n${path}\n${timestamp}\n${nonce}\n`), body, Buffer.from('\n')]);

/** `TIMESTAMP\nNONCE\nBODY\n`: what WeChat signs for an answer or a notification (a 204 signs `ts\nnonce\n\n`). */
export const answerMessage = (timestamp: string, nonce: string, body: Buffer) =>
  Buffer.concat([Buffer.from(`${timestamp}\n${nonce}\n`), body, Buffer.from('\n')]);

export const SCHEMA = 'WECHATPAY2-SHA256-RSA2048';

export interface AuthorizationFields {
  mchid: string;
  nonce_str: string;
  timestamp: string;
  serial_no: string;
  signature: string;
}

/** The five fields of `Authorization: WECHATPAY2-SHA256-RSA2048 k="v",…`, or undefined if any is missing. */
export const parseAuthorization = (header: string | undefined): AuthorizationFields | undefined => {
  if (!header?.startsWith(`${SCHEMA} `)) return undefined;
  const fields = new Map<string, string>();
  for (const [, name, value] of header.slice(SCHEMA.length + 1).matchAll(/\s*(\w+)="([^"]*)"\s*(?:,|$)/g)) {
    if (name !== undefined && value !== undefined) fields.set(name, value);
  }
  const field = (name: keyof AuthorizationFields) => fields.get(name) ?? '';
  const parsed: AuthorizationFields = {
    mchid: field('mchid'),
    nonce_str: field('nonce_str'),
    timestamp: field('timestamp'),
    serial_no: field('serial_no'),
    signature: field('signature'),
  };
  return Object.values(parsed).every((value) => value !== '') ? parsed : undefined;
};

export const nowSeconds = () => Math.floor(Date.now() / 1000);
