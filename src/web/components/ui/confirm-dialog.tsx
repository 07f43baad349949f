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

/** A dialog with a message and 确定 / 取消 (or the labels given). */
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
    >
      <div className="text-lg leading-8 text-ink">{children}</div>
      <div className="mt-7 flex justify-end gap-4">
        <Button tone="secondary" onPress={onCancel} isDisabled={isPending}>
          {cancelLabel}
        </Button>
        <Button onPress={onConfirm} isPending={isPending}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
