import * as v from 'valibot';
import { CONTENT_IMAGE_PREFIX, contentImageId } from './image-sources';

/**
 * The temple's own photographs (issue 25): uploaded by 内容 staff in the console, re-encoded by the
 * server into WebP at a few widths (never larger than the upload), and shown on the site with a
 * `srcset`, so a card loads a small copy and a detail page a large one. A catalogue row or an
 * article stores the image's address `/uploads/<id>`; each width is `/uploads/<id>-<width>.webp`.
 * Any other address (the drawn art under `/images/…svg`, an older absolute URL) is shown as it is.
 */

export {
  CONTENT_IMAGE_ID,
  CONTENT_IMAGE_PREFIX,
  CONTENT_IMAGE_WIDTHS,
  type ContentImageWidth,
  contentImageId,
  contentImageWidthUrl,
  imageSources,
} from './image-sources';

export const CONTENT_IMAGE_RULES = {
  /** 10 MB: a camera's full-size JPEG fits; larger is refused (413) while it is still arriving. */
  maxBytes: 10 * 1024 * 1024,
  /** The multipart field that carries the image. */
  field: 'file',
  extensions: ['jpg', 'jpeg', 'png', 'webp'] as const,
} as const;

export const CONTENT_IMAGE_MESSAGES = {
  uploaded: '图片已上传',
  failed: '图片上传失败，请稍后再试',
  type: '请上传 jpg、png 或 webp 格式的图片',
  size: '图片不能超过10MB',
  tooSmall: '图片太小，宽度至少480像素',
  /** The file carries more than its picture (a JPEG comment, data after its end): what a polyglot hides in. */
  hiddenContent: '图片含有注释或文件末尾的附加数据，请另存为普通图片后再上传',
  missing: '请选择图片',
  notFound: '图片不存在',
  /** A form names an image address that is neither an upload of ours nor the drawn art. */
  invalid: '图片地址无效，请重新上传',
  hint: '支持 jpg、png、webp，宽度至少480像素，不超过10MB',
} as const;

/**
 * The header a console upload carries (any value): a page of another site cannot send it without
 * the server's CORS consent, which it never gives. The upload is multipart, not JSON, so this stands
 * in for the console's JSON-only rule against a form posted from elsewhere.
 */
export const CONTENT_IMAGE_UPLOAD_HEADER = 'X-Temple-Upload';

/** The address of an uploaded image: `/uploads/<id>`. */
export const contentImageUrl = (id: string) => `${CONTENT_IMAGE_PREFIX}${id}`;

const ANSWER = '图片上传的答复有误';

/** What an upload answers: the image's address, which a content form then stores. */
export const contentImageUploadSchema = v.object(
  {
    url: v.pipe(
      v.string(ANSWER),
      v.check((url) => contentImageId(url) !== null, ANSWER),
    ),
  },
  ANSWER,
);
export type ContentImageUpload = v.InferOutput<typeof contentImageUploadSchema>;

/** What the console's file chooser offers. */
export const CONTENT_IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp';

/** The browser's first check of a chosen file (the server judges again by its bytes and pixels). */
export const contentImageFileRefusal = (file: { name: string; size: number }): string | null => {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(CONTENT_IMAGE_RULES.extensions as readonly string[]).includes(extension))
    return CONTENT_IMAGE_MESSAGES.type;
  if (file.size > CONTENT_IMAGE_RULES.maxBytes) return CONTENT_IMAGE_MESSAGES.size;
  if (file.size === 0) return CONTENT_IMAGE_MESSAGES.type;
  return null;
};
