import { AUTH_MESSAGES } from '@contract/auth-messages';
import type { Endpoint } from '@contract/envelope';
import type * as v from 'valibot';
import { toast } from '../components/ui/toast';
import { sessionStore } from './session';
import { HttpError, send, type Wording } from './transport';

/** A rejected call: the message has already been shown to the believer. */
export class ApiError extends HttpError {}

type AnyEndpoint = Endpoint<v.GenericSchema | null, v.GenericSchema>;
type RequestOf<E extends AnyEndpoint> = E['request'] extends v.GenericSchema
  ? v.InferInput<E['request']>
  : undefined;
type ResponseOf<E extends AnyEndpoint> = v.InferOutput<E['response']>;

interface ClientOptions {
  timeoutMs: number;
  /** The main client sends `Bearer <token>`, the portal client the bare token. */
  authorization: (token: string) => string;
  /** Main client: a body whose code or status is not 200 is a refusal (toast + reject). Portal: data as is. */
  isRefusal?: (body: unknown) => boolean;
}

let onUnauthorized: (message: string) => void = () => {};
/** The app tells the clients what a 401 does after the session is cleared (go to /login). */
export const setUnauthorizedHandler = (handler: (message: string) => void) => {
  onUnauthorized = handler;
};

/** What the server reads as a call of the site's own script (not a form posted from elsewhere). */
const REQUESTED_WITH = { 'X-Requested-With': 'XMLHttpRequest' } as const;

/** The believer's token as a client sends it, with the site's own-script header. */
export const believerHeaders = (
  authorization: (token: string) => string = (token) => `Bearer ${token}`,
): Record<string, string> => {
  const token = sessionStore.token();
  return token ? { ...REQUESTED_WITH, Authorization: authorization(token) } : { ...REQUESTED_WITH };
};

/** How the site says a failed call (the server's `msg` first). */
const siteWording = (isRefusal: ClientOptions['isRefusal']): Wording<ApiError> => ({
  error: ApiError,
  offline: (error, timedOut) => (timedOut ? '请求超时，请稍后再试' : (error as Error).message || 'Error'),
  refused: (status, statusText) => (status === 401 ? AUTH_MESSAGES.unauthorized : statusText),
  ...(isRefusal ? { isRefusal } : {}),
  invalid: '服务器返回的数据有误，请稍后再试',
});

/**
 * The session's first 401 ends it and speaks; the others (calls in flight with the same token,
 * or sent once it had ended, here or in another tab) reject quietly.
 */
const endSession = (token: string | null, message: string) => {
  if (token && sessionStore.token() === token) {
    sessionStore.clear();
    onUnauthorized(message);
  }
};

export interface CallOptions {
  /** Reject without a toast: the 1-second payment poll counts a failed query as "not paid yet". */
  quiet?: boolean;
  /** Headers of this call only (e.g. the order's `Idempotency-Key`). */
  headers?: Record<string, string>;
}

const createClient = (options: ClientOptions) => {
  const wording = siteWording(options.isRefusal);
  return async function call<E extends AnyEndpoint>(
    endpoint: E,
    input?: RequestOf<E>,
    { quiet = false, headers = {} }: CallOptions = {},
  ): Promise<ResponseOf<E>> {
    const token = sessionStore.token();
    const isGet = endpoint.method === 'GET';
    const body =
      isGet || input === undefined
        ? undefined
        : endpoint.encoding === 'jsonObject'
          ? { jsonObject: input }
          : { json: input };
    try {
      return await send(
        {
          method: endpoint.method,
          path: endpoint.path,
          query: isGet ? (input as Record<string, unknown> | undefined) : undefined,
          body,
          headers: { ...headers, ...believerHeaders(options.authorization) },
          timeoutMs: options.timeoutMs,
        },
        endpoint.response,
        wording,
      );
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 401) endSession(token, error.message);
      else if (!quiet) toast.error(error.message);
      throw error;
    }
  };
};

const isSuccessBody = (body: unknown): boolean => {
  const answer = body as { code?: unknown; status?: unknown } | null;
  return answer?.code === 200 || answer?.status === 200;
};

/** The main app server (`/api/...`): 50 s, Bearer token, success when code or status is 200. */
export const mainClient = createClient({
  timeoutMs: 50_000,
  authorization: (token) => `Bearer ${token}`,
  isRefusal: (body) => !isSuccessBody(body),
});

/** The portal (`/portal/...` paths of the contract): 5 s, the bare token, data as is. */
export const portalClient = createClient({
  timeoutMs: 5_000,
  authorization: (token) => token,
});
