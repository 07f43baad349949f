import {
  Button,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components';
import { type ToastMessage, toastQueue } from './toast-queue';

const toneClass: Record<ToastMessage['tone'], string> = {
  success: 'border-emerald-700 bg-emerald-50 text-emerald-900',
  error: 'border-temple bg-temple-wash text-temple-dark',
  info: 'border-gold bg-gold-pale text-ink',
};

/**
 * Top right, above the overlay: a centred dialog (at most 500 px wide) keeps its title and
 * buttons visible on a desktop screen, and the message is not dimmed by the overlay. Never
 * printed: a fixed box would print on every page (across a tablet sheet, and onto a page of its own).
 */
export function ToastRegionView() {
  return (
    <ToastRegion
      queue={toastQueue}
      className="fixed top-6 right-6 z-[100] flex w-96 max-w-[90vw] flex-col gap-3 print:hidden"
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
