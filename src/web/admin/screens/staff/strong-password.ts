/**
 * Letters and digits that cannot be mistaken for one another when read out or copied by hand
 * (no 0/O, 1/l/I), and a few signs: 16 of them are about 95 bits.
 */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789-_.!@#%+=';

/** The largest multiple of the alphabet's length under 256: bytes above it are drawn again (no bias). */
const LIMIT = 256 - (256 % ALPHABET.length);

/** A strong random initial password from the browser's CSPRNG (crypto.getRandomValues). */
export const strongPassword = (length = 16): string => {
  let password = '';
  const bytes = new Uint8Array(length * 2);
  while (password.length < length) {
    crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      if (byte < LIMIT && password.length < length) password += ALPHABET[byte % ALPHABET.length];
    }
  }
  return password;
};
