import { formatYuan, yuanToFen } from '@contract/money';
import { PAYMENT_MESSAGES, PHONE_PAYMENT, QR_KEPT_NOTICE } from '@contract/payment';
import type { PaymentChannel, paymentMachine } from '@machines/payment.machine';
import { useSelector } from '@xstate/react';
import { format } from 'date-fns';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { Button, buttonClass } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { h5CashierUrl, myOrdersLink } from './phone-addresses';
import { openWechatPaySheet } from './wechat-bridge';

const TITLES: Record<PaymentChannel, string> = {
  scanQr: '请扫码支付',
  jsapi: PHONE_PAYMENT.jsapiTitle,
  h5: PHONE_PAYMENT.h5Title,
  openPayPage: PHONE_PAYMENT.openPayPageTitle,
  openInWechat: PHONE_PAYMENT.openInWechatTitle,
  payElsewhere: PHONE_PAYMENT.payElsewhereTitle,
};

type PaymentActor = ActorRefFrom<typeof paymentMachine>;
type PaymentSnapshot = SnapshotFrom<typeof paymentMachine>;

const noticeClass =
  'w-full rounded-md border-l-4 border-temple bg-temple-wash px-4 py-3 text-left text-lg text-balance text-temple-dark';

/** The step of the way of paying (`asking`, `ready`…; `shown` for the ways that need no call). */
const wayStep = (snapshot: PaymentSnapshot): string => {
  const way = (snapshot.value as { polling?: { way?: string | Record<string, string> } }).polling?.way;
  return typeof way === 'object' ? (Object.values(way)[0] ?? '') : (way ?? '');
};

/** The way's words while the server is asked, after a failure (with 重试), or a pay sheet's end. */
function WayNotice({ snapshot, actor }: { snapshot: PaymentSnapshot; actor: PaymentActor }) {
  const { notice } = snapshot.context;
  const step = wayStep(snapshot);
  if (step === 'asking')
    return (
      <p role="status" className="text-lg text-ink">
        {PHONE_PAYMENT.asking}
      </p>
    );
  if (step === 'failed')
    return (
      <>
        <p role="alert" className={noticeClass}>
          {notice}
        </p>
        <Button size="lg" className="w-full" onPress={() => actor.send({ type: 'payment.retry' })}>
          {PHONE_PAYMENT.retry}
        </Button>
      </>
    );
  return notice ? (
    <p role="alert" className={noticeClass}>
      {notice}
    </p>
  ) : null;
}

/** Inside WeChat: 微信支付 opens WeChat's pay sheet in the tap; its ok waits for the server. */
function JsapiWay({ snapshot, actor }: { snapshot: PaymentSnapshot; actor: PaymentActor }) {
  const { invoke } = snapshot.context;
  if (snapshot.matches({ polling: { way: { jsapi: 'confirming' } } }))
    return (
      <p role="status" className="text-lg text-ink">
        {PHONE_PAYMENT.confirming}
      </p>
    );
  const ready = snapshot.matches({ polling: { way: { jsapi: 'ready' } } });
  const invoking = snapshot.matches({ polling: { way: { jsapi: 'invoking' } } });
  const pay = () => {
    if (!invoke) return;
    actor.send({ type: 'jsapi.tap' });
    void openWechatPaySheet(invoke, snapshot.context.outTradeNo).then((result) =>
      actor.send({ type: 'jsapi.answer', result }),
    );
  };
  return (
    <>
      <WayNotice snapshot={snapshot} actor={actor} />
      {(ready || invoking) && (
        <>
          <p className="text-left text-lg leading-relaxed text-ink">{PHONE_PAYMENT.jsapi}</p>
          <Button size="lg" className="w-full" isPending={invoking} onPress={pay}>
            {PHONE_PAYMENT.jsapiButton}
          </Button>
        </>
      )}
    </>
  );
}

/** Another phone browser with H5: WeChat's cashier, which comes back to 我的订单. */
function H5Way({ snapshot, actor }: { snapshot: PaymentSnapshot; actor: PaymentActor }) {
  const { h5Url, outTradeNo } = snapshot.context;
  return (
    <>
      <WayNotice snapshot={snapshot} actor={actor} />
      {snapshot.matches({ polling: { way: { h5: 'ready' } } }) && (
        <>
          <p className="text-left text-lg leading-relaxed text-ink">{PHONE_PAYMENT.h5}</p>
          <a href={h5CashierUrl(h5Url, outTradeNo)} className={`${buttonClass({ size: 'lg' })} w-full`}>
            {PHONE_PAYMENT.h5Button}
          </a>
        </>
      )}
    </>
  );
}

/**
 * 在手机上继续, on a computer's QR: a second code, shown on asking, that opens 我的订单 on the
 * phone (the link carries no login: the believer logs in there and continues the order).
 */
function ContinueOnPhone() {
  const [shown, setShown] = useState(false);
  if (!shown)
    return (
      <Button tone="quiet" onPress={() => setShown(true)}>
        {PHONE_PAYMENT.continueOnPhone}
      </Button>
    );
  return (
    <div className="flex flex-col items-center gap-2">
      <p className="text-base text-balance text-ink">{PHONE_PAYMENT.continueOnPhoneHint}</p>
      <div className="rounded-lg border border-gold/50 bg-white p-3">
        <QRCodeSVG value={myOrdersLink()} size={128} level="M" title="在手机上打开我的订单" />
      </div>
    </div>
  );
}

/** Another phone browser where the temple pays inside WeChat: 我的订单's link, to open in WeChat. */
function OpenInWechat({ until }: { until: string }) {
  const link = myOrdersLink();
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard?.writeText(link).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <>
      <p className="text-left text-lg leading-relaxed text-ink">{PHONE_PAYMENT.openInWechat(until)}</p>
      <input
        readOnly
        aria-label="我的订单链接"
        value={link}
        onFocus={(event) => event.currentTarget.select()}
        className="w-full rounded-md border border-ink-soft/40 bg-white px-3 py-3 text-base text-ink"
      />
      <Button size="lg" className="w-full" onPress={copy}>
        {PHONE_PAYMENT.copyLink}
      </Button>
      {copied && (
        <p role="status" className="text-base text-ink">
          {PHONE_PAYMENT.linkCopied}
        </p>
      )}
    </>
  );
}

/**
 * The payment dialog of the invoked payment actor: what is paid for and how much, then the way
 * of paying the machine chose (`channel`): 请扫码支付 with the QR on a computer; on a phone,
 * WeChat's pay sheet inside WeChat, WeChat's H5 cashier elsewhere, 我的订单's link to open in
 * WeChat, the demo's pay page by a tap, or the order kept for a computer's 我的订单 or the temple.
 * Closing (the button, ×, Esc) stops the poll at once; an expired hold says why it stopped.
 */
export function PaymentDialog({ actor }: { actor: PaymentActor | undefined }) {
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
        ) : channel === 'scanQr' && codeUrl === '' ? (
          <WayNotice snapshot={snapshot} actor={actor} />
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
            <ContinueOnPhone />
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
        ) : channel === 'jsapi' ? (
          <JsapiWay snapshot={snapshot} actor={actor} />
        ) : channel === 'h5' ? (
          <H5Way snapshot={snapshot} actor={actor} />
        ) : channel === 'openInWechat' ? (
          <OpenInWechat until={until} />
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
