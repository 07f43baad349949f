import { imageSources } from '@contract/image-sources';

const preloaded = new Set<string>();

/**
 * Starts fetching a page's largest picture while the page's own code still loads: a route's
 * loader knows the image's address (from its data) before the component can render the <img>.
 * The same `sizes` as the <img>'s, so the browser picks the same width and fetches it once.
 */
export const preloadImage = (src: string, sizes: string): void => {
  if (!src || preloaded.has(src) || typeof document === 'undefined') return;
  preloaded.add(src);
  const sources = imageSources(src);
  const link = document.createElement('link');
  const attributes: Record<string, string> = sources.srcSet
    ? { rel: 'preload', as: 'image', fetchpriority: 'high', imagesrcset: sources.srcSet, imagesizes: sizes }
    : { rel: 'preload', as: 'image', fetchpriority: 'high', href: sources.src };
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  document.head.append(link);
};
