import { consoleApi } from '@contract/console';
import {
  CONTENT_IMAGE_MESSAGES,
  CONTENT_IMAGE_RULES,
  CONTENT_IMAGE_UPLOAD_HEADER,
  contentImageFileRefusal,
} from '@contract/content-image';
import * as v from 'valibot';
import { ConsoleError, consoleCall } from './console-client';

/** A camera's 10 MB over a slow line, and the server's three encodings. */
const UPLOAD_TIMEOUT_MS = 120_000;

const messageOf = (body: unknown): string | undefined =>
  typeof body === 'object' && body !== null && 'msg' in body && typeof body.msg === 'string' && body.msg
    ? body.msg
    : undefined;

/**
 * Sends one photograph to POST /admin/api/images (multipart, field `file`, the upload header) and
 * answers its address `/uploads/<id>`. A file the browser can already judge (type by its name,
 * size) is refused before sending; a refusal rejects with the server's Chinese message, a network
 * failure with 图片上传失败. A 401 goes the console's one way: the session is asked again through
 * consoleCall, whose handler takes the member to the sign-in page.
 */
export const uploadContentImage = async (file: File): Promise<string> => {
  const refusal = contentImageFileRefusal(file);
  if (refusal) throw new ConsoleError(refusal, 0);
  const form = new FormData();
  form.append(CONTENT_IMAGE_RULES.field, file, file.name);
  let response: Response;
  try {
    response = await fetch(new URL(consoleApi.uploadImage.path, window.location.origin), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { [CONTENT_IMAGE_UPLOAD_HEADER]: '1' },
      body: form,
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    });
  } catch {
    throw new ConsoleError(CONTENT_IMAGE_MESSAGES.failed, 0);
  }
  const json: unknown = await response.json().catch(() => null);
  const message = messageOf(json) ?? CONTENT_IMAGE_MESSAGES.failed;
  if (response.status === 401) {
    await consoleCall(consoleApi.me, { quiet: true }).catch(() => undefined);
    throw new ConsoleError(message, 401);
  }
  if (!response.ok) throw new ConsoleError(message, response.status);
  const parsed = v.safeParse(consoleApi.uploadImage.response, json);
  // A 200 without an image's address is no upload, whatever its message says.
  if (!parsed.success) throw new ConsoleError(CONTENT_IMAGE_MESSAGES.failed, response.status);
  return parsed.output.data.url;
};
