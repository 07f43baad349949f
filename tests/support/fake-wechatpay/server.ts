import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isSignedByMerchant } from './authenticate';
import type { createCashier } from './cashier';
import type { createFaultQueue } from './faults';
import { randomText } from './keys';
import { type AuthenticatedRequest, matchRoute } from './routes';
import { type Signer, type SigningTwist, signBody } from './signed-answer';
import { type Answer, type Fault, fail, type RequestRecord } from './types';

export interface ApiServerDeps {
  merchant: { mchid: string; serial: string; publicKeyPem: string };
  answer: (request: AuthenticatedRequest) => Answer;
  faults: ReturnType<typeof createFaultQueue>;
  /** The key answers are signed with now (public key or platform certificate). */
  signer: () => Signer;
  stranger: Signer;
  requests: RequestRecord[];
  /** The H5 cashier's pages (cashier.ts), served beside the API without its signatures. */
  cashier: ReturnType<typeof createCashier>;
}

const FAULT_ANSWERS: Partial<Record<Fault, Answer>> = {
  http429: fail(429, 'FREQUENCY_LIMITED', '请求频率超限，请降低请求接口频率'),
  http500: fail(500, 'SYSTEM_ERROR', '系统异常，请稍后重试'),
};

/** The signing fault an injected fault stands for ('genuine' for those that answer otherwise). */
const twistOf = (fault: Fault | undefined): SigningTwist =>
  fault === undefined || fault === 'http429' || fault === 'http500' || fault === 'hang' ? 'genuine' : fault;

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/**
 * The merchant API on 127.0.0.1: authenticates each request from its raw bytes, answers it (or
 * carries out the route's next injected fault), and signs every answer, errors and 204s included.
 */
export const startApiServer = async (deps: ApiServerDeps) => {
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const method = request.method ?? 'GET';
    const path = request.url ?? '/';
    const record: RequestRecord = { method, path, verified: false, status: 0 };
    deps.requests.push(record);
    const body = await readBody(request);
    const url = new URL(path, 'http://wechatpay.invalid');
    if (await deps.cashier.serve(request, url, body, response)) return;
    const matched = matchRoute(method, url.pathname);
    const fault = matched ? deps.faults.take(matched.route) : undefined;
    record.verified = isSignedByMerchant(deps.merchant, {
      method,
      path,
      authorization: request.headers.authorization,
      body,
    });
    if (fault === 'hang') return; // the socket stays open until the fake closes
    const answer =
      (fault && FAULT_ANSWERS[fault]) ??
      (!record.verified
        ? fail(401, 'SIGN_ERROR', '签名错误')
        : matched
          ? deps.answer({ ...matched, url, contentType: request.headers['content-type'] ?? '', body })
          : fail(404, 'NOT_FOUND', '请求的资源不存在'));
    const bytes = answer.body === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(answer.body));
    const signed = signBody(bytes, deps.signer(), deps.stranger, twistOf(fault));
    response.writeHead(answer.status, {
      ...(bytes.length > 0 ? { 'Content-Type': 'application/json; charset=utf-8' } : {}),
      'Request-ID': randomText(32, '0123456789ABCDEF'),
      ...signed.headers,
    });
    response.end(signed.body);
    record.status = answer.status;
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/`,
    /** Drops every connection, the hanging ones included, and stops listening. */
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
