import { configureArticlePurifier } from '@contract/article-policy';

/**
 * The article policy (contract/article-policy.ts) on the server: DOMPurify needs a window, which
 * jsdom gives (DOMPurify's own recommendation for Node; happy-dom and linkedom parse HTML
 * differently from browsers, which is what a sanitiser must not do). jsdom rather than
 * isomorphic-dompurify: that package builds a global jsdom window as soon as it is imported and
 * brings a DOMPurify of its own, where this uses the one DOMPurify the site renders with, and
 * loads jsdom only when the first article is saved (a server that nobody edits news on never holds
 * its ~30 MB). One window and one configured instance are kept for the process.
 */
let sanitiser: Promise<(html: string) => string> | undefined;

const make = async () => {
  const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
  const { window } = new JSDOM('<!doctype html><html><body></body></html>');
  return configureArticlePurifier(
    createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]),
  );
};

/** An article's HTML made safe to store, by the same policy the site renders it with. */
export const sanitiseArticle = async (html: string): Promise<string> => {
  sanitiser ??= make().catch((error: unknown) => {
    sanitiser = undefined;
    throw error;
  });
  return (await sanitiser)(html);
};
