import {
  Button,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components';

export interface ToastMessage {
  text: string;
  tone: 'success' | 'error' | 'info';
  /** When it was shown (ms since the epoch): a navigation clears what an earlier page showed. */
  shownAt: number;
}

/** The one toast queue of the site; anything may add to it, the region at the root shows it. */
export const toastQueue = new ToastQueue<ToastMessage>({ maxVisibleToasts: 3 });

const show =
  (tone: ToastMessage['tone']) =>
  (text: string, timeout = 2000) =>
    toastQueue.add({ text, tone, shownAt: Date.now() }, { timeout });

/** Toasts show 2 s (spec 000 section 9); the 401 notice on /login shows 5 s. */
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

const toneClass: Record<ToastMessage['tone'], string> = {
  success: 'border-emerald-700 bg-emerald-50 text-emerald-900',
  error: 'border-temple bg-temple-wash text-temple-dark',
  info: 'border-gold bg-gold-pale text-ink',
};

/**
 * Top right, above the overlay: a centred dialog (at most 500 px wide) keeps its title and
 * buttons visible on a desktop screen, and the message is not dimmed by the overlay.
 */
export function ToastArea() {
  return (
    <ToastRegion
      queue={toastQueue}
      className="fixed top-6 right-6 z-[100] flex w-96 max-w-[90vw] flex-col gap-3"
    >
      {({ toast: item }) => (
        <Toast
          toast={item}
          className={`flex items-center gap-4 rounded-md border-l-4 px-5 py-4 text-lg shadow-xl outline-none focus-visible:ring-2 focus-visible:ring-gold ${toneClass[item.content.tone]}`}
        >
          <ToastContent className="flex-1">
            <Text slot="title">{item.content.text}</Text>
          </ToastContent>
          <Button
            slot="close"
            aria-label="关闭提示"
            className="flex size-10 shrink-0 items-center justify-center rounded text-2xl leading-none opacity-70 hover:opacity-100"
          >
            ×
          </Button>
        </Toast>
      )}
    </ToastRegion>
  );
}
