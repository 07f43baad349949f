import type { MyOrderItem } from '@contract/believer';
import { Modal as AriaModal, Dialog, Heading, ModalOverlay } from 'react-aria-components';
import { Button } from '../../components/ui/button';

/**
 * 取消订单？ The order named (what, how much, its number) with 不取消 and 确定取消; while the call
 * is under way neither Esc nor the overlay closes it.
 */
export function CancelOrderDialog({
  order,
  isPending,
  onConfirm,
}: {
  order: MyOrderItem;
  isPending: boolean;
  onConfirm: (close: () => void) => void;
}) {
  return (
    <ModalOverlay
      isDismissable={!isPending}
      isKeyboardDismissDisabled={isPending}
      className="fixed inset-0 z-50 flex items-center justify-center bg-ink/50 p-4"
    >
      <AriaModal style={{ width: 500 }} className="max-w-full rounded-lg bg-paper shadow-2xl">
        <Dialog className="relative outline-none">
          {({ close }) => (
            <>
              <div className="border-b border-gold/40 px-7 py-4">
                <Heading slot="title" className="font-serif text-2xl text-temple">
                  取消订单
                </Heading>
              </div>
              <div className="flex flex-col gap-3 px-7 py-6 text-lg leading-8 text-ink">
                <p>确定取消这笔未支付的订单吗？取消后所占的名额或位置将立即释放，如需办理请重新下单。</p>
                <p className="text-base text-ink-soft">
                  {order.description}
                  <span className="block font-mono">订单号 {order.orderNo}</span>
                </p>
                <div className="mt-4 flex justify-end gap-4">
                  <Button tone="secondary" onPress={close} isDisabled={isPending}>
                    不取消
                  </Button>
                  <Button onPress={() => onConfirm(close)} isPending={isPending}>
                    确定取消
                  </Button>
                </div>
              </div>
            </>
          )}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}
