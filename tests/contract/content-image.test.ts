import { consoleApi } from '@contract/console';
import {
  CONTENT_IMAGE_RULES,
  contentImageFileRefusal,
  contentImageId,
  imageSources,
  CONTENT_IMAGE_MESSAGES as M,
} from '@contract/content-image';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

/**
 * The temple's photographs (issue 25): every message of CONTENT_IMAGE_MESSAGES, one row each,
 * with what brings it (the server's own refusals are brought by tests/server/content-images.test.ts
 * and the console's by tests/web/console/image-field.test.tsx); the addresses and their widths.
 */
const ID = '0123456789abcdef01234567';
const MAX = CONTENT_IMAGE_RULES.maxBytes;
const answer = (data: unknown) => ({ status: 200, msg: M.uploaded, data });

const rows: [keyof typeof M, string, () => string | null][] = [
  ['type', 'a .gif', () => contentImageFileRefusal({ name: 'hall.gif', size: 10 })],
  ['type', 'an .svg', () => contentImageFileRefusal({ name: 'hall.svg', size: 10 })],
  ['type', 'a name without an extension', () => contentImageFileRefusal({ name: 'hall', size: 10 })],
  ['type', 'an empty file', () => contentImageFileRefusal({ name: 'hall.jpg', size: 0 })],
  ['size', '10 MB and one byte', () => contentImageFileRefusal({ name: 'hall.JPG', size: MAX + 1 })],
  ['tooSmall', 'narrower than 480 pixels upright (server)', () => M.tooSmall],
  ['missing', 'a form without the file (server)', () => M.missing],
  ['notFound', 'an unknown id or width under /uploads (server)', () => M.notFound],
  [
    'hiddenContent',
    'a picture with a comment or data after its end, a polyglot (server: content-images.test.ts)',
    () => M.hiddenContent,
  ],
  ['invalid', 'a content form naming another address (server: guardContentImage)', () => M.invalid],
  ['failed', 'the network failed (console)', () => M.failed],
  [
    'uploaded',
    'the answer of an upload',
    () => v.parse(consoleApi.uploadImage.response, answer({ url: `/uploads/${ID}` })).msg,
  ],
  [
    'hint',
    'the limits beside the button name the three types, 480 pixels and 10MB',
    () => (['jpg', 'png', 'webp', '480', '10MB'].every((word) => M.hint.includes(word)) ? M.hint : null),
  ],
];

describe('every photograph message (CONTENT_IMAGE_MESSAGES), one row each', () => {
  it.each(rows)('%s: %s', (key, _, bring) => {
    expect(bring()).toBe(M[key]);
  });
  it('has a row for each message, each in Chinese', () => {
    expect(new Set(rows.map(([key]) => key))).toEqual(new Set(Object.keys(M)));
    for (const words of Object.values(M)) expect(words).toMatch(/\p{Script=Han}/u);
  });
});

describe('the photographs’ addresses', () => {
  it.each(['hall.jpg', 'hall.jpeg', 'HALL.PNG', 'hall.webp'])('lets the console send %s of 10 MB', (name) => {
    expect(contentImageFileRefusal({ name, size: MAX })).toBeNull();
  });

  it('offers an upload at its three widths, and any other address as it is', () => {
    expect(imageSources(`/uploads/${ID}`)).toEqual({
      src: `/uploads/${ID}-960.webp`,
      srcSet: `/uploads/${ID}-480.webp 480w, /uploads/${ID}-960.webp 960w, /uploads/${ID}-1600.webp 1600w`,
    });
    for (const other of [
      '/images/lotus.svg?title=&tone=1',
      '',
      `/uploads/${ID}-480.webp`,
      `/uploads/${ID.toUpperCase()}`,
    ])
      expect(imageSources(other)).toEqual({ src: other });
  });

  it('knows an upload’s id only in its own address', () => {
    expect(contentImageId(`/uploads/${ID}`)).toBe(ID);
    for (const url of [`/uploads/${ID}/`, `https://a.cn/uploads/${ID}`, `/uploads/${ID}0`, '/uploads/'])
      expect(contentImageId(url)).toBeNull();
  });

  it('an upload answers an address of ours, nothing else', () => {
    for (const url of ['https://a.cn/x.jpg', '/images/lotus.svg', `/uploads/${ID}-480.webp`, ''])
      expect(v.safeParse(consoleApi.uploadImage.response, answer({ url })).success).toBe(false);
  });
});
