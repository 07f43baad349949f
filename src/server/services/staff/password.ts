import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Staff passwords are hashed with scrypt (memory-hard, in Node's crypto: no dependency), with a
 * salt of their own and the cost stored beside the hash, so the cost can rise later and old
 * hashes still verify. N = 2^15, r = 8 uses 32 MB per hash (OWASP's scrypt minimum is 2^17 with
 * r = 8 and p = 1, or an equivalent: 2^15 with p = 4 costs the same CPU with a quarter of the memory).
 */
const COST = { N: 2 ** 15, r: 8, p: 4 } as const;
const KEY_LENGTH = 32;
const MAX_MEMORY = 64 * 1024 * 1024;

const derive = (password: string, salt: Buffer, cost: { N: number; r: number; p: number }) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { ...cost, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

export const hashPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
};

/** Constant-time comparison of the derived key; a malformed stored hash never verifies. */
export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
};

/** Spent on a sign-in with an unknown username, so its answer takes as long as a known one's. */
let dummyHash: Promise<string> | null = null;
export const burnPasswordCheck = async (password: string): Promise<void> => {
  dummyHash ??= hashPassword('not-a-password-of-anyone');
  await verifyPassword(password, await dummyHash);
};
