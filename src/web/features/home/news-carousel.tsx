import { Link } from '@tanstack/react-router';
import { Group } from 'react-aria-components';
import { Button } from '../../components/ui/button';
import { SlideLink } from './carousel-slide';
import { loops, visibleSlides } from './carousel-state';
import type { Slide } from './home-slides';
import { useCarousel } from './use-carousel';

const SLIDES_ID = 'home-news-slides';
const SLIDE = 'shrink-0 px-3';

/**
 * 寺院动态: three slides in view (fewer on a narrower window), looping, the next one every 2 s
 * (WAI-ARIA APG carousel). It stops while the pointer is over it, while focus is inside it and
 * after 暂停播放; under reduced motion it neither rotates nor slides. Slides out of view are
 * inert, the copies at either end of the strip are hidden from assistive technology, and the
 * strip is a polite live region only when it stands still.
 */
export function NewsCarousel({ slides }: { slides: readonly Slide[] }) {
  const { state, dispatch, rotating, containerProps } = useCarousel(slides.length);
  const { perView, count } = state;
  const looping = loops(state);
  const shown = new Set(visibleSlides(state));
  const strip = looping
    ? [
        ...slides.slice(-perView).map((slide) => ({ slide, copy: 'before', index: -1 })),
        ...slides.map((slide, index) => ({ slide, copy: '', index })),
        ...slides.slice(0, perView).map((slide) => ({ slide, copy: 'after', index: -1 })),
      ]
    : slides.map((slide, index) => ({ slide, copy: '', index }));
  const offset = looping ? state.position + perView : 0;
  // perView slides fill the strip's width (3 on a desktop, 1 on a phone: PER_VIEW_BY_WIDTH).
  const slideWidth = { flexBasis: `${100 / perView}%` };

  return (
    <section
      aria-roledescription="carousel"
      aria-labelledby="home-news-title"
      className="mx-auto max-w-page px-6 pt-14"
      {...containerProps}
    >
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h2 id="home-news-title" className="font-serif text-3xl tracking-widest text-temple">
          寺院动态
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          {looping && !state.reducedMotion && (
            <Button
              tone="secondary"
              size="lg"
              aria-controls={SLIDES_ID}
              onPress={() => dispatch({ type: 'rotation.toggle' })}
            >
              <span aria-hidden="true" className="text-sm">
                {state.playing ? '❚❚' : '▶'}
              </span>
              {state.playing ? '暂停播放' : '继续播放'}
            </Button>
          )}
          {looping && (
            <>
              <Button
                tone="secondary"
                size="lg"
                aria-controls={SLIDES_ID}
                onPress={() => dispatch({ type: 'slide.previous' })}
              >
                <span aria-hidden="true">‹</span>上一张
              </Button>
              <Button
                tone="secondary"
                size="lg"
                aria-controls={SLIDES_ID}
                onPress={() => dispatch({ type: 'slide.next' })}
              >
                下一张<span aria-hidden="true">›</span>
              </Button>
            </>
          )}
          <Link
            to="/NewsConsulting"
            className="inline-flex min-h-13 items-center px-3 text-lg text-temple underline-offset-4 outline-none hover:underline focus-visible:ring-4 focus-visible:ring-gold/60"
          >
            更多动态
          </Link>
        </div>
      </div>
      <div className="-mx-3 overflow-hidden">
        <div
          id={SLIDES_ID}
          aria-live={rotating ? 'off' : 'polite'}
          className={`flex ${state.moving ? 'transition-transform duration-500 ease-in-out motion-reduce:transition-none' : ''}`}
          style={{ transform: `translateX(-${(offset * 100) / perView}%)` }}
        >
          {strip.map(({ slide, copy, index }) =>
            copy ? (
              <div key={`${copy}${slide.key}`} aria-hidden="true" inert className={SLIDE} style={slideWidth}>
                <SlideLink slide={slide} />
              </div>
            ) : (
              <Group
                key={slide.key}
                aria-roledescription="slide"
                aria-label={`第 ${index + 1} 张，共 ${count} 张`}
                inert={!shown.has(index)}
                className={SLIDE}
                style={slideWidth}
              >
                <SlideLink slide={slide} inFirstView={index < perView} />
              </Group>
            ),
          )}
        </div>
      </div>
    </section>
  );
}
