import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/** Request bodies above this are refused with 413 before they are read (uploads get their own limit). */
export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Hono's body limit, except that a body of declared length is judged from its Content-Length
 * alone (Node reads exactly that many bytes, no more): Hono's asks for the body stream first,
 * which makes @hono/node-server build a full Request for every POST (the 1-second payment poll
 * paid that on every call). A chunked body is counted while it streams in, as before.
 */
export const declaredBodyLimit = (options: {
  maxSize: number;
  onError: (c: Context) => Response | Promise<Response>;
}): MiddlewareHandler => {
  const streamed = bodyLimit(options);
  return async (c, next) => {
    const declared = c.req.header('content-length');
    if (declared === undefined || c.req.header('transfer-encoding') !== undefined) return streamed(c, next);
    if (Number.parseInt(declared, 10) > options.maxSize) return options.onError(c);
    await next();
  };
};
