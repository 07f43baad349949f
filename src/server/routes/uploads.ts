import { CONTENT_IMAGE_PREFIX } from '@contract/content-image';
import { Hono } from 'hono';
import type { ContentImageService } from '../services/content-images';

/**
 * GET /uploads/<id>-<width>.webp (and /uploads/<id>, the 960 width): the temple's photographs,
 * public. The content of an address never changes (a new upload is a new id), so it is cached
 * for a year as immutable, by the browser and any cache between; `nosniff` with its true type.
 * Any other name, width or id answers 404 图片不存在 (the service's refusal).
 */
export const uploadRoutes = (images: ContentImageService) =>
  new Hono().get(`${CONTENT_IMAGE_PREFIX}:file`, async (c) => {
    const bytes = await images.read(c.req.param('file'));
    c.header('Content-Type', 'image/webp');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    return c.body(new Uint8Array(bytes));
  });
