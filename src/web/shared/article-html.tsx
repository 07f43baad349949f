import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * Only what an article needs survives: no script, style, form or frame, no event handler, no
 * javascript: or data: address (DESIGN section 5). Pictures get an empty alt when they have none
 * (decorative, for screen readers), and a link that opens another tab
 * (any `target`) opens a new one that cannot reach back to the site.
 */
const purifier = DOMPurify();
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'IMG' && !node.hasAttribute('alt')) node.setAttribute('alt', '');
  if (node.tagName === 'A' && node.hasAttribute('target')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/** The article's HTML made safe to show: the one place the site turns stored HTML into markup. */
export const sanitizeArticle = (html: string): string =>
  purifier.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
    ADD_ATTR: ['target'],
  });

export interface ArticleHtmlProps {
  html: string;
  className?: string;
}

/** A news or video article's body (sanitised), in the site's reading style: large text, spaced paragraphs. */
export function ArticleHtml({ html, className = '' }: ArticleHtmlProps) {
  const safe = useMemo(() => sanitizeArticle(html), [html]);
  return (
    <div
      className={`flex flex-col gap-4 text-lg leading-loose text-ink [&_a[href]]:text-temple [&_a[href]]:underline [&_img]:max-w-full [&_img]:rounded-md ${className}`}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is sanitised by DOMPurify just above.
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
