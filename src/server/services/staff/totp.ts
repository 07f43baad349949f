import { STAFF_RULES } from '@contract/staff';
import { generateSecret, generateURI, verify } from 'otplib';

const TOLERANCE = 30;

/** TOTP (RFC 6238, 30-second steps, 6 digits), with otplib: a new secret and its otpauth URI. */
export const newTotp = (username: string) => {
  const secret = generateSecret();
  return { secret, uri: generateURI({ issuer: STAFF_RULES.totpIssuer, label: username, secret }) };
};

/**
 * Checks a code at `now` (one step of drift either way) and answers its time step, or null.
 * A code whose step is not after `lastStep` is refused: a code is used once (replay protection).
 */
export const checkTotp = async (
  secret: string,
  code: string,
  now: Date,
  lastStep: number | null,
): Promise<number | null> => {
  const epoch = Math.floor(now.getTime() / 1000);
  // otplib throws when the last step is past the window it would check (a clock set back): no code then.
  if (lastStep !== null && lastStep >= Math.floor((epoch + TOLERANCE) / 30)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch,
    epochTolerance: TOLERANCE,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
};
