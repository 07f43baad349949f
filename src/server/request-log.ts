import { payApi } from '@contract/payment';
import { PHOTO_URL_PREFIX } from '@contract/photo';
import { VOLUNTEER_PHOTO_URL_PREFIX } from '@contract/volunteer';
import type { Logger } from './logger';

/** One answered payment poll in this many is logged. */
export const POLL_LOG_EVERY = 100;

/** Logs one answered request: (method, path, status, performance.now() when it came). */
export type RequestLog = (method: string, path: string, status: number, started: number) => void;

/**
 * The request log of one app, whichever layer answered (Hono's middleware, or Node's request
 * event for the payment poll held in memory). Every open QR dialog polls once a second: one
 * answered poll in POLL_LOG_EVERY is logged (marked `sampled`), every refused or failed one is.
 */
export const createRequestLog = (logger: Logger): RequestLog => {
  let polls = 0;
  return (method, path, status, started) => {
    const poll = status === 200 && path === payApi.payResult.path;
    if (poll && polls++ % POLL_LOG_EVERY !== 0) return;
    logger.info('request', {
      method,
      // A photo's address is its only key: the log names the route, never the id.
      path: path.startsWith(PHOTO_URL_PREFIX)
        ? `${PHOTO_URL_PREFIX}…`
        : path.startsWith(VOLUNTEER_PHOTO_URL_PREFIX)
          ? `${VOLUNTEER_PHOTO_URL_PREFIX}…`
          : path,
      status,
      ms: Math.round(performance.now() - started),
      ...(poll ? { sampled: POLL_LOG_EVERY } : {}),
    });
  };
};
