import type { VolunteerField } from '@contract/volunteer-form';

/**
 * Scrolls the form to a field and focuses it: its input (a text, a date, a choice), or for the
 * photo and the region picker their first button. Each field's wrapper carries `data-field`.
 */
export const focusVolunteerField = (container: HTMLElement | null, field: VolunteerField) => {
  const scope = container?.querySelector<HTMLElement>(`[data-field="${field}"]`);
  const target = scope?.querySelector<HTMLElement>(
    'input:not([type="hidden"]):not([type="file"]):not([disabled]), button:not([disabled])',
  );
  if (!target) return;
  // jsdom has no layout: scrolling is the browser's.
  target.scrollIntoView?.({ block: 'center' });
  target.focus({ preventScroll: true });
};
