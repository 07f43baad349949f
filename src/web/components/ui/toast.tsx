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
}

/** The one toast queue of the site; anything may add to it, the region at the root shows it. */
export const toastQueue = new ToastQueue<ToastMessage>({ maxVisibleToasts: 3 });

/** Toasts show 2 s (spec 000 section 9); the 401 notice on /login shows 5 s. */
export const toast = {
  success: (text: string, timeout = 2000) => toastQueue.add({ text, tone: 'success' }, { timeout }),
  error: (text: string, timeout = 2000) => toastQueue.add({ text, tone: 'error' }, { timeout }),
  info: (text: string, timeout = 2000) => toastQueue.add({ text, tone: 'info' }, { timeout }),
};

const toneClass: Record<ToastMessage['tone'], string> = {
  success: 'border-emerald-700 bg-emerald-50 text-emerald-900',
  error: 'border-temple bg-[#fdf0ec] text-temple-dark',
  info: 'border-gold bg-gold-pale text-ink',
};

export function ToastArea() {
  return (
    <ToastRegion
      queue={toastQueue}
      className="fixed top-40 left-1/2 z-[100] flex -translate-x-1/2 flex-col gap-2"
    >
      {({ toast: item }) => (
        <Toast
          toast={item}
          className={`flex min-w-72 items-center gap-4 rounded-md border-l-4 px-5 py-3 text-lg shadow-lg outline-none focus-visible:ring-2 focus-visible:ring-gold ${toneClass[item.content.tone]}`}
        >
          <ToastContent className="flex-1">
            <Text slot="title">{item.content.text}</Text>
          </ToastContent>
          <Button
            slot="close"
            aria-label="关闭提示"
            className="rounded px-2 text-xl leading-none opacity-70 hover:opacity-100"
          >
            ×
          </Button>
        </Toast>
      )}
    </ToastRegion>
  );
}
