/** The one focus ring of the site: visible for keyboard users, calm gold. */
export const focusRing =
  'outline-none data-[focus-visible]:ring-4 data-[focus-visible]:ring-gold/60 data-[focus-visible]:ring-offset-2';
