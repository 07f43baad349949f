import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { type ToastMessage, toastQueue } from './toast-queue';

/** The queue and its message, where the site and its tests have always read them. */
export { type ToastMessage, toastQueue };

const show =
  (tone: ToastMessage['tone']) =>
  (text: string, timeout = 2000) =>
    toastQueue.add({ text, tone, shownAt: Date.now() }, { timeout });

/** How long the end of a session is said (a 401, a logout in another tab): 5 s. */
export const SESSION_NOTICE_MS = 5000;

/** Toasts show 2 s (spec 000 section 9); the end of a session is said 5 s. */
export const toast = { success: show('success'), error: show('error'), info: show('info') };

/**
 * A toast shown this long before a navigation belongs to it (登录成功, then the redirect) and
 * stays; anything older speaks about the page being left.
 */
export const TOAST_NAVIGATION_GRACE_MS = 500;

/** Closes the toasts an earlier page showed (the router calls it when the path changes). */
export const clearPageToasts = (now = Date.now()) => {
  for (const item of [...toastQueue.visibleToasts]) {
    if (item.content.shownAt < now - TOAST_NAVIGATION_GRACE_MS) toastQueue.close(item.key);
  }
};

// The region (React Aria's toast and landmark code) downloads with the first toast of the visit.
const ToastRegionView = lazy(() =>
  import('./toast-region').then(({ ToastRegionView }) => ({ default: ToastRegionView })),
);

const onToasts = (listener: () => void) => toastQueue.subscribe(listener);
const hasToasts = () => toastQueue.visibleToasts.length > 0;

/** Where the toasts show: nothing until the first one, then the region (it stays for the visit). */
export function ToastArea() {
  const showing = useSyncExternalStore(onToasts, hasToasts);
  const [needed, setNeeded] = useState(showing);
  if (showing && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <ToastRegionView />
    </Suspense>
  ) : null;
}
