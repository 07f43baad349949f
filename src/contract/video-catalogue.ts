import * as v from 'valibot';
import { isCalendarDate } from './ceremony';
import { CONTENT_IMAGE_MESSAGES, contentImageId } from './content-image';
import { NEWS_EDIT_MESSAGES, NEWS_TEXT_LIMITS } from './news-editing';
import { textLine } from './wire';

/**
 * The video gallery (视频专区, news menu 6) as 内容 staff keep it in the console (issue 25, scope 2):
 * a film uploaded (WebM or MP4, judged by its bytes), its captions (WebVTT, webvtt.ts), a poster
 * (the photograph upload), title, description and date; a new video is a draft until published,
 * and 撤下 takes it off the site. A video is a news row of menu 6, so the site's gallery and detail
 * read it as before; its films are served from `/media/uploads/<name>` with byte ranges under
 * names that never change (a hash of the bytes). One rule set for the console's form and the server.
 */
export const VIDEO_CATALOGUE_MESSAGES = {
  titleEmpty: NEWS_EDIT_MESSAGES.titleEmpty,
  titleTooLong: NEWS_EDIT_MESSAGES.titleTooLong,
  descriptionTooLong: '简介最多100个字',
  textInvalid: NEWS_EDIT_MESSAGES.textInvalid,
  markup: NEWS_EDIT_MESSAGES.markup,
  dateInvalid: NEWS_EDIT_MESSAGES.dateInvalid,
  posterEmpty: '请上传视频封面',
  posterInvalid: CONTENT_IMAGE_MESSAGES.invalid,
  filmEmpty: '请上传视频文件',
  filmInvalid: '视频文件地址无效，请重新上传',
  captionsInvalid: '字幕文件地址无效，请重新上传',
  versionInvalid: NEWS_EDIT_MESSAGES.versionInvalid,
  publishInvalid: '请选择发布或撤下',
  notFound: '未找到该视频',
  // uploads
  filmType: '请上传 WebM 或 MP4 格式的视频',
  filmBroken: '视频文件不完整或已损坏，请重新导出后再上传',
  filmSize: '视频不能超过200MB，请压缩或剪短后再上传',
  filmMissing: '请选择视频文件',
  filmUploaded: '视频已上传',
  filmFailed: '视频上传失败，请稍后再试',
  filmHint: '支持 WebM、MP4，不超过200MB',
  captionsSize: '字幕文件不能超过512KB',
  captionsMissing: '请选择字幕文件',
  captionsType: '请上传 .vtt 格式的字幕文件（WebVTT）',
  captionsUploaded: '字幕已上传',
  captionsFailed: '字幕上传失败，请稍后再试',
  captionsHint: 'WebVTT 格式（.vtt），不超过512KB；可不上传',
} as const;

const M = VIDEO_CATALOGUE_MESSAGES;

export const VIDEO_UPLOAD_RULES = {
  /** 200 MB: a temple's short film in good quality; counted while it streams in (413 past it). */
  filmMaxBytes: 200 * 1024 * 1024,
  /** 512 KB of captions is hours of text. */
  captionsMaxBytes: 512 * 1024,
  filmAccept: '.webm,.mp4,video/webm,video/mp4',
  captionsAccept: '.vtt,text/vtt',
} as const;

/** Where uploaded films and captions are served: `/media/uploads/<32 hex>.<webm|mp4|vtt>`. */
export const VIDEO_UPLOAD_PREFIX = '/media/uploads/';
export const UPLOADED_MEDIA_FILE = /^[0-9a-f]{32}\.(?:webm|mp4|vtt)$/;
/** The films shipped with the server (the seed's): `/media/videos/<name>.webm`. */
export const SHIPPED_MEDIA = /^\/media\/videos\/[a-z0-9][a-z0-9-]{0,63}\.(?:webm|mp4|vtt)$/;

/** The header a console upload carries, as the photograph's does (content-image.ts). */
export { CONTENT_IMAGE_UPLOAD_HEADER as VIDEO_UPLOAD_HEADER } from './content-image';

/** A media address of ours of that kind: an upload or a shipped file. */
export const isMediaUrl = (url: string, kind: 'film' | 'captions'): boolean => {
  const ext = kind === 'film' ? /\.(?:webm|mp4)$/ : /\.vtt$/;
  if (!ext.test(url)) return false;
  if (url.startsWith(VIDEO_UPLOAD_PREFIX))
    return UPLOADED_MEDIA_FILE.test(url.slice(VIDEO_UPLOAD_PREFIX.length));
  return SHIPPED_MEDIA.test(url);
};

/** The captions shipped beside a shipped film (`/media/videos/1.webm` → `1.vtt`), or ''. */
export const shippedCaptionsOf = (film: string): string =>
  SHIPPED_MEDIA.test(film) && !film.endsWith('.vtt') ? film.replace(/\.\w+$/, '.vtt') : '';

/** A video as the form edits it (and the server stores it). */
export const videoDraftSchema = v.object(
  {
    title: textLine(M.titleEmpty, NEWS_TEXT_LIMITS.title, M.titleTooLong),
    /** The line under the title (the news row's subTitle). */
    description: textLine(null, NEWS_TEXT_LIMITS.subTitle, M.descriptionTooLong),
    /** The date the gallery shows (YYYY-MM-DD). */
    newDate: v.pipe(v.string(M.dateInvalid), v.check(isCalendarDate, M.dateInvalid)),
    /** An uploaded photograph (`/uploads/<id>`): the server checks it exists. */
    poster: v.pipe(
      v.string(M.posterEmpty),
      v.trim(),
      v.nonEmpty(M.posterEmpty),
      v.check((url) => contentImageId(url) !== null || url.startsWith('/images/'), M.posterInvalid),
    ),
    /** An uploaded film (the server checks it exists), or the shipped film a seed video has. */
    film: v.pipe(
      v.string(M.filmEmpty),
      v.trim(),
      v.nonEmpty(M.filmEmpty),
      v.check((url) => isMediaUrl(url, 'film'), M.filmInvalid),
    ),
    /** '' (no captions), an uploaded WebVTT, or the shipped captions of a seed video. */
    captions: v.pipe(
      v.string(M.captionsInvalid),
      v.trim(),
      v.check((url) => url === '' || isMediaUrl(url, 'captions'), M.captionsInvalid),
    ),
  },
  M.titleEmpty,
);
export type VideoDraft = v.InferOutput<typeof videoDraftSchema>;

const version = v.pipe(
  v.number(M.versionInvalid),
  v.integer(M.versionInvalid),
  v.minValue(1, M.versionInvalid),
);

export const videoSaveSchema = v.object({ video: videoDraftSchema, version }, M.versionInvalid);
export const videoPublishSchema = v.object(
  { published: v.boolean(M.publishInvalid), version },
  M.publishInvalid,
);

export const videoAnswerSchema = v.object({
  id: v.number(),
  version: v.number(),
  published: v.boolean(),
  video: v.object({
    title: v.string(),
    description: v.string(),
    newDate: v.string(),
    poster: v.string(),
    film: v.string(),
    captions: v.string(),
  }),
});
export type VideoAnswer = v.InferOutput<typeof videoAnswerSchema>;

export const videoRowSchema = v.object({
  id: v.number(),
  title: v.string(),
  newDate: v.string(),
  poster: v.string(),
  captions: v.boolean(),
  published: v.boolean(),
});
export type VideoRow = v.InferOutput<typeof videoRowSchema>;

/** What an upload answers: the file's address (the form then saves it) and its size in bytes. */
export const videoUploadAnswerSchema = v.object({
  url: v.string(),
  bytes: v.number(),
});
export type VideoUploadAnswer = v.InferOutput<typeof videoUploadAnswerSchema>;

/** The browser's first judgement of a chosen film (by name and size); the server judges the bytes. */
export const filmFileRefusal = (file: { name: string; size: number }): string | null => {
  if (!/\.(?:webm|mp4|m4v)$/i.test(file.name)) return M.filmType;
  if (file.size === 0) return M.filmMissing;
  return file.size > VIDEO_UPLOAD_RULES.filmMaxBytes ? M.filmSize : null;
};

/** The browser's first judgement of a chosen captions file; its text is then judged by webVttRefusal. */
export const captionsFileRefusal = (file: { name: string; size: number }): string | null => {
  if (!/\.vtt$/i.test(file.name)) return M.captionsType;
  return file.size > VIDEO_UPLOAD_RULES.captionsMaxBytes ? M.captionsSize : null;
};
