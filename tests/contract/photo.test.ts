import {
  PHOTO_ID,
  PHOTO_MESSAGES,
  PHOTO_RULES,
  PHOTO_URL_PREFIX,
  photoFileRefusal,
  photoUploadAnswer,
  sniffPhotoType,
} from '@contract/photo';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

/**
 * The believer's photo (spec 001 sections 5, 8, 9; 002 section 7): every message of
 * PHOTO_MESSAGES, one row each, with what brings it; the type judged by the first bytes; the
 * upload's answer.
 */
const bytes = (...head: (number | string)[]) =>
  new Uint8Array(
    head.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : [part])),
  );
const MAX = PHOTO_RULES.maxBytes;
const URL = `${PHOTO_URL_PREFIX}0123456789abcdef0123456789abcdef`;
const answer = (data: unknown, msg: string = PHOTO_MESSAGES.uploaded) => ({ status: 200, msg, data });

/** Each message, the case that brings it, and what that case yields. */
const rows: [keyof typeof PHOTO_MESSAGES, string, () => string | null][] = [
  ['type', 'a .bmp', () => photoFileRefusal({ name: 'me.bmp', size: 10 })],
  ['type', 'a name without an extension', () => photoFileRefusal({ name: 'photo', size: 10 })],
  ['type', 'an .svg', () => photoFileRefusal({ name: 'me.svg', size: 10 })],
  ['type', 'an empty file', () => photoFileRefusal({ name: 'me.png', size: 0 })],
  ['size', '2 MB and one byte', () => photoFileRefusal({ name: 'me.JPEG', size: MAX + 1 })],
  ['size', 'the message says 2MB', () => (PHOTO_MESSAGES.size.includes('2MB') ? PHOTO_MESSAGES.size : null)],
  // The server's own refusals and the answers (tests/server/photo-upload.test.ts brings each).
  ['missing', 'a form without the photo (server)', () => PHOTO_MESSAGES.missing],
  ['notFound', 'an unknown photo id (server)', () => PHOTO_MESSAGES.notFound],
  [
    'hiddenContent',
    'a photo with a comment or data after its end, a polyglot (server: photo-upload.test.ts)',
    () => PHOTO_MESSAGES.hiddenContent,
  ],
  [
    'notOurs',
    'a profile or membership join naming a photo not its own (server: photo-ownership.test.ts)',
    () => PHOTO_MESSAGES.notOurs,
  ],
  [
    'uploaded',
    'the answer of an upload (001 section 8)',
    () => v.parse(photoUploadAnswer, answer({ url: URL })).msg,
  ],
  [
    'failed',
    'the spec’s failure wording (001 section 8)',
    () => (PHOTO_MESSAGES.failed === '图片上传失败' ? PHOTO_MESSAGES.failed : null),
  ],
  [
    'hint',
    'the limit beside the button names the four types and 2MB',
    () =>
      ['png', 'gif', 'jpg', 'jpeg', '2MB'].every((word) => PHOTO_MESSAGES.hint.includes(word))
        ? PHOTO_MESSAGES.hint
        : null,
  ],
];

describe('every photo message (PHOTO_MESSAGES), one row each', () => {
  it.each(rows)('%s: %s', (key, _, bring) => {
    expect(bring()).toBe(PHOTO_MESSAGES[key]);
  });
  it('has a row for each message, each in Chinese', () => {
    expect(new Set(rows.map(([key]) => key))).toEqual(new Set(Object.keys(PHOTO_MESSAGES)));
    for (const words of Object.values(PHOTO_MESSAGES)) expect(words).toMatch(/\p{Script=Han}/u);
  });
});

describe('the photo rules (001 sections 5, 9)', () => {
  it('allows 2 MB = 2 * 1024 * 1024 bytes', () => {
    expect(PHOTO_RULES.maxBytes).toBe(2 * 1024 * 1024);
    expect(photoFileRefusal({ name: 'me.png', size: MAX })).toBeNull();
  });
  it.each(['me.png', 'me.gif', 'me.jpg', 'me.jpeg', 'ME.JPG'])('lets the browser send %s', (name) => {
    expect(photoFileRefusal({ name, size: 1000 })).toBeNull();
  });

  it.each<[string, Uint8Array, string | null]>([
    ['PNG', bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0), 'image/png'],
    ['GIF87a', bytes('GIF87a', 1), 'image/gif'],
    ['GIF89a', bytes('GIF89a', 1), 'image/gif'],
    ['JPEG (JFIF)', bytes(0xff, 0xd8, 0xff, 0xe0), 'image/jpeg'],
    ['JPEG (Exif)', bytes(0xff, 0xd8, 0xff, 0xe1), 'image/jpeg'],
    ['GIF88a', bytes('GIF88a'), null],
    ['a PNG signature cut short', bytes(0x89, 'PNG'), null],
    ['two JPEG bytes', bytes(0xff, 0xd8), null],
    ['BMP', bytes('BM', 0, 0, 0, 0), null],
    ['WebP', bytes('RIFF', 0, 0, 0, 0, 'WEBP'), null],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'), null],
    ['nothing', bytes(), null],
  ])('judges %s by its first bytes', (_, head, type) => {
    expect(sniffPhotoType(head)).toBe(type);
  });

  it('answers a site-relative photo URL, and nothing else', () => {
    expect(v.parse(photoUploadAnswer, answer({ url: URL })).data.url).toBe(URL);
    expect(PHOTO_ID.test(URL.slice(PHOTO_URL_PREFIX.length))).toBe(true);
    for (const url of ['http://evil.example/x.png', '/images/x.png', '']) {
      expect(v.safeParse(photoUploadAnswer, answer({ url })).success).toBe(false);
    }
    expect(v.safeParse(photoUploadAnswer, answer({})).success).toBe(false);
  });
});
