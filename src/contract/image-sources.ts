/**
 * The addresses of the temple's uploaded photographs (issue 25), alone in a module so that a page
 * of the site that shows pictures loads only these few lines, not the console's upload rules and
 * messages (content-image.ts, which re-exports them). `/uploads/<id>` is an image; each width is
 * `/uploads/<id>-<width>.webp`.
 */

/** Where the uploaded images are served from. */
export const CONTENT_IMAGE_PREFIX = '/uploads/';
/** An uploaded image's id: 24 lowercase hex digits (96 random bits). */
export const CONTENT_IMAGE_ID = /^[0-9a-f]{24}$/;
/** The widths each upload is kept at (an upload narrower than one is kept at its own width there: never enlarged). */
export const CONTENT_IMAGE_WIDTHS = [480, 960, 1600] as const;
export type ContentImageWidth = (typeof CONTENT_IMAGE_WIDTHS)[number];

/** The id of an uploaded image's address, or null when `url` is not one. */
export const contentImageId = (url: string): string | null => {
  if (!url.startsWith(CONTENT_IMAGE_PREFIX)) return null;
  const id = url.slice(CONTENT_IMAGE_PREFIX.length);
  return CONTENT_IMAGE_ID.test(id) ? id : null;
};

/** The address of one width of an uploaded image. */
export const contentImageWidthUrl = (id: string, width: ContentImageWidth) =>
  `${CONTENT_IMAGE_PREFIX}${id}-${width}.webp`;

/** The `src` and `srcSet` of an image address: every width of an upload, or the address itself. */
export const imageSources = (url: string): { src: string; srcSet?: string } => {
  const id = contentImageId(url);
  if (!id) return { src: url };
  return {
    src: contentImageWidthUrl(id, 960),
    srcSet: CONTENT_IMAGE_WIDTHS.map((width) => `${contentImageWidthUrl(id, width)} ${width}w`).join(', '),
  };
};
