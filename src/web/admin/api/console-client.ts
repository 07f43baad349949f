import type { Endpoint } from '@contract/envelope';
import { STAFF_MESSAGES } from '@contract/staff';
import * as v from 'valibot';
import { toast } from '../../components/ui/toast';

/** A refused console call: its Chinese message, and the status (403 for a role, 409 for a state…). */
export class ConsoleError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

type AnyEndpoint = Endpoint<v.GenericSchema | null, v.GenericSchema>;
type BodyOf<E extends AnyEndpoint> = E['request'] extends v.GenericSchema
  ? v.InferInput<E['request']>
  : undefined;
type DataOf<E extends AnyEndpoint> = v.InferOutput<E['response']> extends { data: infer D } ? D : never;

export interface ConsoleCallOptions<E extends AnyEndpoint> {
  /** Values for the path's `:name` parts. */
  params?: Record<string, string | number>;
  /** The query string of a GET. */
  query?: Record<string, string | number | undefined>;
  body?: BodyOf<E>;
  /** Reject without a toast (the caller shows the message beside a field or in a dialog). */
  quiet?: boolean;
}

let onSignedOut: (message: string) => void = () => {};
/** What a 401 does: the shell goes to the sign-in page with the message. */
export const setSignedOutHandler = (handler: (message: string) => void) => {
  onSignedOut = handler;
};

/** A path with its `:name` parts filled in (each encoded). */
export const pathOf = (path: string, params: Record<string, string | number> = {}) =>
  path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));

/**
 * The console's one HTTP client: the session travels in its HttpOnly cookie (never in script),
 * every write is JSON (the server refuses anything else), answers are parsed with the contract.
 */
export async function consoleCall<E extends AnyEndpoint>(
  endpoint: E,
  { params, query, body, quiet = false }: ConsoleCallOptions<E> = {},
): Promise<DataOf<E>> {
  const fail = (message: string, status: number): never => {
    if (!quiet) toast.error(message);
    throw new ConsoleError(message, status);
  };
  const url = new URL(pathOf(endpoint.path, params), window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method: endpoint.method,
      credentials: 'same-origin',
      headers: endpoint.method === 'GET' ? {} : { 'Content-Type': 'application/json' },
      body: endpoint.method === 'GET' ? undefined : JSON.stringify(body ?? {}),
      signal: AbortSignal.timeout(30_000),
    });
  } catch {
    return fail('网络连接失败，请稍后再试', 0);
  }
  const json = (await response.json().catch(() => null)) as { msg?: string } | null;
  const message = json?.msg || response.statusText || '操作失败';
  if (response.status === 401) {
    onSignedOut(message || STAFF_MESSAGES.signInRequired);
    throw new ConsoleError(message, 401);
  }
  if (!response.ok) return fail(message, response.status);
  const parsed = v.safeParse(endpoint.response, json);
  if (!parsed.success) return fail('服务器返回的数据有误，请稍后再试', response.status);
  return (parsed.output as { data: DataOf<E> }).data;
}
