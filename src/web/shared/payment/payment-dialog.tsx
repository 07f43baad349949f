import { PAYMENT_MESSAGES } from '@contract/payment';
import type { paymentMachine } from '@machines/payment.machine';
import { useSelector } from '@xstate/react';
import { format } from 'date-fns';
import { QRCodeSVG } from 'qrcode.react';
import type { ActorRefFrom } from 'xstate';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';

/**
 * 请扫码支付: the QR of the invoked payment actor and a close button. Closing stops the poll at
 * once; an expired hold shows why polling stopped.
 */
export function PaymentDialog({ actor }: { actor: ActorRefFrom<typeof paymentMachine> | undefined }) {
  const snapshot = useSelector(actor, (s) => s);
  if (!actor || !snapshot) return null;
  const { codeUrl, expiresAt, outTradeNo } = snapshot.context;
  const expired = snapshot.matches('expired');
  const close = () => actor.send({ type: 'payment.close' });
  return (
    <Modal title="请扫码支付" isOpen={snapshot.status === 'active'} onClose={close} width={440}>
      <div className="flex flex-col items-center gap-4 text-center">
        {expired ? (
          <p
            role="alert"
            className="rounded-md border-l-4 border-temple bg-[#fdf0ec] px-4 py-3 text-lg text-temple-dark"
          >
            {PAYMENT_MESSAGES.expired}
          </p>
        ) : (
          <>
            <div className="rounded-lg border border-gold/50 bg-white p-4" data-code-url={codeUrl}>
              <QRCodeSVG value={codeUrl} size={220} level="M" title={`支付二维码，订单号 ${outTradeNo}`} />
            </div>
            <p className="text-lg text-ink">请使用手机扫描二维码完成支付</p>
            <p className="text-base text-ink-soft">
              请于 {format(new Date(expiresAt), 'HH:mm')} 前完成支付，支付成功后页面将自动跳转
            </p>
            {codeUrl.startsWith('http') && (
              <a
                href={codeUrl}
                target="_blank"
                rel="noreferrer"
                className="text-base text-temple underline underline-offset-4"
              >
                在新窗口打开支付页
              </a>
            )}
          </>
        )}
        <Button tone="secondary" onPress={close} className="mt-2 w-40">
          关闭
        </Button>
      </div>
    </Modal>
  );
}
