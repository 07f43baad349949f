import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';

/** 预定成功: the place is kept 7 days; 确定 goes back to the page (its map asked again). */
export function TabletReservedDialog({
  isOpen,
  message,
  onClose,
}: {
  isOpen: boolean;
  message: string;
  onClose: () => void;
}) {
  return (
    <Modal
      title="预定成功"
      isOpen={isOpen}
      onClose={onClose}
      footer={
        <Button onPress={onClose} className="max-sm:flex-1">
          确定
        </Button>
      }
    >
      <p role="status" className="text-lg leading-8 text-ink">
        {message}
      </p>
    </Modal>
  );
}
