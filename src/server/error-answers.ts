import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { isBadInputForDatabase, isDatabaseUnavailable } from './db/errors';
import { AppError } from './errors';
import type { Logger } from './logger';

export const SERVER_BUSY = '服务器繁忙，请稍后再试';
export const REQUEST_MALFORMED = '请求内容格式不正确';
export const REQUEST_TOO_LARGE = '提交的内容过大，请精简后再试';
/** A page or address the server does not have. */
export const PAGE_NOT_FOUND = '页面不存在';
export const INPUT_REJECTED = '提交的内容有误，请检查后再试';

/** Seconds a client should wait before trying again when the database is away. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Every failure as the believer reads it: a refusal in Chinese with its 4xx, 503 while the
 * database is away (with Retry-After), and a 500 only for a fault of ours, which is logged.
 * The message never echoes what was sent.
 */
export const answerError = (error: unknown, c: Context, logger: Logger) => {
  const answer = (status: 400 | 413 | 503 | 500, msg: string) =>
    c.json({ status, code: status, msg }, status);
  if (error instanceof AppError) {
    if (error.retryAfterSeconds) c.header('Retry-After', String(error.retryAfterSeconds));
    return c.json({ status: error.status, code: error.status, msg: error.message }, error.status);
  }
  if (error instanceof HTTPException && error.status === 413) return answer(413, REQUEST_TOO_LARGE);
  if (error instanceof HTTPException && error.status < 500) return answer(400, REQUEST_MALFORMED);
  if (isDatabaseUnavailable(error)) {
    logger.warn('database.unavailable', { path: c.req.path, error: String(error) });
    c.header('Retry-After', String(RETRY_AFTER_SECONDS));
    return answer(503, SERVER_BUSY);
  }
  if (isBadInputForDatabase(error)) {
    // A schema let through what PostgreSQL refuses: answered as a refusal, logged to be mended.
    logger.warn('request.input_refused_by_database', { path: c.req.path, error: String(error) });
    return answer(400, INPUT_REJECTED);
  }
  logger.error('request.failed', { path: c.req.path, error: String(error), stack: (error as Error).stack });
  return answer(500, SERVER_BUSY);
};
