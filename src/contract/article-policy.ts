import type { Config, DOMPurify } from 'dompurify';
import {
  CONTENT_IMAGE_ID,
  CONTENT_IMAGE_PREFIX,
  CONTENT_IMAGE_WIDTHS,
  contentImageId,
  imageSources,
} from './content-image';

/**
 * The one sanitising policy of an article's HTML (issue 25: "sanitised on save and on render with
 * the same DOMPurify policy"). The server runs it when the console saves an article (DOMPurify
 * over a jsdom window), the site and the console's preview when they show one (DOMPurify over the
 * browser's window); both configure their instance here. Type imports only: the contract loads no
 * DOMPurify of its own, each side passes the instance it made.
 *
 * What survives: the text blocks an article needs (paragraphs, headings, lists, quotes, emphasis,
 * links, pictures, simple tables); no script, style, form, frame or media element, no event
 * handler, no class, id or style attribute, no javascript: or data: address (DESIGN section 5).
 * - A picture must be the temple's own: an upload (`/uploads/<id>` or one of its widths) or the
 *   drawn art (`/images/<motif>.svg`). Any other picture (another site's, a data: URI, a broken
 *   `src=x`) is removed whole: it would load from elsewhere or show as broken. An upload is
 *   written as its 960 px width with every width in `srcset`, lazy; `alt` is kept or made empty.
 * - A link that opens another tab (any `target`) opens a new one that cannot reach back to the
 *   site (`target=_blank rel="noopener noreferrer"`).
 * Sanitising what was already sanitised gives the same HTML (the render of a saved article).
 */

const ALLOWED_TAGS = [
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'span',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'hr',
  'img',
  'figure',
  'figcaption',
  'table',
  'caption',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];
const ALLOWED_ATTR = ['href', 'target', 'rel', 'src', 'alt', 'title', 'colspan', 'rowspan'];

/** The DOMPurify settings of an article (the hooks below do the rest). */
export const ARTICLE_POLICY: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  RETURN_DOM: false,
  RETURN_DOM_FRAGMENT: false,
};

/** The `sizes` of an article's picture: the reading column is at most about 800 px wide. */
export const ARTICLE_IMAGE_SIZES = '(min-width: 900px) 800px, 100vw';

const UPLOAD_WIDTH = new RegExp(
  `^${CONTENT_IMAGE_PREFIX}([0-9a-f]{24})-(${CONTENT_IMAGE_WIDTHS.join('|')})\\.webp$`,
);
/** The drawn art the server makes (`/images/<motif>.svg?title=…&tone=…`). */
export const DRAWN_ART = /^\/images\/[a-z]+\.svg(?:\?[A-Za-z0-9%&=._~-]*)?$/;

/** The upload's address (`/uploads/<id>`) of a picture's `src` (the upload or one of its widths), if it is one. */
export const uploadAddressOf = (src: string): string | null => {
  const id = src.startsWith(CONTENT_IMAGE_PREFIX) ? src.slice(CONTENT_IMAGE_PREFIX.length) : '';
  if (CONTENT_IMAGE_ID.test(id)) return src;
  const width = UPLOAD_WIDTH.exec(src);
  return width ? `${CONTENT_IMAGE_PREFIX}${width[1]}` : null;
};

/** Whether an article may show a picture from `src`: an upload of ours or the drawn art. */
export const articlePictureAllowed = (src: string): boolean =>
  uploadAddressOf(src) !== null || DRAWN_ART.test(src);

/** Whether a cover (a list's picture) may be `src`: an upload's own address or the drawn art. */
export const coverPictureAllowed = (src: string): boolean =>
  contentImageId(src) !== null || DRAWN_ART.test(src);

/** The uploads an article's HTML shows (their `/uploads/<id>` addresses), for the server's check that they exist. */
export const articleUploads = (html: string): string[] => {
  const found = new Set<string>();
  for (const match of html.matchAll(/\bsrc="([^"]*)"/g)) {
    const address = uploadAddressOf(match[1] ?? '');
    if (address) found.add(address);
  }
  return [...found];
};

/**
 * Sets the article policy's hooks on `purify` (an instance made for one window) and answers the
 * sanitiser: HTML in, safe HTML out. Call it once per instance.
 */
export const configureArticlePurifier = (purify: DOMPurify): ((html: string) => string) => {
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'IMG') {
      const src = node.getAttribute('src') ?? '';
      if (!articlePictureAllowed(src)) {
        node.parentNode?.removeChild(node);
        return;
      }
      // Written in one order whatever came in, so that a second pass gives the same HTML.
      const alt = node.getAttribute('alt') ?? '';
      const title = node.getAttribute('title');
      for (const name of [...node.getAttributeNames()]) node.removeAttribute(name);
      const upload = uploadAddressOf(src);
      const sources = upload ? imageSources(upload) : { src };
      node.setAttribute('src', sources.src);
      if (sources.srcSet) {
        node.setAttribute('srcset', sources.srcSet);
        node.setAttribute('sizes', ARTICLE_IMAGE_SIZES);
      }
      node.setAttribute('alt', alt);
      if (title) node.setAttribute('title', title);
      node.setAttribute('loading', 'lazy');
    }
    if (node.tagName === 'A') {
      if (node.hasAttribute('target')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      } else node.removeAttribute('rel');
    }
  });
  return (html) => purify.sanitize(html, ARTICLE_POLICY) as unknown as string;
};
