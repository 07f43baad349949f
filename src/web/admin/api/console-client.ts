import { consoleApi } from '@contract/console';
import { CONTENT_IMAGE_UPLOAD_HEADER } from '@contract/content-image';
import type { Endpoint } from '@contract/envelope';
import { STAFF_MESSAGES } from '@contract/staff';
import type * as v from 'valibot';
import { HttpError, send, type Wording } from '../../api/transport';
import { toast } from '../../components/ui/toast';

/** A refused console call: its Chinese message, and the status (403 for a role, 409 for a state…). */
export class ConsoleError extends HttpError {}

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

/** How the console says a failed call (the server's `msg` first). */
const WORDING: Wording<ConsoleError> = {
  error: ConsoleError,
  offline: '网络连接失败，请稍后再试',
  refused: (_, statusText) => statusText || '操作失败',
  invalid: '服务器返回的数据有误，请稍后再试',
};

/**
 * The console's one HTTP client: the session travels in its HttpOnly cookie (never in script),
 * every write is JSON (the server refuses anything else), answers are parsed with the contract.
 */
export async function consoleCall<E extends AnyEndpoint>(
  endpoint: E,
  { params, query, body, quiet = false }: ConsoleCallOptions<E> = {},
): Promise<DataOf<E>> {
  const isGet = endpoint.method === 'GET';
  try {
    const answer = await send(
      {
        method: endpoint.method,
        path: pathOf(endpoint.path, params),
        // An empty filter is no filter, and an absent one is not sent.
        query: Object.fromEntries(
          Object.entries(query ?? {}).filter(([, value]) => value !== '' && value !== undefined),
        ),
        body: isGet ? undefined : { json: body ?? {} },
        credentials: 'same-origin',
        timeoutMs: 30_000,
      },
      endpoint.response,
      WORDING,
    );
    return (answer as { data: DataOf<E> }).data;
  } catch (error) {
    if (error instanceof ConsoleError && error.status === 401)
      onSignedOut(error.message || STAFF_MESSAGES.signInRequired);
    else if (!quiet && error instanceof ConsoleError) toast.error(error.message);
    throw error;
  }
}

/** What an upload says when it fails without the server's message (图片上传失败, 视频上传失败). */
export interface ConsoleUpload {
  failed: string;
  timeoutMs: number;
  /** The body's type when it is a file sent as it is (a film, captions); none for multipart. */
  type?: string;
}

/**
 * Sends a file to one of the console's uploads with the upload header (the server's proof that
 * the console's own script sent it) and answers the stored file's address. A refusal rejects with
 * the server's message, anything else with `failed`. A 401 goes the console's one way: the session
 * is asked again through consoleCall, whose handler takes the member to the sign-in page.
 */
export async function consoleUpload(
  endpoint: Endpoint<null, v.GenericSchema<unknown, { data: { url: string } }>>,
  file: Blob | FormData,
  { failed, timeoutMs, type }: ConsoleUpload,
): Promise<string> {
  try {
    const answer = await send(
      {
        method: 'POST',
        path: endpoint.path,
        body: type ? { raw: file, type } : { raw: file },
        headers: { [CONTENT_IMAGE_UPLOAD_HEADER]: '1' },
        credentials: 'same-origin',
        timeoutMs,
      },
      endpoint.response,
      // A 200 without the file's address is no upload, whatever its message says.
      { error: ConsoleError, offline: failed, refused: failed, invalid: failed },
    );
    return answer.data.url;
  } catch (error) {
    if (error instanceof ConsoleError && error.status === 401)
      await consoleCall(consoleApi.me, { quiet: true }).catch(() => undefined);
    throw error;
  }
}
