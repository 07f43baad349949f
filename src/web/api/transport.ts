import * as v from 'valibot';

/** A call that failed: the Chinese message to show, and the HTTP status (0 when it never arrived). */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** One request to this site's server (the believers' API, the console's, an upload). */
export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT';
  /** A path of this origin (`/api/...`, `/admin/api/...`) with its `:name` parts filled in. */
  path: string;
  /** The query string; a value that is undefined or null is left out. */
  query?: Readonly<Record<string, unknown>> | undefined;
  /**
   * `json`: a JSON body; `jsonObject`: a form whose field `jsonObject` holds the JSON (the
   * portal's order calls); `raw`: a file or form data sent as it is, with its type if it has one.
   */
  body?: { json: unknown } | { jsonObject: unknown } | { raw: Blob | FormData; type?: string } | undefined;
  headers?: Readonly<Record<string, string>>;
  /** `same-origin` sends the console's HttpOnly session cookie. */
  credentials?: RequestCredentials;
  /** The call gives up after this long (a `TimeoutError`, said as `offline`). */
  timeoutMs: number;
}

/** How a caller's failures are said: its error class and its Chinese messages. */
export interface Wording<E extends HttpError> {
  error: new (message: string, status: number) => E;
  /** The call never reached the server: timed out, or the network failed. */
  offline: string | ((error: unknown, timedOut: boolean) => string);
  /** A non-2xx answer without a message of its own (its status and status text). */
  refused: string | ((status: number, statusText: string) => string);
  /** A 2xx answer that refuses all the same (the main app's code/status not 200): said with its `msg`. */
  isRefusal?: (body: unknown) => boolean;
  /** A 2xx answer that does not match the contract's schema. */
  invalid: string;
}

/** The server's message in an answer's body (`{ msg: '…' }`), when it has one. */
export const messageOf = (body: unknown): string | undefined =>
  typeof body === 'object' && body !== null && 'msg' in body && typeof body.msg === 'string' && body.msg
    ? body.msg
    : undefined;

const say = <A extends unknown[]>(message: string | ((...args: A) => string), ...args: A) =>
  typeof message === 'string' ? message : message(...args);

const encode = (request: HttpRequest): { body?: BodyInit; type?: string } => {
  const { body } = request;
  if (!body) return {};
  if ('json' in body) return { body: JSON.stringify(body.json), type: 'application/json' };
  if ('jsonObject' in body)
    return {
      body: new URLSearchParams({ jsonObject: JSON.stringify(body.jsonObject) }).toString(),
      type: 'application/x-www-form-urlencoded',
    };
  return body.type ? { body: body.raw, type: body.type } : { body: body.raw };
};

/**
 * Sends one request and answers its body parsed with `schema`. Every failure rejects with the
 * caller's error class and a message a believer or a clerk can read: the server's `msg` when it
 * gave one, else the caller's wording (offline, refused, invalid); the status is 0 when the call
 * never arrived. A 401 rejects like any refusal: what it does to a session is the caller's.
 */
export async function send<S extends v.GenericSchema, E extends HttpError>(
  request: HttpRequest,
  schema: S,
  wording: Wording<E>,
): Promise<v.InferOutput<S>> {
  const url = new URL(request.path, window.location.origin);
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  const { body, type } = encode(request);
  const headers: Record<string, string> = { ...request.headers };
  if (type) headers['Content-Type'] = type;
  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method,
      headers,
      body,
      ...(request.credentials ? { credentials: request.credentials } : {}),
      signal: AbortSignal.timeout(request.timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new wording.error(say(wording.offline, error, timedOut), 0);
  }
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok)
    throw new wording.error(
      messageOf(json) ?? say(wording.refused, response.status, response.statusText),
      response.status,
    );
  if (wording.isRefusal?.(json)) throw new wording.error(messageOf(json) ?? 'Error', response.status);
  const parsed = v.safeParse(schema, json);
  if (!parsed.success) throw new wording.error(wording.invalid, response.status);
  return parsed.output;
}
