import { Hono } from 'hono';
import { AppError } from '../errors';
import { isMotif, seedImageSvg } from '../images/seed-image';

export const imageRoutes = () =>
  new Hono().get('/images/:file{[a-z]+\\.svg}', (c) => {
    const motif = c.req.param('file').replace(/\.svg$/, '');
    if (!isMotif(motif)) throw new AppError(404, '图片不存在');
    const title = (c.req.query('title') ?? '').slice(0, 20);
    const svg = seedImageSvg(motif, title, Number(c.req.query('tone')) || 0);
    c.header('content-type', 'image/svg+xml; charset=utf-8');
    c.header('cache-control', 'public, max-age=86400');
    return c.body(svg);
  });
