import { createCipheriv, randomUUID } from 'node:crypto';
import { randomText } from './keys';
import { beijingTime } from './time';

export type EventType = 'TRANSACTION.SUCCESS' | 'REFUND.SUCCESS' | 'REFUND.ABNORMAL' | 'REFUND.CLOSED';

const SUMMARY: Record<EventType, string> = {
  'TRANSACTION.SUCCESS': '支付成功',
  'REFUND.SUCCESS': '退款成功',
  'REFUND.ABNORMAL': '退款异常',
  'REFUND.CLOSED': '退款关闭',
};

/**
 * AEAD_AES_256_GCM with the APIv3 key (32 ASCII bytes as the key), a 12-character nonce and the
 * associated data; the ciphertext is base64 of the encrypted bytes followed by the 16-byte tag.
 * `flipByte` flips one bit of the first encrypted byte, so only the tag check can catch it.
 */
export const encryptResource = (
  apiV3Key: string,
  plaintext: string,
  associatedData: string,
  options: { flipByte?: boolean } = {},
) => {
  const nonce = randomText(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  if (options.flipByte) sealed[0] = (sealed[0] ?? 0) ^ 0x01;
  return { ciphertext: sealed.toString('base64'), nonce };
};

/**
 * JSON that parses like any other but is not what `JSON.stringify` writes: a space after every
 * colon and comma, 中文 unescaped, keys in the order given. A handler that re-serialises the
 * parsed body before verifying the signature fails on it, as it would against WeChat.
 */
export const looseJson = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(looseJson).join(', ')}]`;
  if (typeof value === 'object' && value !== null)
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}: ${looseJson(item)}`)
      .join(', ')}}`;
  return JSON.stringify(value);
};

/**
 * A notification's body bytes, the resource encrypted; keys in an order WeChat's documentation
 * does not use. `idAt` is the byte offset of the last character of the event id: the byte a
 * `tamperedBody` delivery changes, leaving the resource (and its GCM tag) intact.
 */
export const notificationBody = (
  apiV3Key: string,
  event: { eventType: EventType; plaintext: unknown; createdAt: Date; flipCiphertextByte?: boolean },
) => {
  const originalType = event.eventType === 'TRANSACTION.SUCCESS' ? 'transaction' : 'refund';
  const { ciphertext, nonce } = encryptResource(apiV3Key, JSON.stringify(event.plaintext), originalType, {
    flipByte: event.flipCiphertextByte,
  });
  const eventId = randomUUID();
  const text = looseJson({
    summary: SUMMARY[event.eventType],
    event_type: event.eventType,
    id: eventId,
    resource: {
      nonce,
      associated_data: originalType,
      ciphertext,
      original_type: originalType,
      algorithm: 'AEAD_AES_256_GCM',
    },
    resource_type: 'encrypt-resource',
    create_time: beijingTime(event.createdAt),
  });
  const body = Buffer.from(text, 'utf8');
  const idAt = Buffer.byteLength(text.slice(0, text.indexOf(eventId) + eventId.length - 1), 'utf8');
  return { eventId, body, idAt };
};
