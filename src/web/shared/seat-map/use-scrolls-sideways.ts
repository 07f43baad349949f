import { type RefObject, useLayoutEffect, useState } from 'react';

export interface Sideways {
  /** The box is narrower than what it holds (a map of 30 columns in the page's width). */
  scrolls: boolean;
  /** Seats lie out of view to the left / to the right. */
  moreLeft: boolean;
  moreRight: boolean;
}

const NONE: Sideways = { scrolls: false, moreLeft: false, moreRight: false };
const same = (a: Sideways, b: Sideways) =>
  a.scrolls === b.scrolls && a.moreLeft === b.moreLeft && a.moreRight === b.moreRight;

/**
 * Whether a box scrolls sideways and on which sides more lies out of view, so the view can say
 * so (a hint, a shadow at each edge with more). Measured again when the box or its content
 * resizes and as it scrolls. Layout, not flow: like focus, a fact the view may keep.
 */
export const useScrollsSideways = (ref: RefObject<HTMLElement | null>): Sideways => {
  const [sideways, setSideways] = useState(NONE);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => {
      const hidden = box.scrollWidth - box.clientWidth;
      const next =
        hidden > 1
          ? { scrolls: true, moreLeft: box.scrollLeft > 1, moreRight: box.scrollLeft < hidden - 1 }
          : NONE;
      setSideways((current) => (same(current, next) ? current : next));
    };
    measure();
    box.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(box);
    if (box.firstElementChild) observer?.observe(box.firstElementChild);
    return () => {
      box.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [ref]);
  return sideways;
};
