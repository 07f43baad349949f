import { imageSources } from '@contract/image-sources';

/** The drawn art's motifs (src/server/images/seed-image.ts): the picture of an item with no photograph. */
export type DrawnMotif = 'lotus' | 'pagoda' | 'buddha' | 'lamp' | 'mountain' | 'tablet';

/** The drawn art of `motif`, titled (the server draws it; no image is fetched from elsewhere). */
export const drawnArt = (motif: DrawnMotif, title = '', tone = 0) =>
  `/images/${motif}.svg?title=${encodeURIComponent(title)}&tone=${tone}`;

export interface TempleImageProps {
  /** The image's address: an upload `/uploads/<id>` (every width offered), the drawn art, or '' (none). */
  src: string;
  /** What shows when `src` is '': the drawn art of the item's kind. */
  fallback?: string | undefined;
  alt: string;
  /** How wide it shows, as the `sizes` attribute says it ("(min-width: 1024px) 360px, 100vw"). */
  sizes: string;
  /** The first image above the fold (the page's largest paint): fetched at once and first. */
  priority?: boolean | undefined;
  className?: string | undefined;
  /** Its own proportions, so the browser keeps its box before it loads (8:5 unless told). */
  width?: number | undefined;
  height?: number | undefined;
}

/**
 * Every picture of the site: an upload offers its three widths (`srcSet` with `sizes`, so a card
 * loads 480 pixels and a detail page 960 or 1600); the drawn art is shown as it is. Below the
 * fold it loads when near (`loading="lazy"`) and decodes off the main thread; the `priority`
 * image loads at once with high priority. Width and height (with the caller's aspect or size
 * classes) keep its box, so nothing moves when it arrives.
 */
export function TempleImage({
  src,
  fallback = '',
  alt,
  sizes,
  priority = false,
  className,
  width = 1600,
  height = 1000,
}: TempleImageProps) {
  const sources = imageSources(src || fallback);
  return (
    // In this order: lazy loading and `sizes` are known before a source is, so the browser fetches
    // the right width once (some browsers start on `src` or `srcSet` as soon as it is set).
    <img
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'auto' : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
      sizes={sources.srcSet ? sizes : undefined}
      srcSet={sources.srcSet}
      src={sources.src}
      alt={alt}
      width={width}
      height={height}
      className={className}
    />
  );
}
