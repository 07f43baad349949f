import { authApi } from '@contract/auth';
import type { Endpoint } from '@contract/envelope';
import { PHOTO_MESSAGES, PHOTO_RULES, photoApi } from '@contract/photo';
import * as v from 'valibot';
import { ApiError, mainClient } from '../../api/client';
import { sessionStore } from '../../api/session';

const UPLOAD_TIMEOUT_MS = 50_000;

const messageOf = (body: unknown): string | undefined =>
  typeof body === 'object' && body !== null && 'msg' in body && typeof body.msg === 'string' && body.msg
    ? body.msg
    : undefined;

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
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
  const token = sessionStore.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(new URL(api.path, window.location.origin), {
      method: 'POST',
      headers,
      body: form,
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    });
  } catch {
    throw new ApiError(PHOTO_MESSAGES.failed, 0);
  }
  const json: unknown = await response.json().catch(() => null);
  if (response.status === 401) {
    const message = messageOf(json) ?? PHOTO_MESSAGES.failed;
    // The client's one 401 path: the same token answers 401 there too, and the client takes over.
    await mainClient(authApi.me, undefined, { quiet: true }).catch(() => undefined);
    throw new ApiError(message, 401);
  }
  if (!response.ok) throw new ApiError(messageOf(json) ?? PHOTO_MESSAGES.failed, response.status);
  const parsed = v.safeParse(api.response, json);
  // A 200 without a photo's URL is no upload, whatever its message says.
  if (!parsed.success) throw new ApiError(PHOTO_MESSAGES.failed, response.status);
  return parsed.output.data.url;
};
