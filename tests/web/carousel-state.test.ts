import { act, renderHook } from '@testing-library/react';
import {
  CAROUSEL,
  type CarouselEvent,
  type CarouselState,
  carouselReducer,
  initialCarousel,
  isRotating,
  visibleSlides,
} from '@web/features/home/carousel-state';
import { useCarousel } from '@web/features/home/use-carousel';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const run = (state: CarouselState, ...events: CarouselEvent[]) => events.reduce(carouselReducer, state);
/** Steps and lets each transition end, as the hook does. */
const stepped = (state: CarouselState, type: 'slide.next' | 'slide.previous', times = 1) => {
  let next = state;
  for (let i = 0; i < times; i++) {
    next = carouselReducer(next, { type });
    next = carouselReducer(next, { type: 'transition.settle', at: next.position });
  }
  return next;
};

describe('the carousel reducer (loop, 3 per view)', () => {
  it('shows three slides and loops past either end onto the real slides', () => {
    const start = initialCarousel(6);
    expect(visibleSlides(start)).toEqual([0, 1, 2]);
    expect(visibleSlides(stepped(start, 'slide.next'))).toEqual([1, 2, 3]);
    expect(visibleSlides(stepped(start, 'slide.next', 4))).toEqual([4, 5, 0]);
    expect(visibleSlides(stepped(start, 'slide.next', 6))).toEqual([0, 1, 2]);
    expect(visibleSlides(stepped(start, 'slide.previous'))).toEqual([5, 0, 1]);
    expect(stepped(start, 'slide.next', 6).position).toBe(0);
    expect(stepped(start, 'slide.previous').position).toBe(5);
  });

  it('slides into the copy past the end, then settles on the real slide without a transition', () => {
    const atEnd = stepped(initialCarousel(4), 'slide.next', 3);
    const moving = run(atEnd, { type: 'slide.next' });
    expect(moving).toMatchObject({ position: 4, moving: true });
    expect(visibleSlides(moving)).toEqual([0, 1, 2]);
    // A settle of an older transition does nothing.
    expect(run(moving, { type: 'transition.settle', at: 3 })).toBe(moving);
    expect(run(moving, { type: 'transition.settle', at: 4 })).toMatchObject({ position: 0, moving: false });
  });

  it('under reduced motion lands on the real slide at once and never rotates', () => {
    const still = initialCarousel(4, true);
    expect(run(still, { type: 'slide.previous' })).toMatchObject({ position: 3, moving: false });
    expect(isRotating(still)).toBe(false);
    expect(run(still, { type: 'autoplay.tick', from: 0 })).toBe(still);
  });

  it('rotates only while playing, not hovered, not focused; 继续播放 plays though focus is on it', () => {
    const start = initialCarousel(4);
    expect(isRotating(start)).toBe(true);
    expect(isRotating(run(start, { type: 'pointer.enter' }))).toBe(false);
    expect(isRotating(run(start, { type: 'pointer.enter' }, { type: 'pointer.leave' }))).toBe(true);
    expect(isRotating(run(start, { type: 'focus.enter' }))).toBe(false);
    expect(isRotating(run(start, { type: 'focus.enter' }, { type: 'focus.leave' }))).toBe(true);
    const paused = run(start, { type: 'rotation.toggle' });
    expect(isRotating(paused)).toBe(false);
    expect(run(paused, { type: 'autoplay.tick', from: 0 })).toBe(paused);
    expect(isRotating(run(paused, { type: 'focus.enter' }, { type: 'rotation.toggle' }))).toBe(true);
    // A timer armed before a manual step must not add a second step.
    const stepped1 = stepped(start, 'slide.next');
    expect(run(stepped1, { type: 'autoplay.tick', from: 0 })).toBe(stepped1);
    expect(run(stepped1, { type: 'autoplay.tick', from: 1 }).position).toBe(2);
  });

  it('on a narrower window shows fewer slides from the same first one, a transition ended where it went', () => {
    const moving = run(stepped(initialCarousel(6), 'slide.next', 5), { type: 'slide.next' });
    expect(moving).toMatchObject({ position: 6, moving: true });
    const phone = run(moving, { type: 'view.width', perView: 1 });
    expect(phone).toMatchObject({ perView: 1, position: 0, moving: false });
    expect(visibleSlides(phone)).toEqual([0]);
    expect(visibleSlides(stepped(phone, 'slide.previous'))).toEqual([5]);
    const same = run(phone, { type: 'view.width', perView: 1 });
    expect(same).toBe(phone);
    expect(visibleSlides(run(stepped(phone, 'slide.next', 2), { type: 'view.width', perView: 3 }))).toEqual([
      2, 3, 4,
    ]);
  });

  it('does not loop, step or rotate when every slide is in view', () => {
    const three = initialCarousel(3);
    expect(isRotating(three)).toBe(false);
    expect(run(three, { type: 'slide.next' })).toBe(three);
    expect(visibleSlides(three)).toEqual([0, 1, 2]);
  });
});

describe('useCarousel (timers)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** Lets `ms` pass, a period at most at a time, so each re-armed timer is set before time runs on. */
  const shownAfter = (result: { current: ReturnType<typeof useCarousel> }, ms: number) => {
    for (let left = ms; left > 0; left -= CAROUSEL.autoplayMs)
      act(() => vi.advanceTimersByTime(Math.min(left, CAROUSEL.autoplayMs)));
    return visibleSlides(result.current.state);
  };

  it('advances one slide every 2 s and settles each transition', () => {
    const { result } = renderHook(() => useCarousel(5));
    expect(shownAfter(result, CAROUSEL.autoplayMs - 1)).toEqual([0, 1, 2]);
    expect(shownAfter(result, 1)).toEqual([1, 2, 3]);
    expect(result.current.state.moving).toBe(true);
    act(() => vi.advanceTimersByTime(CAROUSEL.transitionMs));
    expect(result.current.state.moving).toBe(false);
    // Past the end it shows the copies of the first slides, then settles on the real ones.
    expect(shownAfter(result, CAROUSEL.autoplayMs * 4)).toEqual([0, 1, 2]);
    expect(result.current.state).toMatchObject({ position: 5, moving: true });
    act(() => vi.advanceTimersByTime(CAROUSEL.transitionMs));
    expect(result.current.state).toMatchObject({ position: 0, moving: false });
  });

  it('stands still while hovered, focused or paused, and waits a full period after resuming', () => {
    const { result } = renderHook(() => useCarousel(5));
    act(() => result.current.dispatch({ type: 'pointer.enter' }));
    expect(result.current.rotating).toBe(false);
    expect(shownAfter(result, CAROUSEL.autoplayMs * 3)).toEqual([0, 1, 2]);
    act(() => result.current.dispatch({ type: 'pointer.leave' }));
    expect(shownAfter(result, CAROUSEL.autoplayMs - 1)).toEqual([0, 1, 2]);
    expect(shownAfter(result, 1)).toEqual([1, 2, 3]);

    act(() => result.current.dispatch({ type: 'focus.enter' }));
    expect(shownAfter(result, CAROUSEL.autoplayMs * 3)).toEqual([1, 2, 3]);
    act(() => result.current.dispatch({ type: 'focus.leave' }));
    act(() => result.current.dispatch({ type: 'rotation.toggle' }));
    expect(shownAfter(result, CAROUSEL.autoplayMs * 3)).toEqual([1, 2, 3]);
    act(() => result.current.dispatch({ type: 'rotation.toggle' }));
    expect(shownAfter(result, CAROUSEL.autoplayMs)).toEqual([2, 3, 4]);
  });

  it('follows prefers-reduced-motion: no autoplay, and a step moves without a transition', () => {
    const listeners = new Set<() => void>();
    const media = { matches: true };
    // A desktop's window: every min-width query matches; the motion one is the test's.
    vi.stubGlobal('matchMedia', (query: string) => ({
      get matches() {
        return query.includes('prefers-reduced-motion') ? media.matches : true;
      },
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    }));
    const { result } = renderHook(() => useCarousel(5));
    expect(result.current.state.reducedMotion).toBe(true);
    expect(shownAfter(result, CAROUSEL.autoplayMs * 3)).toEqual([0, 1, 2]);
    act(() => result.current.dispatch({ type: 'slide.next' }));
    expect(result.current.state).toMatchObject({ position: 1, moving: false });

    media.matches = false;
    act(() => {
      for (const listener of listeners) listener();
    });
    expect(shownAfter(result, CAROUSEL.autoplayMs)).toEqual([2, 3, 4]);
  });

  it('shows as many slides as the window’s width has room for: 1 on a phone, 2, 3 on a desktop', () => {
    const listeners = new Set<() => void>();
    const width = { px: 390 };
    const rem = 16;
    vi.stubGlobal('matchMedia', (query: string) => ({
      get matches() {
        const min = /min-width: ([\d.]+)rem/.exec(query);
        return min ? width.px >= Number(min[1]) * rem : false;
      },
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    }));
    const resize = (px: number) =>
      act(() => {
        width.px = px;
        for (const listener of listeners) listener();
      });
    const { result } = renderHook(() => useCarousel(5));
    expect(visibleSlides(result.current.state)).toEqual([0]);
    resize(800);
    expect(visibleSlides(result.current.state)).toEqual([0, 1]);
    resize(1366);
    expect(visibleSlides(result.current.state)).toEqual([0, 1, 2]);
  });
});
