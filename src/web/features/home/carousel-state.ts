/**
 * The 寺院动态 carousel's state, as a pure reducer (spec 001 section 9: loop, 3 per view,
 * autoplay every 2 s, pauses on hover; WAI-ARIA APG carousel pattern).
 *
 * `position` is the first slide in view. The strip carries copies of the last and first slides on
 * either side, so a step past either end slides into a copy (`moving`) and `settle` then jumps,
 * without a transition, to the real slide the copy shows. Under reduced motion nothing slides:
 * a step lands on the real slide at once and nothing rotates by itself.
 */
export const CAROUSEL = { perView: 3, autoplayMs: 2_000, transitionMs: 500 } as const;

/**
 * The slides in view at a window width: 3 on a desktop (the spec's), 2 on a small tablet, 1 on a
 * phone, where three would leave each title a column of two characters. The widths are
 * Tailwind's lg and sm, the breakpoints the rest of the page changes at.
 */
export const PER_VIEW_BY_WIDTH = [
  { minWidth: '64rem', perView: CAROUSEL.perView },
  { minWidth: '40rem', perView: 2 },
] as const;
export const PHONE_PER_VIEW = 1;

export interface CarouselState {
  count: number;
  perView: number;
  position: number;
  /** A slide transition is running; `settle` ends it. */
  moving: boolean;
  /** The rotation control: 暂停播放 clears it, 继续播放 sets it. */
  playing: boolean;
  hovered: boolean;
  /** Focus came into the carousel (APG: rotation stops until it leaves or 继续播放 is pressed). */
  focused: boolean;
  reducedMotion: boolean;
}

export type CarouselEvent =
  | { type: 'slide.next' }
  | { type: 'slide.previous' }
  /** The autoplay timer armed at `from`. */
  | { type: 'autoplay.tick'; from: number }
  /** The end of the transition that went to `at`. */
  | { type: 'transition.settle'; at: number }
  | { type: 'rotation.toggle' }
  | { type: 'pointer.enter' }
  | { type: 'pointer.leave' }
  | { type: 'focus.enter' }
  | { type: 'focus.leave' }
  | { type: 'motion.reduce'; reduce: boolean }
  | { type: 'slides.count'; count: number }
  /** The window's width now lets this many slides be in view. */
  | { type: 'view.width'; perView: number };

export const initialCarousel = (count: number, reducedMotion = false): CarouselState => ({
  count,
  perView: CAROUSEL.perView,
  position: 0,
  moving: false,
  playing: true,
  hovered: false,
  focused: false,
  reducedMotion,
});

const wrap = (index: number, count: number) => ((index % count) + count) % count;

/** More slides than fit in view: only then does it loop, step and rotate. */
export const loops = (state: CarouselState) => state.count > state.perView;

/** Whether it advances by itself now. */
export const isRotating = (state: CarouselState) =>
  loops(state) && state.playing && !state.hovered && !state.focused && !state.reducedMotion;

/** The real slides in view, first to last. */
export const visibleSlides = (state: CarouselState): number[] =>
  loops(state)
    ? Array.from({ length: state.perView }, (_, k) => wrap(state.position + k, state.count))
    : Array.from({ length: state.count }, (_, k) => k);

const step = (state: CarouselState, by: 1 | -1): CarouselState => {
  if (!loops(state)) return state;
  const target = state.position + by;
  if (state.reducedMotion) return { ...state, position: wrap(target, state.count), moving: false };
  // The copies reach perView slides beyond either end; a further quick step waits for the settle.
  if (target < -state.perView || target > state.count) return state;
  return { ...state, position: target, moving: true };
};

const settle = (state: CarouselState): CarouselState =>
  state.count === 0 ? state : { ...state, position: wrap(state.position, state.count), moving: false };

export function carouselReducer(state: CarouselState, event: CarouselEvent): CarouselState {
  switch (event.type) {
    case 'slide.next':
      return step(state, 1);
    case 'slide.previous':
      return step(state, -1);
    case 'autoplay.tick':
      // A timer armed before a pause or another move must not move it.
      return isRotating(state) && event.from === state.position ? step(state, 1) : state;
    case 'transition.settle':
      return event.at === state.position ? settle(state) : state;
    case 'rotation.toggle':
      // 继续播放 is the believer's explicit wish: it plays although focus is on the button.
      return state.playing ? { ...state, playing: false } : { ...state, playing: true, focused: false };
    case 'pointer.enter':
      return { ...state, hovered: true };
    case 'pointer.leave':
      return { ...state, hovered: false };
    case 'focus.enter':
      return { ...state, focused: true };
    case 'focus.leave':
      return { ...state, focused: false };
    case 'motion.reduce':
      return event.reduce ? settle({ ...state, reducedMotion: true }) : { ...state, reducedMotion: false };
    case 'slides.count':
      return event.count === state.count
        ? state
        : { ...state, count: event.count, position: 0, moving: false };
    case 'view.width':
      // The same first slide stays first; a transition under way ends where it was going.
      return event.perView === state.perView ? state : settle({ ...state, perView: event.perView });
  }
}
