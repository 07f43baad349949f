import { authApi } from '@contract/auth';
import type { Endpoint } from '@contract/envelope';
import { PHOTO_MESSAGES, PHOTO_RULES, photoApi } from '@contract/photo';
import type * as v from 'valibot';
import { ApiError, believerHeaders, mainClient } from '../../api/client';
import { send } from '../../api/transport';

const UPLOAD_TIMEOUT_MS = 50_000;

/**
 * Sends one photo (multipart, field `file`) and answers its site-relative URL. A refusal rejects
 * with the server's message (图片上传失败 when it gives none). A 401 is handed to the API client,
 * which asks the server who is logged in with the same token, clears the session and goes to
 * /login as for every other call. `api` is the upload of another use (the volunteer's photo).
 */
export const uploadPhoto = async (
  file: File,
  api: Endpoint<null, v.GenericSchema<unknown, { data: { url: string } }>> = photoApi.upload,
): Promise<string> => {
  const form = new FormData();
  form.append(PHOTO_RULES.field, file, file.name);
  try {
    const answer = await send(
      {
        method: 'POST',
        path: api.path,
        body: { raw: form },
        headers: believerHeaders(),
        timeoutMs: UPLOAD_TIMEOUT_MS,
      },
      api.response,
      // A 200 without a photo's URL is no upload, whatever its message says.
      {
        error: ApiError,
        offline: PHOTO_MESSAGES.failed,
        refused: PHOTO_MESSAGES.failed,
        invalid: PHOTO_MESSAGES.failed,
      },
    );
    return answer.data.url;
  } catch (error) {
    // The client's one 401 path: the same token answers 401 there too, and the client takes over.
    if (error instanceof ApiError && error.status === 401)
      await mainClient(authApi.me, undefined, { quiet: true }).catch(() => undefined);
    throw error;
  }
};
