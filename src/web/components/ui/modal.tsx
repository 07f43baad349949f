import type { ReactNode } from 'react';
import { Modal as AriaModal, Dialog, Heading, ModalOverlay } from 'react-aria-components';
import { Button } from './button';

export interface ModalProps {
  title: string;
  isOpen: boolean;
  onClose: () => void;
  /** While something is being sent the modal stays open. */
  isDismissable?: boolean;
  width?: number;
  children: ReactNode;
}

/** A centred dialog with a title and a close button; Esc and the close button call `onClose`. */
export function Modal({ title, isOpen, onClose, isDismissable = true, width = 500, children }: ModalProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={!isDismissable}
      className="fixed inset-0 z-50 flex items-center justify-center bg-ink/50 p-4"
    >
      <AriaModal style={{ width }} className="max-w-full rounded-lg bg-paper shadow-2xl">
        <Dialog className="relative outline-none">
          <div className="flex items-center justify-between border-b border-gold/40 px-7 py-4">
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
          <div className="px-7 py-6">{children}</div>
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}
