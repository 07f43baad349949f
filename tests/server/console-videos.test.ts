import { readFileSync } from 'node:fs';
import { consoleApi } from '@contract/console';
import { CONTENT_IMAGE_MESSAGES } from '@contract/content-image';
import { newsApi } from '@contract/news';
import { STAFF_MESSAGES } from '@contract/staff';
import { VERSIONED_ITEM_MESSAGES } from '@contract/versioned-item';
import {
  VIDEO_CATALOGUE_MESSAGES as M,
  VIDEO_UPLOAD_HEADER,
  type VideoAnswer,
  type VideoDraft,
  type VideoUploadAnswer,
} from '@contract/video-catalogue';
import { WEBVTT_MESSAGES } from '@contract/webvtt';
import { consoleCall, signedInStaff, type TestStaff } from '@tests/support/staff';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { beforeAll, describe, expect, it } from 'vitest';

/** A shipped sample film (WebM VP9 + Opus, about 25 KB: scripts/generate-seed-videos.sh). */
const WEBM = new Uint8Array(readFileSync(new URL('../../src/server/media/videos/1.webm', import.meta.url)));

const box = (type: string, ...parts: Uint8Array[]) => {
  const size = 8 + parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(size);
  new DataView(out.buffer).setUint32(0, size);
  out.set(new TextEncoder().encode(type), 4);
  let at = 8;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};
/** The smallest MP4 the probe accepts: ftyp, moov with a trak, mdat; the boxes tile the file. */
const MP4 = new Uint8Array([
  ...box('ftyp', new TextEncoder().encode('isom\0\0\0\0isommp41')),
  ...box('moov', box('trak', box('tkhd', new Uint8Array(84)))),
  ...box('mdat', new Uint8Array(64)),
]);

const CAPTIONS =
  'WEBVTT\n\n00:00:00.000 --> 00:00:03.000\n晨钟初响\n\n00:00:03.000 --> 00:00:06.000\n<i>（钟声）</i>\n';

/**
 * Issue 25, the video gallery in the console (视频管理): films uploaded by their bytes (WebM/MP4,
 * 200 MB counted while they stream), captions validated as WebVTT, each refused in Chinese; the
 * uploaded film served with byte ranges under an immutable name; a video created as a draft,
 * published to the gallery with its captions, saved under a version (409), audited.
 */
describe.each(databaseKinds())('videos in the console (%s)', (kind) => {
  const t = useTestApp(kind);
  let editor: TestStaff;
  let clerk: TestStaff;
  let poster = '';
  beforeAll(async () => {
    editor = await signedInStaff(t, ['content'], 'editor');
    clerk = await signedInStaff(t, ['clerk'], 'clerk');
    const photo = await t.database.db.selectFrom('content_images').select('id').executeTakeFirstOrThrow();
    poster = `/uploads/${photo.id}`;
  });

  const upload = async (
    which: 'film' | 'captions',
    body: BodyInit,
    headers: Record<string, string> = {},
    cookie: string | null = editor.cookie,
  ) => {
    const path = which === 'film' ? consoleApi.videoFilmUpload.path : consoleApi.videoCaptionsUpload.path;
    const res = await t.app.request(path, {
      method: 'POST',
      headers: { [VIDEO_UPLOAD_HEADER]: '1', ...(cookie ? { cookie } : {}), ...headers },
      body,
      // A streamed body needs the half-duplex flag in Node's fetch.
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit);
    expect(res.status, `upload ${which} answered a server error`).toBeLessThan(500);
    return { status: res.status, body: (await res.json()) as { msg: string; data?: VideoUploadAnswer } };
  };
  const uploaded = async (which: 'film' | 'captions', body: BodyInit) => {
    const res = await upload(which, body);
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data as VideoUploadAnswer;
  };
  const draft = async (over: Partial<VideoDraft> = {}): Promise<VideoDraft> => ({
    title: '晨钟暮鼓',
    description: '寺院清晨的钟声',
    newDate: '2026-12-01',
    poster,
    film: (await uploaded('film', WEBM)).url,
    captions: (await uploaded('captions', CAPTIONS)).url,
    ...over,
  });
  const path = (id: number, suffix = '') => `${consoleApi.video.path.replace(':id', String(id))}${suffix}`;
  const create = async (video: VideoDraft) => {
    const res = await consoleCall(t, 'POST', consoleApi.videoCreate.path, {
      cookie: editor.cookie,
      body: video,
    });
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data as VideoAnswer;
  };
  const save = (id: number, video: VideoDraft, version: number) =>
    consoleCall(t, 'PUT', path(id), { cookie: editor.cookie, body: { video, version } });
  const publish = (id: number, published: boolean, version: number) =>
    consoleCall(t, 'POST', path(id, '/publish'), { cookie: editor.cookie, body: { published, version } });
  const gallery = async () => {
    const res = await t.call('GET', `${newsApi.list.path}?newsMenuId=6&page=0&size=20`);
    return (res.body.data as { content: { id: number; videoUrl: string; captionsUrl?: string | null }[] })
      .content;
  };

  it('keeps a WebM and an MP4 film by their bytes, under a name of their hash, served with byte ranges', async () => {
    const film = await uploaded('film', WEBM);
    expect(film).toEqual({
      url: expect.stringMatching(/^\/media\/uploads\/[0-9a-f]{32}\.webm$/),
      bytes: WEBM.length,
    });
    expect((await uploaded('film', MP4)).url).toMatch(/\.mp4$/);
    const whole = await t.app.request(film.url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('cache-control')).toContain('immutable');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(WEBM);
    const part = await t.app.request(film.url, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${WEBM.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(WEBM.subarray(100, 200));
    const past = await t.app.request(film.url, { headers: { range: `bytes=${WEBM.length + 10}-` } });
    expect(past.status).toBe(416);
    const captions = await uploaded('captions', CAPTIONS);
    const vtt = await t.app.request(captions.url);
    expect(vtt.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(await vtt.text()).toBe(CAPTIONS);
    const audit = await t.database.db
      .selectFrom('staff_audit')
      .select(['action', 'username'])
      .where('subject', '=', film.url)
      .execute();
    expect(audit[0]).toEqual({ action: 'video.filmUploaded', username: editor.username });
  });

  it.each([
    ['text that is no film', new TextEncoder().encode('hello, this is not a film at all'), 415, M.filmType],
    [
      'a PNG renamed',
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
      415,
      M.filmType,
    ],
    ['a WebM cut short', WEBM.subarray(0, 2000), 422, M.filmBroken],
    ['an MP4 with trailing bytes', new Uint8Array([...MP4, 1, 2, 3]), 422, M.filmBroken],
    ['an MP4 with no moov', new Uint8Array([...MP4.subarray(0, 24)]), 422, M.filmBroken],
    ['nothing', new Uint8Array(), 400, M.filmMissing],
  ])('refuses %s as a film, in Chinese', async (_what, bytes, status, message) => {
    const res = await upload('film', bytes);
    expect([res.status, res.body.msg]).toEqual([status, message]);
  });

  it('refuses a film past 200 MB by its declared length, before reading it', async () => {
    const res = await upload('film', WEBM, { 'content-length': String(200 * 1024 * 1024 + 1) });
    expect([res.status, res.body.msg]).toEqual([413, M.filmSize]);
  });

  it('counts a body while it streams: captions past 512 KB are refused though no length was declared', async () => {
    const chunk = new TextEncoder().encode(`${'字幕'.repeat(10_000)}\n`);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > 2 * 1024 * 1024) return controller.close();
        controller.enqueue(sent === 0 ? new TextEncoder().encode('WEBVTT\n\n') : chunk);
        sent += chunk.length;
      },
    });
    const res = await upload('captions', stream);
    expect([res.status, res.body.msg]).toEqual([413, M.captionsSize]);
    const incoming = await t.database.db
      .selectFrom('video_files')
      .select('name')
      .where('kind', '=', 'captions')
      .execute();
    expect(incoming.every((row) => row.name.endsWith('.vtt'))).toBe(true);
  });

  it.each([
    ['no header', '00:00:00.000 --> 00:00:01.000\n钟声\n', WEBVTT_MESSAGES.header],
    [
      'a script',
      'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n<script>alert(1)</script>\n',
      WEBVTT_MESSAGES.markup(4),
    ],
    [
      'an image tag',
      'WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.000\n<img src=x onerror=alert(1)>\n',
      WEBVTT_MESSAGES.markup(5),
    ],
    ['a bad time', 'WEBVTT\n\n00:00:00 --> 00:00:01.000\n钟声\n', WEBVTT_MESSAGES.timing(3)],
    ['an end before its start', 'WEBVTT\n\n00:00:05.000 --> 00:00:01.000\n钟声\n', WEBVTT_MESSAGES.order(3)],
    ['a STYLE block', 'WEBVTT\n\nSTYLE\n::cue { background: url(https://x) }\n', WEBVTT_MESSAGES.style(3)],
    ['no cues', 'WEBVTT\n\nNOTE 只有注释\n', WEBVTT_MESSAGES.noCues],
    ['a cue with no text', 'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n', WEBVTT_MESSAGES.text(3)],
    [
      'an unknown reference',
      'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n钟&bogus声\n',
      WEBVTT_MESSAGES.entity(4),
    ],
  ])('refuses captions with %s (422, the line named)', async (_what, text, message) => {
    const res = await upload('captions', text);
    expect([res.status, res.body.msg]).toEqual([422, message]);
  });

  it('refuses captions that are not UTF-8 text', async () => {
    const res = await upload(
      'captions',
      new Uint8Array([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0x0a, 0xff, 0xfe]),
    );
    expect([res.status, res.body.msg]).toEqual([415, WEBVTT_MESSAGES.encoding]);
  });

  it("refuses an upload without a session, with a believer's token, to a clerk, and without the upload header", async () => {
    expect((await upload('film', WEBM, {}, null)).status).toBe(401);
    const believer = await t.login('13900007777');
    const withToken = await upload('film', WEBM, { authorization: `Bearer ${believer}` }, null);
    expect([withToken.status, withToken.body.msg]).toEqual([401, STAFF_MESSAGES.signInRequired]);
    const asClerk = await upload('captions', CAPTIONS, {}, clerk.cookie);
    expect([asClerk.status, asClerk.body.msg]).toEqual([403, STAFF_MESSAGES.forbidden]);
    const res = await t.app.request(consoleApi.videoFilmUpload.path, {
      method: 'POST',
      headers: { cookie: editor.cookie },
      body: WEBM,
    });
    expect(res.status).toBe(415);
  });

  it('creates a draft hidden from believers; published, the gallery plays it with its captions; 撤下 takes it off', async () => {
    const video = await draft();
    const answer = await create(video);
    expect(answer).toMatchObject({ published: false, version: 1, video });
    expect((await gallery()).some((item) => item.id === answer.id)).toBe(false);
    const shown = (await publish(answer.id, true, 1)).body.data as VideoAnswer;
    expect(shown.published).toBe(true);
    const item = (await gallery()).find((row) => row.id === answer.id);
    expect(item).toMatchObject({ videoUrl: video.film, captionsUrl: video.captions });
    const detail = await t.call('GET', newsApi.detail.path.replace(':id', String(answer.id)));
    expect(detail.body.data).toMatchObject({ title: '晨钟暮鼓', subTitle: '寺院清晨的钟声' });
    // 发布 checks the content's version but does not move it.
    expect(shown.version).toBe(1);
    await publish(answer.id, false, 1);
    expect((await gallery()).some((row) => row.id === answer.id)).toBe(false);
    const audit = await t.database.db
      .selectFrom('staff_audit')
      .select(['action', 'before', 'after'])
      .where('subject', '=', `video:${answer.id}`)
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['video.created', 'video.published', 'video.unpublished']);
  });

  it('edits a seed video: its shipped film and captions stay; the change is audited with before and after', async () => {
    const list = await consoleCall(t, 'GET', consoleApi.videos.path, { cookie: editor.cookie });
    expect(list.status).toBe(200);
    const seed = await t.database.db
      .selectFrom('news')
      .select('id')
      .where('menu_id', '=', 6)
      .where('video_url', 'like', '/media/videos/%')
      .executeTakeFirstOrThrow();
    const read = (await consoleCall(t, 'GET', path(seed.id), { cookie: editor.cookie })).body
      .data as VideoAnswer;
    expect(read.video.film).toMatch(/^\/media\/videos\/\d+\.webm$/);
    expect(read.video.captions).toBe(read.video.film.replace('.webm', '.vtt'));
    const res = await save(seed.id, { ...read.video, title: '晨钟暮鼓（新版）' }, read.version);
    expect(res.status, res.body.msg).toBe(200);
    const [line] = await t.database.db
      .selectFrom('staff_audit')
      .select(['before', 'after'])
      .where('subject', '=', `video:${seed.id}`)
      .where('action', '=', 'video.updated')
      .execute();
    expect(line?.before).toMatchObject({ title: read.video.title });
    expect(line?.after).toMatchObject({ title: '晨钟暮鼓（新版）' });
    const item = (await gallery()).find((row) => row.id === seed.id);
    expect(item).toMatchObject({ videoUrl: read.video.film, captionsUrl: read.video.captions });
  });

  it('two saves from one version: exactly one is kept, the other is told to reload (409)', async () => {
    const answer = await create(await draft());
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        save(answer.id, { ...answer.video, title: `标题${i}` }, answer.version),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    expect(results.find((r) => r.status === 409)?.body.msg).toBe(VERSIONED_ITEM_MESSAGES.stale);
    const after = (await consoleCall(t, 'GET', path(answer.id), { cookie: editor.cookie })).body
      .data as VideoAnswer;
    expect(after.version).toBe(2);
  });

  it.each([
    ['title', '', M.titleEmpty],
    ['title', '字'.repeat(61), M.titleTooLong],
    ['title', '钟\u0007声', M.textInvalid],
    ['description', '字'.repeat(101), M.descriptionTooLong],
    ['newDate', '2026-02-30', M.dateInvalid],
    ['poster', '', M.posterEmpty],
    ['poster', 'https://evil.example/a.jpg', M.posterInvalid],
    ['poster', '/uploads/000000000000000000000000', CONTENT_IMAGE_MESSAGES.invalid],
    ['film', '', M.filmEmpty],
    ['film', 'https://evil.example/a.webm', M.filmInvalid],
    ['film', '/media/uploads/../../etc/passwd.webm', M.filmInvalid],
    ['film', '/media/uploads/00000000000000000000000000000000.webm', M.filmInvalid],
    ['captions', '/media/uploads/00000000000000000000000000000000.vtt', M.captionsInvalid],
    ['captions', 'javascript:alert(1)', M.captionsInvalid],
  ])('refuses %s %j in Chinese', async (field, value, message) => {
    const video = { ...(await draft()), [field]: value };
    const res = await consoleCall(t, 'POST', consoleApi.videoCreate.path, {
      cookie: editor.cookie,
      body: video,
    });
    expect([res.status, res.body.msg]).toEqual([400, message]);
  });

  it("refuses the calls to a believer's token and to a clerk", async () => {
    const believer = await t.login('13900007778');
    const calls = [
      ['GET', consoleApi.videos.path],
      ['POST', consoleApi.videoCreate.path],
    ] as const;
    for (const [method, p] of calls) {
      const token = await consoleCall(t, method, p, { headers: { authorization: `Bearer ${believer}` } });
      expect(token.status).toBe(401);
      const asClerk = await consoleCall(t, method, p, { cookie: clerk.cookie, body: {} });
      expect([asClerk.status, asClerk.body.msg]).toEqual([403, STAFF_MESSAGES.forbidden]);
    }
  });
});
