import { formatYuan, yuanToFen } from '@contract/money';
import { PAYMENT_MESSAGES, PHONE_PAYMENT, QR_KEPT_NOTICE } from '@contract/payment';
import type { PaymentChannel, paymentMachine } from '@machines/payment.machine';
import { useSelector } from '@xstate/react';
import { format } from 'date-fns';
import { QRCodeSVG } from 'qrcode.react';
import type { ActorRefFrom } from 'xstate';
import { Button, buttonClass } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';

const TITLES: Record<PaymentChannel, string> = {
  scanQr: '请扫码支付',
  openPayPage: PHONE_PAYMENT.openPayPageTitle,
  payElsewhere: PHONE_PAYMENT.payElsewhereTitle,
};

/**
 * The payment dialog of the invoked payment actor: what is paid for and how much, then the way
 * of paying the machine chose (`channel`): 请扫码支付 with the QR on a computer; on a phone, the
 * demo's pay page by a tap, or the order kept for a computer's 我的订单 or the temple. Closing
 * (the button, ×, Esc) stops the poll at once; an expired hold says why it stopped.
 */
export function PaymentDialog({ actor }: { actor: ActorRefFrom<typeof paymentMachine> | undefined }) {
  const snapshot = useSelector(actor, (s) => s);
  if (!actor || !snapshot) return null;
  const { codeUrl, expiresAt, outTradeNo, description, amount, channel } = snapshot.context;
  const expired = snapshot.matches('expired');
  const close = () => actor.send({ type: 'payment.close' });
  const until = format(new Date(expiresAt), 'HH:mm');
  return (
    <Modal
      title={TITLES[channel]}
      isOpen={snapshot.status === 'active'}
      onClose={close}
      width={480}
      footer={
        channel === 'payElsewhere' && !expired ? (
          <Button onPress={close} size="lg" className="w-full">
            {PHONE_PAYMENT.payElsewhereButton}
          </Button>
        ) : (
          <Button tone="secondary" onPress={close} className="w-40 max-sm:flex-1">
            关闭
          </Button>
        )
      }
    >
      <div className="flex flex-col items-center gap-4 text-center">
        <dl className="grid w-full grid-cols-[auto_1fr] items-baseline gap-x-4 gap-y-1 rounded-md bg-paper-deep px-5 py-3 text-left">
          <dt className="text-base whitespace-nowrap text-ink-soft">支付项目</dt>
          <dd className="text-lg text-ink">{description}</dd>
          <dt className="text-base whitespace-nowrap text-ink-soft">支付金额</dt>
          <dd className="text-2xl font-bold text-temple">{formatYuan(yuanToFen(amount))}</dd>
        </dl>
        {expired ? (
          <p
            role="alert"
            className="w-full rounded-md border-l-4 border-temple bg-temple-wash px-4 py-3 text-lg text-balance text-temple-dark"
          >
            {PAYMENT_MESSAGES.expired}
          </p>
        ) : channel === 'scanQr' ? (
          <>
            <div className="rounded-lg border border-gold/50 bg-white p-4" data-code-url={codeUrl}>
              <QRCodeSVG value={codeUrl} size={220} level="M" title={`支付二维码，订单号 ${outTradeNo}`} />
            </div>
            <p className="text-lg text-ink">请使用手机扫描二维码完成支付</p>
            <p className="text-base text-balance text-ink-soft">
              <span className="whitespace-nowrap">请于 {until} 前完成支付，</span>
              <span className="whitespace-nowrap">支付成功后页面将自动跳转</span>
            </p>
            <p className="rounded-md bg-paper-deep px-4 py-2 text-base text-balance text-ink">
              {QR_KEPT_NOTICE}
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
        ) : channel === 'openPayPage' ? (
          <>
            <p className="text-left text-lg leading-relaxed text-ink">{PHONE_PAYMENT.openPayPage}</p>
            <a
              href={codeUrl}
              target="_blank"
              rel="noreferrer"
              data-code-url={codeUrl}
              className={`${buttonClass({ size: 'lg' })} w-full`}
            >
              {PHONE_PAYMENT.openPayPageButton}
            </a>
          </>
        ) : (
          <p className="text-left text-lg leading-relaxed text-ink">{PHONE_PAYMENT.payElsewhere(until)}</p>
        )}
      </div>
    </Modal>
  );
}
