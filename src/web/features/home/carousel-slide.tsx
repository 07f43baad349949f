import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { drawnArt, TempleImage } from '../../shared/temple-image';
import type { Slide } from './home-slides';

const card =
  'group flex h-full flex-col overflow-hidden rounded-lg border border-gold/40 bg-white shadow-sm outline-none hover:shadow-lg focus-visible:ring-4 focus-visible:ring-gold/60 focus-visible:ring-inset';

function SlideBody({
  slide,
  external,
  inFirstView,
}: {
  slide: Slide;
  external?: boolean;
  inFirstView: boolean;
}) {
  return (
    <>
      <TempleImage
        src={slide.image}
        fallback={drawnArt('pagoda', slide.title)}
        alt=""
        // The slides in view are the home page's largest paint: fetched at once, before the cards below.
        priority={inFirstView}
        // Three slides a row on the 1200-px page.
        sizes="(min-width: 1024px) 384px, 33vw"
        className="aspect-[8/5] w-full object-cover"
      />
      <span className="flex flex-1 flex-col gap-1 p-5">
        <span className="font-serif text-xl leading-8 text-temple group-hover:underline">
          {slide.title}
          {external && <span className="text-base text-ink-soft">（在新窗口打开）</span>}
        </span>
        <span className="text-base text-ink-soft">{slide.subTitle}</span>
        {slide.date && <span className="mt-auto pt-1 text-base text-ink-faint">{slide.date}</span>}
      </span>
    </>
  );
}

/** One slide: the whole card is one large link to the article, its external page or a page of the site. */
export function SlideLink({
  slide,
  inFirstView = false,
}: {
  slide: Slide;
  inFirstView?: boolean;
}): ReactNode {
  const { target } = slide;
  if (target.kind === 'external')
    return (
      <a href={target.url} target="_blank" rel="noopener noreferrer" className={card}>
        <SlideBody slide={slide} external inFirstView={inFirstView} />
      </a>
    );
  if (target.kind === 'news')
    return (
      <Link to="/newsDetail" search={{ id: target.id }} className={card}>
        <SlideBody slide={slide} inFirstView={inFirstView} />
      </Link>
    );
  return (
    <Link to={target.to} className={card}>
      <SlideBody slide={slide} inFirstView={inFirstView} />
    </Link>
  );
}
