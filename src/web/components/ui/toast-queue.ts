import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';

export interface ToastMessage {
  text: string;
  tone: 'success' | 'error' | 'info';
  /** When it was shown (ms since the epoch): a navigation clears what an earlier page showed. */
  shownAt: number;
}

/**
 * The one toast queue of the site; anything may add to it (through `toast`), the region shows
 * it. Its own file: the region, loaded lazily by toast.tsx, reads it without importing toast.tsx back.
 */
export const toastQueue = new ToastQueue<ToastMessage>({ maxVisibleToasts: 3 });
