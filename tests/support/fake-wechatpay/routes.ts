import type { Ledger } from './ledger';
import { type Answer, fail, type Route, type TradeType } from './types';
import { isRecord, type Judged, readOrder, readRefundRequest, refuse } from './validation';

const ROUTES: { route: Route; method: string; pattern: RegExp }[] = [
  { route: 'native', method: 'POST', pattern: /^\/v3\/pay\/transactions\/native$/ },
  { route: 'jsapi', method: 'POST', pattern: /^\/v3\/pay\/transactions\/jsapi$/ },
  { route: 'h5', method: 'POST', pattern: /^\/v3\/pay\/transactions\/h5$/ },
  { route: 'query', method: 'GET', pattern: /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/ },
  { route: 'close', method: 'POST', pattern: /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/ },
  { route: 'refund', method: 'POST', pattern: /^\/v3\/refund\/domestic\/refunds$/ },
  { route: 'refundQuery', method: 'GET', pattern: /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/ },
];

/** The merchant API route a request is for, and the number in its path. */
export const matchRoute = (method: string, pathname: string) => {
  for (const { route, method: expected, pattern } of ROUTES) {
    const match = method === expected ? pattern.exec(pathname) : null;
    if (match) return { route, no: decodeURIComponent(match[1] ?? '') };
  }
  return undefined;
};

export interface AuthenticatedRequest {
  route: Route;
  no: string;
  url: URL;
  contentType: string;
  body: Buffer;
}

const mchidProblem = (mchid: unknown, expected: string) =>
  mchid === undefined || mchid === ''
    ? fail(400, 'PARAM_ERROR', '缺少参数 mchid')
    : mchid !== expected
      ? fail(400, 'PARAM_ERROR', 'mchid 与请求签名中的商户号不一致')
      : undefined;

const readJson = (request: AuthenticatedRequest): Judged<unknown> => {
  if (!request.contentType.toLowerCase().startsWith('application/json'))
    return refuse(fail(400, 'INVALID_REQUEST', 'Http头Content-Type值必须为application/json'));
  try {
    return { ok: true, value: JSON.parse(request.body.toString('utf8')) };
  } catch {
    return refuse(fail(400, 'PARAM_ERROR', '请求体不是合法的JSON'));
  }
};

/** What WeChat answers an authenticated request, by route. */
export const answerRequest = (ledger: Ledger, account: { mchid: string; appid: string }) => {
  const place = (request: AuthenticatedRequest, tradeType: TradeType) => {
    const body = readJson(request);
    const order = body.ok ? readOrder(body.value, account, tradeType) : body;
    return order.ok ? ledger.place(order.value) : order.answer;
  };
  const handlers: Record<Route, (request: AuthenticatedRequest) => Answer> = {
    native: (request) => place(request, 'NATIVE'),
    jsapi: (request) => place(request, 'JSAPI'),
    h5: (request) => place(request, 'MWEB'),
    query: (request) =>
      mchidProblem(request.url.searchParams.get('mchid') ?? undefined, account.mchid) ??
      ledger.query(request.no),
    close(request) {
      const body = readJson(request);
      if (!body.ok) return body.answer;
      const mchid = isRecord(body.value) ? body.value.mchid : undefined;
      return mchidProblem(mchid, account.mchid) ?? ledger.close(request.no);
    },
    refund(request) {
      const body = readJson(request);
      const refund = body.ok ? readRefundRequest(body.value) : body;
      return refund.ok ? ledger.refund(refund.value) : refund.answer;
    },
    refundQuery: (request) => ledger.refundQuery(request.no),
  };
  return (request: AuthenticatedRequest) => handlers[request.route](request);
};
