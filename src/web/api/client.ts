import { AUTH_MESSAGES } from '@contract/auth-messages';
import type { Endpoint } from '@contract/envelope';
import * as v from 'valibot';
import { toast } from '../components/ui/toast';
import { sessionStore } from './session';

/** A rejected call: the message has already been shown to the believer. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

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
  isRefusal: (body: unknown) => boolean;
}

let onUnauthorized: (message: string) => void = () => {};
/** The app tells the clients what a 401 does after the session is cleared (go to /login). */
export const setUnauthorizedHandler = (handler: (message: string) => void) => {
  onUnauthorized = handler;
};

const messageOf = (body: unknown): string | undefined =>
  typeof body === 'object' && body !== null && 'msg' in body && typeof body.msg === 'string' && body.msg
    ? body.msg
    : undefined;

export interface CallOptions {
  /** Reject without a toast: the 1-second payment poll counts a failed query as "not paid yet". */
  quiet?: boolean;
  /** Headers of this call only (e.g. the order's `Idempotency-Key`). */
  headers?: Record<string, string>;
}

const createClient = (options: ClientOptions) =>
  async function call<E extends AnyEndpoint>(
    endpoint: E,
    input?: RequestOf<E>,
    { quiet = false, headers: extraHeaders = {} }: CallOptions = {},
  ): Promise<ResponseOf<E>> {
    const failure = (message: string, status: number): never => {
      if (!quiet) toast.error(message);
      throw new ApiError(message, status);
    };
    const url = new URL(endpoint.path, window.location.origin);
    const headers: Record<string, string> = { ...extraHeaders, 'X-Requested-With': 'XMLHttpRequest' };
    const token = sessionStore.token();
    if (token) headers.Authorization = options.authorization(token);
    let body: string | undefined;
    if (endpoint.method === 'GET') {
      for (const [key, value] of Object.entries((input ?? {}) as Record<string, unknown>)) {
        if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
      }
    } else if (input !== undefined && endpoint.encoding === 'jsonObject') {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams({ jsonObject: JSON.stringify(input) }).toString();
    } else if (input !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(input);
    }

    let response: Response;
    try {
      response = await fetch(url, {
        method: endpoint.method,
        headers,
        body,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      return failure(timedOut ? '请求超时，请稍后再试' : (error as Error).message || 'Error', 0);
    }
    const json: unknown = await response.json().catch(() => null);

    if (response.status === 401) {
      const message = messageOf(json) ?? AUTH_MESSAGES.unauthorized;
      // The session's first 401 ends it and speaks; the others (calls in flight with the same
      // token, or sent once it had ended, here or in another tab) reject quietly.
      if (token && sessionStore.token() === token) {
        sessionStore.clear();
        onUnauthorized(message);
      }
      throw new ApiError(message, 401);
    }
    if (!response.ok) return failure(messageOf(json) ?? response.statusText ?? 'Error', response.status);
    if (options.isRefusal(json)) return failure(messageOf(json) ?? 'Error', response.status);
    const parsed = v.safeParse(endpoint.response, json);
    if (!parsed.success) return failure('服务器返回的数据有误，请稍后再试', response.status);
    return parsed.output;
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
  isRefusal: () => false,
});
