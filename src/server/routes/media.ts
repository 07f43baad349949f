import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { notFound } from '../errors';

/** The gallery's films and their captions (made by scripts/generate-seed-videos.sh), shipped with the server. */
export const VIDEO_ROOT = fileURLToPath(new URL('../media/videos/', import.meta.url));

/** A file name of our own making: letters, digits and dashes, then the extension. No path at all. */
const VIDEO_FILE = '[a-z0-9][a-z0-9-]{0,63}\\.(?:webm|mp4|vtt)';

/** A video keeps its name while its content stays: a day in the cache, then revalidated. */
const CACHE = 'public, max-age=86400';
/** An uploaded file is named by a hash of its bytes: its content never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** An upload's name (video-files.ts): 32 hex digits of its SHA-256 and its extension. */
const UPLOADED_FILE = '[0-9a-f]{32}\\.(?:webm|mp4|vtt)';

/** What serveStatic answers: the file's response, or nothing when it called the next handler. */
type Served = Awaited<ReturnType<ReturnType<typeof serveStatic>>>;

/** Captions (WebVTT) are text: Hono's type table does not know them. */
const withHeaders = (res: Served, path: string, cache: string) => {
  if (res?.ok) {
    if (path.endsWith('.vtt')) res.headers.set('Content-Type', 'text/vtt; charset=utf-8');
    res.headers.set('Accept-Ranges', 'bytes');
    res.headers.set('Cache-Control', cache);
  }
  return res;
};

/**
 * `/media/videos/<file>`: the films (and their `.vtt` captions), with byte ranges so the player can seek (200 with
 * `Accept-Ranges: bytes`, 206 with `Content-Range`, 416 for a range past the end). Node's
 * serveStatic reads the range; this route only names the files it may serve and adds the
 * headers. Anything else under /media is a 404.
 */
export const mediaRoutes = (root = VIDEO_ROOT, uploads?: string) => {
  const serve = serveStatic({ root, rewriteRequestPath: (path) => path.replace(/^\/media\/videos\//, '/') });
  // `/media/uploads/<hash>.<ext>`: the films and captions 内容 staff uploaded (MEDIA_DIR), the same way.
  const serveUpload = serveStatic({
    root: uploads ?? root,
    rewriteRequestPath: (path) => path.replace(/^\/media\/uploads\//, '/'),
  });
  return new Hono()
    .get(`/media/videos/:file{${VIDEO_FILE}}`, async (c, next) =>
      // serveStatic answers the file (200, 206 or 416), or calls next() (the 404 below) when it is missing.
      withHeaders(await serve(c, next), c.req.path, CACHE),
    )
    .get(`/media/uploads/:file{${UPLOADED_FILE}}`, async (c, next) =>
      uploads ? withHeaders(await serveUpload(c, next), c.req.path, IMMUTABLE) : next(),
    )
    .all('/media/*', () => {
      throw notFound('视频不存在');
    });
};
