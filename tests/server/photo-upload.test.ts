import { AUTH_MESSAGES, authApi } from '@contract/auth';
import { BELIEVER_MESSAGES, believerApi } from '@contract/believer';
import { PHOTO_MESSAGES, PHOTO_RULES, PHOTO_URL_PREFIX, photoApi } from '@contract/photo';
import { REQUEST_TOO_LARGE } from '@server/error-answers';
import { MULTIPART_ALLOWANCE_BYTES } from '@server/routes/photo';
import { GPS_EXIF, insertAt, picture, pictureFacts, pngChunk } from '@tests/support/pictures';
import { gifWithHtmlComment, htmlAfterEnd, jpegWithHtmlComment, zipAppended } from '@tests/support/polyglots';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';

const A = '13700020001';
const B = '13700020002';
const C = '13700020003';
const MAX = PHOTO_RULES.maxBytes;

/** `size` bytes that begin with `head` (the rest zeros): the signature of a picture and nothing of one. */
const bytesOf = (head: number[], size = 64) => {
  const bytes = new Uint8Array(size);
  bytes.set(head);
  return bytes;
};
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff, 0xe0];

const formOf = (
  bytes: Uint8Array<ArrayBuffer>,
  name = 'photo.png',
  type = 'image/png',
  field: string = PHOTO_RULES.field,
) => {
  const form = new FormData();
  form.append(field, new File([bytes], name, { type }));
  return form;
};

describe.each(databaseKinds())('the photo upload on %s', (kind) => {
  const t = useTestApp(kind);
  let a = '';
  let b = '';
  let png = new Uint8Array();
  let gif87 = new Uint8Array();
  let gif89 = new Uint8Array();
  let jpeg = new Uint8Array();

  beforeAll(async () => {
    a = await t.login(A);
    b = await t.login(B);
    [png, gif87, gif89, jpeg] = await Promise.all([
      picture('png'),
      picture('gif', { gif87: true }),
      picture('gif'),
      picture('jpeg'),
    ]);
  });

  const upload = async (body: BodyInit, token: string | null = a, headers: Record<string, string> = {}) => {
    const res = await t.app.request(photoApi.upload.path, {
      method: 'POST',
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      body,
    });
    expect(res.status, 'an upload answered a server error').toBeLessThan(500);
    return {
      status: res.status,
      body: (await res.json()) as { status: number; msg: string; data?: unknown },
    };
  };
  const urlOf = (body: unknown) => v.parse(photoApi.upload.response, body).data.url;
  const stored = async () =>
    (await t.database.db.selectFrom('believer_photos').select(['id', 'user_id']).execute()).length;
  /** The photo as its owner's page fetches it: with the token (an <img> cannot send one). */
  const fetchPhoto = (url: string, token: string | null = a) =>
    t.app.request(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});

  it('refuses without a token or with a bad one, and stores nothing', async () => {
    const before = await stored();
    for (const token of [null, 'not-a-token']) {
      const res = await upload(formOf(bytesOf(PNG)), token);
      expect(res.status).toBe(401);
      expect(res.body.msg).toBe(AUTH_MESSAGES.unauthorized);
      expect(res.body.data).toBeUndefined();
    }
    expect(await stored()).toBe(before);
  });

  it('stores a PNG and serves it back at the URL it answers, with its type and nosniff', async () => {
    const res = await upload(formOf(png));
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe(PHOTO_MESSAGES.uploaded);
    const url = urlOf(res.body);
    expect(url).toMatch(new RegExp(`^${PHOTO_URL_PREFIX}[0-9a-f]{32}$`));
    const photo = await fetchPhoto(url);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect(photo.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await pictureFacts(new Uint8Array(await photo.arrayBuffer()))).toEqual({
      format: 'png',
      width: 40,
      height: 30,
      metadata: false,
    });
  });

  it('stores a JPEG without its EXIF (GPS location, camera): the same picture, no metadata', async () => {
    const taken = await picture('jpeg', { exif: GPS_EXIF });
    expect((await pictureFacts(taken)).metadata).toBe(true);
    const res = await upload(formOf(taken, 'trip.jpg', 'image/jpeg'));
    expect(res.status).toBe(200);
    const served = new Uint8Array(await (await fetchPhoto(urlOf(res.body))).arrayBuffer());
    expect(await pictureFacts(served)).toEqual({ format: 'jpeg', width: 40, height: 30, metadata: false });
    const row = await t.database.db
      .selectFrom('believer_photos')
      .select('bytes')
      .where('id', '=', urlOf(res.body).slice(-32))
      .executeTakeFirstOrThrow();
    for (const trace of ['Exif', 'TempleTestCam', 'GPS-1'])
      expect(Buffer.from(row.bytes).includes(trace)).toBe(false);
  });

  it('shows a photo to its owner only: another believer gets 404, no token or a revoked one 401', async () => {
    const url = urlOf((await upload(formOf(png))).body);
    expect((await fetchPhoto(url, a)).status).toBe(200);
    const other = await fetchPhoto(url, b);
    expect(other.status).toBe(404);
    expect(((await other.json()) as { msg: string }).msg).toBe(PHOTO_MESSAGES.notFound);
    for (const token of [null, 'not-a-token']) {
      const res = await fetchPhoto(url, token);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { msg: string }).msg).toBe(AUTH_MESSAGES.unauthorized);
    }
    const c = await t.login(C);
    const theirs = urlOf((await upload(formOf(png), c)).body);
    expect((await fetchPhoto(theirs, c)).status).toBe(200);
    expect((await t.call('POST', authApi.logout.path, undefined, c)).status).toBe(200);
    const revoked = await fetchPhoto(theirs, c);
    expect(revoked.status).toBe(401);
    expect(new Uint8Array(await revoked.arrayBuffer()).byteLength).toBeLessThan(200);
  });

  it.each([
    ['GIF87a', () => gif87, 'image/gif'],
    ['GIF89a', () => gif89, 'image/gif'],
    ['JPEG', () => jpeg, 'image/jpeg'],
    ['PNG', () => png, 'image/png'],
  ])('judges a %s by its bytes, never by its name or declared type', async (_, bytes, type) => {
    const res = await upload(formOf(bytes(), 'notes.txt', 'text/plain'));
    expect(res.status).toBe(200);
    const photo = await fetchPhoto(urlOf(res.body));
    expect(photo.headers.get('content-type')).toBe(type);
  });

  it.each([
    ['text named .png', new TextEncoder().encode('<svg onload="alert(1)"></svg>'), 'x.png', 'image/png'],
    ['an SVG', new TextEncoder().encode('<?xml version="1.0"?><svg/>'), 'x.svg', 'image/svg+xml'],
    ['HTML named .jpg', new TextEncoder().encode('<html><script>1</script></html>'), 'x.jpg', 'image/jpeg'],
    ['a truncated PNG signature', new Uint8Array(PNG.slice(0, 4)), 'x.png', 'image/png'],
    ['a WebP', new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '), 'x.webp', 'image/webp'],
    ['a JPEG signature over nothing', bytesOf(JPEG, 4096), 'x.jpg', 'image/jpeg'],
    [
      'a PNG signature before HTML',
      bytesOf([...PNG, ...new TextEncoder().encode('<html>')], 512),
      'x.png',
      'image/png',
    ],
  ])('refuses %s (4xx, the type message) and stores nothing', async (_, bytes, name, type) => {
    const before = await stored();
    const res = await upload(formOf(bytes, name, type), b);
    expect(res.status).toBe(415);
    expect(res.body.msg).toBe(PHOTO_MESSAGES.type);
    expect(await stored()).toBe(before);
  });

  it.each([
    ['a truncated JPEG', () => jpeg.slice(0, jpeg.byteLength - 60)],
    ['a truncated PNG', () => png.slice(0, png.byteLength - 30)],
    ['a JPEG signature before a PNG (a polyglot)', () => new Uint8Array([0xff, 0xd8, 0xff, ...png])],
    ['a GIF signature before a JPEG (a polyglot)', () => new Uint8Array([...gif89.slice(0, 6), ...jpeg])],
  ])('refuses %s, which is no whole picture of its type (415), storing nothing', async (_, bytes) => {
    const before = await stored();
    const res = await upload(formOf(bytes(), 'x.jpg', 'image/jpeg'), b);
    expect(res.status).toBe(415);
    expect(res.body.msg).toBe(PHOTO_MESSAGES.type);
    expect(await stored()).toBe(before);
  });

  it.each([
    ['a JPEG with a page after its end', () => htmlAfterEnd(jpeg)],
    ['a JPEG with a page in a comment segment', () => jpegWithHtmlComment(jpeg)],
    ['a JPEG with a ZIP appended', () => zipAppended(jpeg)],
    ['a PNG with a page after its IEND', () => htmlAfterEnd(png)],
    ['a PNG with a ZIP appended', () => zipAppended(png)],
    ['a GIF with a page after its trailer', () => htmlAfterEnd(gif89)],
    ['a GIF with a page in a comment extension', () => gifWithHtmlComment(gif89)],
  ])('refuses %s (a polyglot: 415, the hidden-content message), storing nothing', async (_, bytes) => {
    const before = await stored();
    const res = await upload(formOf(bytes(), 'x.jpg', 'image/jpeg'), b);
    expect([res.status, res.body.msg]).toEqual([415, PHOTO_MESSAGES.hiddenContent]);
    expect(await stored()).toBe(before);
  });

  it('takes a JPEG followed by a whole second JPEG (an HDR photo’s gain map) and a PNG with text chunks', async () => {
    const text = pngChunk('tEXt', new TextEncoder().encode('Software\0a phone screenshot'));
    for (const bytes of [
      new Uint8Array([...jpeg, ...(await picture('jpeg'))]),
      insertAt(png, png.byteLength - 12, text),
    ]) {
      const res = await upload(formOf(bytes, 'x.jpg', 'image/jpeg'), b);
      expect(res.status, res.body.msg).toBe(200);
    }
  });

  it('takes a photo of exactly 2 MB and refuses 2 MB and one byte with 413, storing nothing', async () => {
    const exact = await upload(formOf(await picture('jpeg', { size: MAX }), 'big.jpg', 'image/jpeg'), b);
    expect(exact.status).toBe(200);
    const kept = urlOf(exact.body);

    const before = await stored();
    const over = await upload(formOf(await picture('jpeg', { size: MAX + 1 }), 'big.jpg', 'image/jpeg'), b);
    expect(over.status).toBe(413);
    expect(over.body.msg).toBe(PHOTO_MESSAGES.size);
    expect(await stored()).toBe(before);
    expect((await fetchPhoto(kept, b)).status).toBe(200);
  });

  it('stops reading a streamed body as soon as it passes the limit', async () => {
    const before = await stored();
    const chunk = 64 * 1024;
    let pulled = 0;
    const boundary = 'photo-boundary';
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const part =
          pulled === 0 ? new Uint8Array([...head, ...PNG, ...new Uint8Array(chunk)]) : new Uint8Array(chunk);
        pulled += part.byteLength;
        controller.enqueue(part);
        if (pulled > 20 * MAX) controller.close();
      },
    });
    const res = await t.app.request(photoApi.upload.path, {
      method: 'POST',
      headers: { authorization: `Bearer ${a}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { msg: string }).msg).toBe(PHOTO_MESSAGES.size);
    // Read at most the limit and the chunks in flight: never the 40 MB on offer.
    expect(pulled).toBeLessThan(MAX + MULTIPART_ALLOWANCE_BYTES + 4 * chunk);
    expect(await stored()).toBe(before);
  });

  it('refuses a body whose declared length passes the limit before reading it', async () => {
    const res = await upload(formOf(bytesOf(PNG)), a, {
      'content-length': String(MAX + MULTIPART_ALLOWANCE_BYTES + 1),
    });
    expect(res.status).toBe(413);
    expect(res.body.msg).toBe(PHOTO_MESSAGES.size);
  });

  it('refuses a form without a photo or a body that is not a form', async () => {
    const empty = new FormData();
    empty.append('other', 'x');
    expect((await upload(empty)).body.msg).toBe(PHOTO_MESSAGES.missing);
    const json = await upload(JSON.stringify({ file: 'x' }), a, { 'content-type': 'application/json' });
    expect(json.status).toBe(400);
    expect(json.body.msg).toBe(PHOTO_MESSAGES.missing);
    const zero = await upload(formOf(new Uint8Array(0)));
    expect(zero.status).toBe(400);
  });

  it('keeps one photo per believer: a new one replaces the old, and the profile follows', async () => {
    const first = urlOf((await upload(formOf(png))).body);
    const saved = await t.call(
      'PUT',
      believerApi.update.path,
      { realName: '陈明', gender: '1', photo: first },
      a,
    );
    expect(saved.body.msg).toBe(BELIEVER_MESSAGES.updated);
    const second = urlOf((await upload(formOf(gif89, 'new.gif', 'image/gif'))).body);
    expect(second).not.toBe(first);
    expect((await fetchPhoto(first)).status).toBe(404);
    expect((await fetchPhoto(second)).status).toBe(200);
    const rows = await t.database.db
      .selectFrom('believer_photos')
      .innerJoin('users', 'users.id', 'believer_photos.user_id')
      .where('users.phone', '=', A)
      .select('believer_photos.id')
      .execute();
    expect(rows).toHaveLength(1);
    const profile = v.parse(
      believerApi.profile.response,
      (await t.call('GET', believerApi.profile.path, undefined, a)).body,
    );
    expect(profile.data.photo).toBe(second);
  });

  it('moves a membership that showed the replaced photo to the new one', async () => {
    const { db } = t.database;
    const user = await db.selectFrom('users').select('id').where('phone', '=', B).executeTakeFirstOrThrow();
    const first = urlOf((await upload(formOf(png), b)).body);
    await db
      .insertInto('memberships')
      .values({
        user_id: user.id,
        name: '林慧',
        sex: '2',
        birth_date: '1960-01-01',
        mobile: B,
        ssq_name: ['上海市', '市辖区', '静安区'],
        ssq: ['31', '3101', '310106'],
        address: '愚园路1号',
        gfr: ['历代宗亲'],
        ys: ['林慧'],
        photo: first,
        created_at: t.clock.now(),
      })
      .execute();
    const second = urlOf((await upload(formOf(jpeg), b)).body);
    const membership = await db
      .selectFrom('memberships')
      .select('photo')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(membership.photo).toBe(second);
  });

  it('leaves every other body to the 64 KB limit', async () => {
    const res = await t.call(
      'PUT',
      believerApi.update.path,
      { realName: '陈明', addres: '址'.repeat(70_000) },
      a,
    );
    expect(res.status).toBe(413);
    expect(res.body.msg).toBe(REQUEST_TOO_LARGE);
  });

  it('answers 404 for an unknown or malformed photo id', async () => {
    for (const id of ['0'.repeat(32), 'not-an-id', '..%2F..%2Fetc']) {
      const res = await fetchPhoto(`${PHOTO_URL_PREFIX}${id}`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { msg: string }).msg).toBe(PHOTO_MESSAGES.notFound);
    }
  });
});
