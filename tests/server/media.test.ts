import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { VIDEO_ROOT } from '@server/routes/media';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { describe, expect, it } from 'vitest';

/** The shipped sample film of the first seeded video. */
const film = readFileSync(join(VIDEO_ROOT, '1.webm'));
const size = film.length;
const path = '/media/videos/1.webm';

describe.each(databaseKinds())('media: the gallery videos, with byte ranges for seeking, on %s', (kind) => {
  const t = useTestApp(kind);

  const get = (url: string, range?: string) =>
    t.app.request(url, { headers: { 'accept-encoding': 'gzip', ...(range ? { range } : {}) } });
  const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

  it('sends the whole file with its type, its length, Accept-Ranges and a day of cache', async () => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/webm');
    expect(res.headers.get('content-length')).toBe(String(size));
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    // Video is never gzipped: a compressed body would break the byte ranges.
    expect(res.headers.get('content-encoding')).toBeNull();
    expect((await bytes(res)).equals(film)).toBe(true);
  });

  it('answers a byte range with 206 and Content-Range', async () => {
    const res = await get(path, 'bytes=100-1099');
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 100-1099/${size}`);
    expect(res.headers.get('content-length')).toBe('1000');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-type')).toBe('video/webm');
    expect((await bytes(res)).equals(film.subarray(100, 1100))).toBe(true);
  });

  it('answers an open-ended range and a suffix range (the last n bytes)', async () => {
    const open = await get(path, `bytes=${size - 10}-`);
    expect(open.status).toBe(206);
    expect((await bytes(open)).equals(film.subarray(size - 10))).toBe(true);

    const suffix = await get(path, 'bytes=-500');
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get('content-range')).toBe(`bytes ${size - 500}-${size - 1}/${size}`);
    expect((await bytes(suffix)).equals(film.subarray(size - 500))).toBe(true);
  });

  it('refuses a range past the end with 416 and the real size', async () => {
    const res = await get(path, `bytes=${size + 10}-${size + 20}`);
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe(`bytes */${size}`);
    expect(res.headers.get('cache-control')).toBeNull();
  });

  it('serves the film, the captions and the poster of every video the seed lists', async () => {
    const list = await t.call('GET', '/api/yxs-app/news?newsMenuId=6&status=1&page=0&size=20');
    const videos = (list.body.data as { content: { videoUrl: string | null; imageUrl: string }[] }).content;
    expect(videos).toHaveLength(8);
    for (const { videoUrl, imageUrl } of videos) {
      expect(videoUrl).toMatch(/^\/media\/videos\/\d+\.webm$/);
      const res = await get(videoUrl ?? '', 'bytes=0-3');
      expect(res.status, videoUrl ?? '').toBe(206);
      // The EBML magic number: a real WebM file, not an empty stand-in.
      expect((await bytes(res)).toString('hex')).toBe('1a45dfa3');
      const captions = await t.app.request(videoUrl?.replace(/\.webm$/, '.vtt') ?? '');
      expect(captions.status).toBe(200);
      expect((await t.app.request(imageUrl)).status).toBe(200);
    }
  });

  it("serves each film's captions as WebVTT text", async () => {
    const res = await t.app.request('/media/videos/1.vtt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    const text = await res.text();
    expect(text.startsWith('WEBVTT')).toBe(true);
    expect(text).toContain('晨钟暮鼓：寺院的一天');
  });

  it('answers 404 in Chinese for a missing file and for any attempt to leave the folder', async () => {
    const attempts = [
      '/media/videos/99.webm',
      '/media/videos/1.mp3',
      '/media/videos/%2e%2e/%2e%2e/routes/media.ts',
      '/media/videos/..%2f..%2f..%2fpackage.json',
      '/media/videos/..%2f..%2f..%2f..%2fpackage.json',
      '/media/videos/..%2f..%2fmedia.ts',
      '/media/videos/%2E%2E%5C%2E%2E%5Cpackage.json',
      '/media/videos/.%2e/.%2e/db/seed/news.ts',
      '/media/videos//etc/passwd',
      '/media/../package.json',
      '/media/videos/',
      '/media/',
    ];
    for (const url of attempts) {
      const res = await t.app.request(url);
      expect(res.status, url).toBe(404);
      const text = await res.text();
      expect(JSON.parse(text).msg, url).toMatch(/不存在/);
      expect(text, url).not.toContain('import');
    }
  });
});
