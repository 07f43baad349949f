/** What the gallery and the detail page say (002 sections 2 and 8). */
export const VIDEO_MESSAGES = {
  /** Verbatim from the spec: the film cannot be played. */
  unplayable: '此视频暂无法播放，请稍后再试',
  listFailed: '视频加载失败，请稍后再试',
  detailFailed: '视频加载失败，请稍后再试',
  notFound: '该视频不存在或已下线',
} as const;

/** The playback rates offered (002 section 9). */
export const PLAYBACK_RATES = [1, 2, 3] as const;

/**
 * The `info` search parameter (002 section 2: the poster image) comes from the address bar, so it
 * is used only when it is a path on this site: one leading slash (not `//host`), no backslash, no
 * spaces or control characters, and not too long. Anything else is dropped.
 */
export const sameSitePath = (value: string): boolean =>
  // After the slash: printable ASCII but the backslash (!-[ and ]-~), or any non-ASCII letter.
  value.length <= 500 && /^\/(?![/\\])[!-[\]-~\u00a0-\uffff]*$/.test(value);

/** The id of `/videoDetail/$id`: a positive whole number, else `null` (no such video). */
export const videoIdOf = (param: string): number | null =>
  /^[1-9]\d{0,8}$/.test(param) ? Number(param) : null;
