import * as v from 'valibot';
import { endpoint, mainEnvelope } from './envelope';

/**
 * The believer's photo (spec 001 sections 5, 8, 9; 002 section 7): one photo per believer, png,
 * gif, jpg or jpeg, under 2 MB. The upload is multipart (field `file`) and answers the photo's
 * site-relative URL, which the profile (and the join form) then stores as `photo`.
 */

export const PHOTO_RULES = {
  /** 2 MB: a photo of more bytes than this is refused (413), while it is still being received. */
  maxBytes: 2 * 1024 * 1024,
  /** The multipart field that carries the photo. */
  field: 'file',
  /** What the content is, judged by its first bytes (never by the name or the declared type). */
  types: ['image/png', 'image/gif', 'image/jpeg'] as const,
  /** What the browser's file chooser offers. */
  extensions: ['png', 'gif', 'jpg', 'jpeg'] as const,
} as const;
export type PhotoType = (typeof PHOTO_RULES.types)[number];

export const PHOTO_MESSAGES = {
  uploaded: '图片上传成功',
  failed: '图片上传失败',
  type: '请上传 png、gif、jpg 或 jpeg 格式的图片',
  size: '图片不能超过2MB',
  missing: '请选择图片',
  notFound: '图片不存在',
  /** A profile or membership names a photo that is not the believer's own current upload. */
  notOurs: '照片无效，请重新上传',
  /** The file carries more than its picture (a comment, data after its end): what a polyglot hides in. */
  hiddenContent: '图片中夹带了图片以外的内容，请换一张照片，或用相册另存后再上传',
  /** What the upload button states beside it: the types and the limit of PHOTO_RULES. */
  hint: `支持 ${PHOTO_RULES.extensions.join('、')}，不超过 ${PHOTO_RULES.maxBytes / (1024 * 1024)}MB`,
} as const;

/** The photo's address as the upload answers it: `/api/yxs-app/believer/photo/<id>`. */
export const PHOTO_URL_PREFIX = '/api/yxs-app/believer/photo/';
/** A photo's id: 32 lowercase hex digits (128 random bits). */
export const PHOTO_ID = /^[0-9a-f]{32}$/;
/** Is `url` one of our uploaded photos (the upload's answer), nothing else: no other site, no other path. */
export const isPhotoUrl = (url: string): boolean =>
  url.startsWith(PHOTO_URL_PREFIX) && PHOTO_ID.test(url.slice(PHOTO_URL_PREFIX.length));

/** The type the first bytes show (PNG, GIF87a/89a, JPEG FFD8FF), or null when it is none of them. */
export const sniffPhotoType = (head: Uint8Array): PhotoType | null => {
  const starts = (...bytes: number[]) => bytes.every((byte, i) => head[i] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x47, 0x49, 0x46, 0x38, 0x37, 0x61) || starts(0x47, 0x49, 0x46, 0x38, 0x39, 0x61))
    return 'image/gif';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  return null;
};

/** The browser's first check of a chosen file (the server judges again by its bytes). */
export const photoFileRefusal = (file: { name: string; size: number }): string | null => {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(PHOTO_RULES.extensions as readonly string[]).includes(extension)) return PHOTO_MESSAGES.type;
  if (file.size > PHOTO_RULES.maxBytes) return PHOTO_MESSAGES.size;
  if (file.size === 0) return PHOTO_MESSAGES.type;
  return null;
};

const ANSWER = '图片上传的答复有误';

/** The upload's answer: status, data.url (site-relative), msg 图片上传成功. */
export const photoUploadAnswer = mainEnvelope(
  v.object({ url: v.pipe(v.string(ANSWER), v.startsWith(PHOTO_URL_PREFIX, ANSWER)) }, ANSWER),
);
export type PhotoUploadAnswer = v.InferOutput<typeof photoUploadAnswer>;

export const photoApi = {
  /** Multipart, field `file`; needs the token (401 请重新登录 otherwise). */
  upload: endpoint({
    method: 'POST',
    path: '/api/yxs-app/believer/uploadPhoto',
    request: null,
    response: photoUploadAnswer,
  }),
};
