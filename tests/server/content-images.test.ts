import { consoleApi } from '@contract/console';
import {
  CONTENT_IMAGE_RULES,
  CONTENT_IMAGE_UPLOAD_HEADER,
  CONTENT_IMAGE_WIDTHS,
  contentImageId,
  CONTENT_IMAGE_MESSAGES as M,
} from '@contract/content-image';
import { STAFF_MESSAGES } from '@contract/staff';
import { MULTIPART_ALLOWANCE_BYTES } from '@server/routes/photo';
import { guardContentImage } from '@server/services/content-images';
import { GPS_EXIF, pictureFacts } from '@tests/support/pictures';
import { htmlAfterEnd, jpegWithHtmlComment, zipAppended } from '@tests/support/polyglots';
import { signedInStaff, type TestStaff } from '@tests/support/staff';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import sharp from 'sharp';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';

const UPLOAD = consoleApi.uploadImage.path;

/** A photograph-like picture (grain, so it weighs something) of `width` x `height`. */
const photo = async (
  width: number,
  height: number,
  format: 'jpeg' | 'png' | 'webp' = 'jpeg',
  { exif, orientation }: { exif?: typeof GPS_EXIF; orientation?: number } = {},
): Promise<Uint8Array<ArrayBuffer>> => {
  let image = sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#886644',
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  });
  image = format === 'png' ? image.png() : format === 'webp' ? image.webp() : image.jpeg({ quality: 80 });
  if (exif) image = image.withExif(exif);
  if (orientation) image = image.withMetadata({ orientation });
  return new Uint8Array(await image.toBuffer());
};

const formOf = (bytes: Uint8Array<ArrayBuffer>, name = 'hall.jpg', type = 'image/jpeg') => {
  const form = new FormData();
  form.append(CONTENT_IMAGE_RULES.field, new File([bytes], name, { type }));
  return form;
};

describe.each(databaseKinds())('the temple’s photographs (%s)', (kind) => {
  const t = useTestApp(kind);
  let editor: TestStaff;
  let clerk: TestStaff;
  let jpeg = new Uint8Array();
  beforeAll(async () => {
    editor = await signedInStaff(t, ['content'], 'photos');
    clerk = await signedInStaff(t, ['clerk'], 'photosclerk');
    jpeg = await photo(2000, 1200, 'jpeg', { exif: GPS_EXIF });
  });

  const upload = async (
    body: BodyInit,
    {
      cookie = editor.cookie,
      headers = {},
    }: { cookie?: string | null; headers?: Record<string, string> } = {},
  ) => {
    const res = await t.app.request(UPLOAD, {
      method: 'POST',
      headers: { [CONTENT_IMAGE_UPLOAD_HEADER]: '1', ...(cookie ? { cookie } : {}), ...headers },
      body,
    });
    expect(res.status, 'an upload answered a server error').toBeLessThan(500);
    return { status: res.status, body: (await res.json()) as { msg: string; data?: unknown } };
  };
  const urlOf = (body: unknown) => v.parse(consoleApi.uploadImage.response, body).data.url;
  const stored = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('content_images')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const served = async (path: string) => {
    const res = await t.app.request(path);
    return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
  };

  it('refuses no session, a believer’s token and a role without 内容 (401, 401, 403), storing nothing', async () => {
    const before = await stored();
    const none = await upload(formOf(jpeg), { cookie: null });
    expect([none.status, none.body.msg]).toEqual([401, STAFF_MESSAGES.signInRequired]);
    const believer = await t.login('13900003333');
    const asBeliever = await upload(formOf(jpeg), {
      cookie: `temple_staff=${believer}`,
      headers: { authorization: `Bearer ${believer}` },
    });
    expect(asBeliever.status).toBe(401);
    const asClerk = await upload(formOf(jpeg), { cookie: clerk.cookie });
    expect([asClerk.status, asClerk.body.msg]).toEqual([403, STAFF_MESSAGES.forbidden]);
    expect(await stored()).toBe(before);
  });

  it('refuses a multipart post without the console’s upload header (a form of another site), 415', async () => {
    const res = await t.app.request(UPLOAD, {
      method: 'POST',
      headers: { cookie: editor.cookie },
      body: formOf(jpeg),
    });
    expect(res.status).toBe(415);
    expect(((await res.json()) as { msg: string }).msg).toBe(STAFF_MESSAGES.jsonOnly);
  });

  it('keeps a JPEG as WebP at 480, 960 and 1600 without its EXIF (GPS), served immutable with nosniff', async () => {
    expect((await pictureFacts(jpeg)).metadata).toBe(true);
    const res = await upload(formOf(jpeg));
    expect([res.status, res.body.msg]).toEqual([200, M.uploaded]);
    const url = urlOf(res.body);
    const id = contentImageId(url);
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    for (const width of CONTENT_IMAGE_WIDTHS) {
      const { res: image, bytes } = await served(`${url}-${width}.webp`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');
      expect(image.headers.get('x-content-type-options')).toBe('nosniff');
      expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await pictureFacts(bytes)).toEqual({
        format: 'webp',
        width,
        height: Math.round((1200 * width) / 2000),
        metadata: false,
      });
      for (const trace of ['Exif', 'TempleTestCam', 'GPS-1'])
        expect(Buffer.from(bytes).includes(trace)).toBe(false);
    }
    // The address itself (as an article's HTML may hold it) is the 960 width.
    expect((await pictureFacts((await served(url)).bytes)).width).toBe(960);
    const row = await t.database.db
      .selectFrom('content_images')
      .selectAll()
      .where('id', '=', id ?? '')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      width: 2000,
      height: 1200,
      byte_size: jpeg.byteLength,
      uploaded_by: editor.id,
    });
    const audit = await t.database.db
      .selectFrom('staff_audit')
      .select(['username', 'subject', 'after'])
      .where('action', '=', 'image.uploaded')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ username: editor.username, subject: url, after: { url, width: 2000 } });
  });

  it('never enlarges: a 700-pixel PNG is kept at 480 and at its own 700 for the wider two', async () => {
    const url = urlOf((await upload(formOf(await photo(700, 500, 'png'), 'x.png', 'image/png'))).body);
    const widths = [];
    for (const width of CONTENT_IMAGE_WIDTHS)
      widths.push((await pictureFacts((await served(`${url}-${width}.webp`)).bytes)).width);
    expect(widths).toEqual([480, 700, 700]);
  });

  it('turns a picture upright (EXIF orientation) before judging and keeping it', async () => {
    // Stored 1000 x 600, shown turned a quarter: 600 wide upright.
    const turned = await upload(formOf(await photo(1000, 600, 'jpeg', { orientation: 6 })));
    expect(turned.status).toBe(200);
    const facts = await pictureFacts((await served(`${urlOf(turned.body)}-480.webp`)).bytes);
    expect([facts.width, facts.height]).toEqual([480, 800]);
    // Stored 1000 x 400: upright only 400 wide, too small.
    const narrow = await upload(formOf(await photo(1000, 400, 'jpeg', { orientation: 8 })));
    expect([narrow.status, narrow.body.msg]).toEqual([422, M.tooSmall]);
  });

  it('takes a WebP as it takes a JPEG', async () => {
    const res = await upload(formOf(await photo(800, 600, 'webp'), 'x.webp', 'image/webp'));
    expect(res.status).toBe(200);
  });

  it('refuses each bad file with its Chinese message and stores nothing', async () => {
    const before = await stored();
    const gif = new Uint8Array(
      await sharp({ create: { width: 600, height: 400, channels: 3, background: '#a33' } })
        .gif()
        .toBuffer(),
    );
    const png = await photo(600, 400, 'png');
    const cases: [string, Uint8Array<ArrayBuffer>, number, string][] = [
      ['text', new TextEncoder().encode('just words, no picture at all'), 415, M.type],
      [
        'an SVG',
        new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        415,
        M.type,
      ],
      ['a GIF', gif, 415, M.type],
      ['a truncated JPEG', jpeg.slice(0, Math.floor(jpeg.byteLength / 2)), 415, M.type],
      ['a JPEG signature before a PNG (a polyglot)', new Uint8Array([0xff, 0xd8, 0xff, ...png]), 415, M.type],
      [
        'a WebP header over nothing',
        new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 garbage-garbage'),
        415,
        M.type,
      ],
      ['a picture 479 pixels wide', await photo(479, 900), 422, M.tooSmall],
    ];
    for (const [what, bytes, status, message] of cases) {
      const res = await upload(formOf(bytes, 'photo.jpg', 'image/jpeg'));
      expect([res.status, res.body.msg], what).toEqual([status, message]);
    }
    const empty = new FormData();
    empty.append('other', 'x');
    expect(await upload(empty)).toMatchObject({ status: 400, body: { msg: M.missing } });
    expect(await stored()).toBe(before);
  });

  it('refuses a polyglot (a page after the picture’s end or in a JPEG comment, a ZIP appended) with 415 in Chinese, storing nothing', async () => {
    const before = await stored();
    const [png, webp] = await Promise.all([photo(600, 400, 'png'), photo(600, 400, 'webp')]);
    const cases: [string, Uint8Array<ArrayBuffer>][] = [
      ['a JPEG with a page after its EOI', htmlAfterEnd(jpeg)],
      ['a JPEG with a page in a comment segment', jpegWithHtmlComment(jpeg)],
      ['a JPEG with a ZIP appended', zipAppended(jpeg)],
      ['a PNG with a page after its IEND', htmlAfterEnd(png)],
      ['a PNG with a ZIP appended', zipAppended(png)],
      ['a WebP with a page after its RIFF chunk', htmlAfterEnd(webp)],
    ];
    for (const [what, bytes] of cases) {
      const res = await upload(formOf(bytes, 'photo.jpg', 'image/jpeg'));
      expect([res.status, res.body.msg], what).toEqual([415, M.hiddenContent]);
    }
    expect(await stored()).toBe(before);
    // A phone's HDR photo: a second whole JPEG (its gain map) after the first is a picture still.
    const hdr = new Uint8Array([...jpeg, ...(await photo(500, 300))]);
    expect((await upload(formOf(hdr))).status).toBe(200);
  });

  it('refuses a file over 10 MB with 413 while it arrives (declared or streamed), storing nothing', async () => {
    const before = await stored();
    const big = new Uint8Array(CONTENT_IMAGE_RULES.maxBytes + 1);
    big.set(jpeg.subarray(0, 1024));
    expect(await upload(formOf(big))).toMatchObject({ status: 413, body: { msg: M.size } });
    const declared = await upload(formOf(jpeg), {
      headers: { 'content-length': String(CONTENT_IMAGE_RULES.maxBytes + MULTIPART_ALLOWANCE_BYTES + 1) },
    });
    expect(declared).toMatchObject({ status: 413, body: { msg: M.size } });
    expect(await stored()).toBe(before);
  });

  it('answers 404 in Chinese for an unknown id, width or name', async () => {
    const url = urlOf((await upload(formOf(jpeg))).body);
    for (const path of [
      `/uploads/${'0'.repeat(24)}-480.webp`,
      `${url}-800.webp`,
      `${url}-480.png`,
      `${url}-480.webp.svg`,
      '/uploads/..%2Fetc%2Fpasswd',
      '/uploads/',
      `${url.toUpperCase()}-480.webp`,
    ]) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { msg: string }).msg, path).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('guardContentImage lets pass none, an upload of ours and the drawn art; refuses anything else (400)', async () => {
    const url = urlOf((await upload(formOf(jpeg))).body);
    const { db } = t.database;
    for (const fine of ['', url, '/images/lotus.svg?title=%E6%B3%95%E4%BC%9A&tone=3', '/images/pagoda.svg'])
      await expect(guardContentImage(db, fine), fine).resolves.toBeUndefined();
    for (const bad of [
      `/uploads/${'a'.repeat(24)}`,
      `${url}-480.webp`,
      `${url}/`,
      'https://example.com/photo.jpg',
      '//example.com/a.jpg',
      '/images/nothing.svg',
      '/images/lotus.svg?title="><script>',
      'javascript:alert(1)',
      '/api/yxs-app/site/config',
    ])
      await expect(guardContentImage(db, bad), bad).rejects.toMatchObject({
        status: 400,
        message: M.invalid,
      });
  });
});
