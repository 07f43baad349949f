/** The one focus ring of the site: visible for keyboard users, calm gold. */
export const focusRing =
  'outline-none data-[focus-visible]:ring-4 data-[focus-visible]:ring-gold/60 data-[focus-visible]:ring-offset-2';

/**
 * The same ring around a field while it (or the input inside it) has the focus, by keyboard or
 * pointer alike: where the typing goes must show by more than a border's colour.
 */
export const fieldFocusRing =
  'outline-none focus-within:ring-4 focus-within:ring-gold/60 focus-within:ring-offset-2';
