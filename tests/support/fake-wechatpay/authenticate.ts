import { nowSeconds, parseAuthorization, requestMessage, verifyRsa } from './signing';

/** How far a request's timestamp may be from the real clock, either way. */
export const TIMESTAMP_WINDOW_SECONDS = 300;

/**
 * Whether the merchant signed this request: the Authorization names our mchid and the
 * merchant key's serial, its timestamp (whole seconds) is within 5 minutes of now, and the
 * signature verifies over `METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n` built from the raw
 * bytes received (an empty body for a GET).
 */
export const isSignedByMerchant = (
  merchant: { mchid: string; serial: string; publicKeyPem: string },
  request: { method: string; path: string; authorization: string | undefined; body: Buffer },
) => {
  const fields = parseAuthorization(request.authorization);
  if (!fields || fields.mchid !== merchant.mchid) return false;
  if (fields.serial_no.toUpperCase() !== merchant.serial.toUpperCase()) return false;
  if (!/^\d{1,10}$/.test(fields.timestamp)) return false;
  if (Math.abs(nowSeconds() - Number(fields.timestamp)) > TIMESTAMP_WINDOW_SECONDS) return false;
  const message = requestMessage(
    request.method,
    request.path,
    fields.timestamp,
    fields.nonce_str,
    request.body,
  );
  return verifyRsa(merchant.publicKeyPem, message, fields.signature);
};
