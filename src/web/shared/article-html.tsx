import { configureArticlePurifier } from '@contract/article-policy';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * The article policy (contract/article-policy.ts: the same one the server applies when the console
 * saves an article) over the browser's window: only what an article needs survives, pictures only
 * from our uploads or the drawn art, and a link that opens another tab cannot reach back.
 */
export const sanitizeArticle = configureArticlePurifier(DOMPurify());

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
