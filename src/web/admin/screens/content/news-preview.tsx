import { useMemo } from 'react';
import { sanitizePreview } from './news-queries';

/**
 * What the site will show of the article's body: the HTML through the same sanitising policy as
 * the site and the server (a script, a handler, a picture from elsewhere are already gone here),
 * in the site's reading style.
 */
export function NewsPreview({ title, html }: { title: string; html: string }) {
  const safe = useMemo(() => sanitizePreview(html), [html]);
  return (
    <section
      aria-label="预览"
      className="flex flex-col gap-4 rounded-lg border-2 border-gold-light bg-paper p-8"
    >
      <p className="text-base text-ink-soft">预览：网站上显示的样子（已过滤不安全的内容）</p>
      <h2 className="font-serif text-3xl text-temple">{title || '（未填标题）'}</h2>
      {safe ? (
        <div
          className="flex max-w-3xl flex-col gap-4 text-lg leading-loose text-ink [&_a[href]]:text-temple [&_a[href]]:underline [&_h2]:text-2xl [&_h2]:font-semibold [&_img]:max-w-full [&_img]:rounded-md [&_ul]:list-disc [&_ul]:pl-8"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised just above by the article policy.
          dangerouslySetInnerHTML={{ __html: safe }}
        />
      ) : (
        <p className="text-lg text-ink-soft">（正文为空）</p>
      )}
    </section>
  );
}
