import { type FocusEvent, useEffect, useReducer } from 'react';
import { useElderMode } from '../../shared/elder-mode';
import {
  CAROUSEL,
  carouselReducer,
  initialCarousel,
  isRotating,
  PER_VIEW_BY_WIDTH,
  PHONE_PER_VIEW,
} from './carousel-state';

const REDUCE_MOTION = '(prefers-reduced-motion: reduce)';

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia(REDUCE_MOTION).matches;

/**
 * The carousel reducer with its timers: the next slide 2 s after the last move while it rotates,
 * the settle after a transition, the reduced-motion preference (or 长辈版, where nothing moves by
 * itself) and the slides the window's width has room for followed as they change.
 * Returns the state, the dispatcher, and the handlers for the carousel's outer element.
 */
export function useCarousel(count: number) {
  const elder = useElderMode();
  const [state, dispatch] = useReducer(carouselReducer, count, (n) =>
    initialCarousel(n, elder || prefersReducedMotion()),
  );
  const rotating = isRotating(state);

  useEffect(() => dispatch({ type: 'slides.count', count }), [count]);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') {
      dispatch({ type: 'motion.reduce', reduce: elder });
      return;
    }
    const query = window.matchMedia(REDUCE_MOTION);
    const follow = () => dispatch({ type: 'motion.reduce', reduce: elder || query.matches });
    follow();
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, [elder]);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const queries = PER_VIEW_BY_WIDTH.map(({ minWidth, perView }) => ({
      query: window.matchMedia(`(min-width: ${minWidth})`),
      perView,
    }));
    const follow = () =>
      dispatch({
        type: 'view.width',
        perView: queries.find(({ query }) => query.matches)?.perView ?? PHONE_PER_VIEW,
      });
    follow();
    for (const { query } of queries) query.addEventListener('change', follow);
    return () => {
      for (const { query } of queries) query.removeEventListener('change', follow);
    };
  }, []);

  // Re-armed after every move, so a resumed carousel waits a full period before it moves.
  const { position, moving } = state;
  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => dispatch({ type: 'autoplay.tick', from: position }), CAROUSEL.autoplayMs);
    return () => clearTimeout(timer);
  }, [rotating, position]);

  useEffect(() => {
    if (!moving) return;
    const timer = setTimeout(
      () => dispatch({ type: 'transition.settle', at: position }),
      CAROUSEL.transitionMs,
    );
    return () => clearTimeout(timer);
  }, [moving, position]);

  const containerProps = {
    onPointerEnter: () => dispatch({ type: 'pointer.enter' }),
    onPointerLeave: () => dispatch({ type: 'pointer.leave' }),
    onFocus: () => dispatch({ type: 'focus.enter' }),
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget)) dispatch({ type: 'focus.leave' });
    },
  };
  return { state, dispatch, rotating, containerProps };
}
