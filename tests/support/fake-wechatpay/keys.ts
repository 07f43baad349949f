import { generateKeyPair, type KeyObject, randomInt } from 'node:crypto';
import { promisify } from 'node:util';

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` characters drawn from `alphabet` (alphanumerics unless told). */
export const randomText = (length: number, alphabet = ALPHANUMERIC) =>
  Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');

export const randomDigits = (length: number) => randomText(length, '0123456789');

/** A certificate serial as WeChat prints it: 40 upper-case hex digits. */
export const randomSerial = () => randomText(40, '0123456789ABCDEF');

/** The id of a 微信支付公钥, as the merchant platform shows it. */
export const randomPublicKeyId = () => `PUB_KEY_ID_${randomDigits(32)}`;

/** An RSA-2048 key that signs, named by the serial or id a peer chooses it by. */
export interface SigningKey {
  serial: string;
  privateKey: KeyObject;
  publicKeyPem: string;
}

/** An RSA-2048 pair, made off the main thread (several fakes' keys are made at once). */
export const newRsaPair = async () => {
  const { privateKey, publicKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
  return { privateKey, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
};

export const newSigningKey = async (serial: string): Promise<SigningKey> => ({
  serial,
  ...(await newRsaPair()),
});

let strangerKeyOnce: Promise<SigningKey> | undefined;
/** A key no app is ever given, so one serves every fake in the process (one RSA key less to make). */
const sharedStrangerKey = () => {
  strangerKeyOnce ??= newSigningKey(randomPublicKeyId());
  return strangerKeyOnce;
};

/** Everything a merchant account and WeChat's side of it hold, made fresh for one fake. */
export const newIdentity = async () => {
  const [merchant, wechatPublicKey, platformKey, strangerKey] = await Promise.all([
    newRsaPair(),
    newSigningKey(randomPublicKeyId()),
    newSigningKey(randomSerial()),
    sharedStrangerKey(),
  ]);
  return {
    mchid: '1900000109',
    appid: 'wxd678efh567hg6787',
    apiV3Key: randomText(32),
    merchant: {
      serial: randomSerial(),
      privateKeyPem: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      publicKeyPem: merchant.publicKeyPem,
    },
    /** 微信支付公钥: the key new merchants get (public-key mode). */
    wechatPublicKey,
    /** A platform certificate's key (platform-certificate mode, older merchants). */
    platformKey,
    /** A key the app was never given: forged or misrouted signatures. */
    strangerKey,
  };
};

export type Identity = Awaited<ReturnType<typeof newIdentity>>;
