import { serve } from '@hono/node-server';
import { Hono } from 'hono';

/**
 * The reference of the API rows: Hono on the same @hono/node-server answering a constant
 * envelope to any GET or POST, so ours/bare is what the app adds over the framework.
 */
const answer = { status: 200, msg: '成功', data: { ok: true } };
const app = new Hono();
app.all('*', (c) => c.json(answer));
serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 3000) });
