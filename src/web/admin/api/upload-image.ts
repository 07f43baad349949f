import { consoleApi } from '@contract/console';
import {
  CONTENT_IMAGE_MESSAGES,
  CONTENT_IMAGE_RULES,
  contentImageFileRefusal,
} from '@contract/content-image';
import { ConsoleError, consoleUpload } from './console-client';

/** A camera's 10 MB over a slow line, and the server's three encodings. */
const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * Sends one photograph to POST /admin/api/images (multipart, field `file`) and answers its
 * address `/uploads/<id>`. A file the browser can already judge (type by its name, size) is
 * refused before sending; a refusal rejects with the server's Chinese message, a network failure
 * with 图片上传失败.
 */
export const uploadContentImage = async (file: File): Promise<string> => {
  const refusal = contentImageFileRefusal(file);
  if (refusal) throw new ConsoleError(refusal, 0);
  const form = new FormData();
  form.append(CONTENT_IMAGE_RULES.field, file, file.name);
  return consoleUpload(consoleApi.uploadImage, form, {
    failed: CONTENT_IMAGE_MESSAGES.failed,
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
};
