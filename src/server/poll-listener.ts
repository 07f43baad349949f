import type { IncomingMessage, ServerResponse } from 'node:http';
import { payApi } from '@contract/payment';
import { type HeldPoll, POLL_ANSWER_HEADERS, type PollHead } from './routes/pay';
import { tokenOf } from './routes/require-user';

export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

/** Whether the request sent the header at most once; a repeated one is left to the full route. */
const once = (req: IncomingMessage, name: string): boolean => {
  const raw = req.rawHeaders;
  let seen = 0;
  for (let i = 0; i < raw.length; i += 2) {
    const key = raw[i] as string;
    if (key.length === name.length && key.toLowerCase() === name) seen += 1;
  }
  return seen <= 1;
};

/** The body's text as @hono/node-server's `text()` gives it (a leading BOM dropped, bad bytes replaced). */
const decoder = new TextDecoder();

/** The answer's headers by its length in bytes: a Content-Length of its own, so Node never chunks it. */
const answerHeaders = new Map<number, Readonly<Record<string, string | number>>>();
const headersFor = (answer: string) => {
  const length = Buffer.byteLength(answer);
  let headers = answerHeaders.get(length);
  if (!headers) {
    headers = { ...POLL_ANSWER_HEADERS, 'content-length': length };
    answerHeaders.set(length, headers);
  }
  return headers;
};

/**
 * Node's request listener with the 1-second payment poll answered at the request event, when
 * memory holds its answer (HeldPoll): no Request, Context, middleware or Response is built for
 * it, and it logs through the app's request log as any answer does. Any other request goes to
 * `next` (@hono/node-server's listener for the app) untouched; a poll memory does not answer goes
 * to it with the body already read as `rawBody`, which @hono/node-server reads as the body, so
 * the full route reads, refuses or answers it as always.
 */
export const pollListener =
  (held: HeldPoll, next: NodeListener): NodeListener =>
  (req, res) => {
    if (req.method !== 'POST' || req.url !== payApi.payResult.path) return next(req, res);
    const started = performance.now();
    const { headers } = req;
    const head: PollHead = {
      token: tokenOf(headers.authorization),
      contentType: headers['content-type'] ?? '',
      contentLength: headers['content-length'],
      transferEncoding: headers['transfer-encoding'],
    };
    // Hono joins a repeated Authorization or Content-Type where Node keeps the first: the full route judges those.
    if (!held.readable(head) || !once(req, 'authorization') || !once(req, 'content-type'))
      return next(req, res);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A poll whose caller went away mid-body is answered by no one.
    req.on('error', () => res.destroy());
    req.on('end', () => {
      const body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
      let answer: string | undefined;
      try {
        answer = held.answer(head, decoder.decode(body), started);
      } catch {
        // Whatever went wrong here, the full route answers the poll, as it would without this listener.
        answer = undefined;
      }
      if (answer === undefined) {
        Object.assign(req, { rawBody: body });
        next(req, res);
      } else res.writeHead(200, headersFor(answer)).end(answer);
    });
  };
