import type { ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';

export interface ConfirmDialogProps {
  title: string;
  isOpen: boolean;
  children: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirm button is pending (and the dialog cannot be dismissed) while work is under way. */
  isPending?: boolean;
  /** A click outside closes it as 取消 does (see Modal). */
  closesOnOutsideClick?: boolean;
  width?: number;
}

/** A dialog with a message and 确定 / 取消 (or the labels given) in its footer. */
export function ConfirmDialog({
  title,
  isOpen,
  children,
  confirmLabel = '确定',
  cancelLabel = '取消',
  onConfirm,
  onCancel,
  isPending = false,
  closesOnOutsideClick = true,
  width = 500,
}: ConfirmDialogProps) {
  return (
    <Modal
      title={title}
      isOpen={isOpen}
      onClose={onCancel}
      isDismissable={!isPending}
      closesOnOutsideClick={closesOnOutsideClick}
      width={width}
      footer={
        <>
          <Button tone="secondary" onPress={onCancel} isDisabled={isPending}>
            {cancelLabel}
          </Button>
          {/* The one primary action, last: on a phone it takes the bar's width (Modal). */}
          <Button onPress={onConfirm} isPending={isPending} className="max-sm:flex-1">
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="text-lg leading-8 text-ink">{children}</div>
    </Modal>
  );
}
