import type { ReactNode } from 'react';
import { Modal as AriaModal, Dialog, Heading, ModalOverlay } from 'react-aria-components';
import { Button } from './button';

export interface ModalProps {
  title: string;
  isOpen: boolean;
  onClose: () => void;
  /** While something is being sent the modal stays open. */
  isDismissable?: boolean;
  /**
   * A click outside closes it (when dismissable). Not for a dialog opened by a click: a double
   * click's second lands outside it and would close it at once; Esc and × still do.
   */
  closesOnOutsideClick?: boolean;
  width?: number;
  /** The dialog's buttons: under the body; on a phone in a bar kept at the screen's bottom. */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * The most a dialog's scrolling body may take: the window less the title, the buttons and the
 * margins, and less the notice under the body while one shows (an order refused), so the
 * dialog still fits the window with a margin above its title.
 */
export const dialogBodyHeight = (withNotice: boolean) =>
  withNotice ? 'max-h-[calc(100dvh-21rem)]' : 'max-h-[calc(100dvh-15rem)]';

/**
 * A centred dialog with a title and a close button; Esc and the close button call `onClose`.
 * On a phone (below 640 px) it is a full-screen sheet, its footer a bar at the bottom of the
 * screen with the primary action the widest (issue 36; React Aria 6512: no button moved under
 * the finger by the keyboard's shift).
 */
export function Modal({
  title,
  isOpen,
  onClose,
  isDismissable = true,
  closesOnOutsideClick = true,
  width = 500,
  footer,
  children,
}: ModalProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      isDismissable={isDismissable && closesOnOutsideClick}
      isKeyboardDismissDisabled={!isDismissable}
      // The overlay scrolls and the dialog centres by its margins: a dialog taller than the window
      // (an order with its error below) starts 1rem from the top, its title in view, never above it.
      className="fixed inset-0 z-50 flex overflow-y-auto bg-ink/50 p-4 max-sm:p-0"
    >
      <AriaModal
        style={{ width }}
        className="m-auto max-w-full rounded-lg bg-paper shadow-2xl max-sm:m-0 max-sm:flex max-sm:min-h-dvh max-sm:rounded-none"
      >
        <Dialog className="relative flex flex-1 flex-col outline-none">
          <div className="flex items-center justify-between border-b border-gold/40 px-7 py-4 max-sm:sticky max-sm:top-0 max-sm:z-10 max-sm:bg-paper max-sm:px-5">
            <Heading slot="title" className="font-serif text-2xl text-temple">
              {title}
            </Heading>
            <Button
              tone="quiet"
              aria-label="关闭窗口"
              onPress={onClose}
              isDisabled={!isDismissable}
              className="text-2xl"
            >
              ×
            </Button>
          </div>
          <div className="flex-1 px-7 py-6 max-sm:px-5">{children}</div>
          {footer && (
            <div className="flex justify-end gap-4 px-7 pb-6 max-sm:sticky max-sm:bottom-0 max-sm:border-t max-sm:border-gold/40 max-sm:bg-paper max-sm:px-5 max-sm:py-4">
              {footer}
            </div>
          )}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}
