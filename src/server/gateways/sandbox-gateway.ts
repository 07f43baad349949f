import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { SANDBOX_APPID, SANDBOX_PREPAY_PREFIX } from '@contract/payment';
import * as v from 'valibot';
import { type PaymentGateway, type PaymentNotification, type RefundStatus, TEMPLE_CURRENCY } from './payment';

/** The header that carries the sandbox notification's signature. */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

const notificationBody = v.object({
  out_trade_no: v.string(),
  transaction_id: v.string(),
  // Its range (whole fen, 0 to MAX_NOTIFIED_FEN) is the payments service's to judge and answer.
  amount_fen: v.number(),
  paid_at: v.pipe(v.string(), v.isoTimestamp()),
});

/**
 * A sandbox transaction's number: random hex in groups of four (SBX-1A2B-…), so that no run of
 * digits in it can read as an ID card or phone number to the log's leak check (a 15-digit run
 * turned up in about one id in 200 when the hex was one block).
 */
const sandboxTransactionId = () =>
  `SBX-${(randomBytes(10).toString('hex').toUpperCase().match(/.{4}/g) ?? []).join('-')}`;

/**
 * The built-in sandbox (demo mode): the QR encodes our own page `/pay/sandbox/<out_trade_no>`;
 * "scanning" it (opening it on a phone or in a second tab) and confirming produces a notification
 * signed with the server secret, handled exactly like a real gateway's. It keeps no trades of its
 * own: a query finds every trade open (the page's notification is how money arrives), a close
 * always closes, and a refund succeeds at once.
 */
export const createSandboxGateway = (secret: string) => {
  const sign = (body: string) => createHmac('sha256', secret).update(body).digest('hex');
  /**
   * A signed notification of a payment of `amountFen` to `outTradeNo`: a new transaction each
   * time unless `transactionId` names one (the gateway delivering the same payment again).
   */
  const signedNotification = (
    outTradeNo: string,
    amountFen: number,
    paidAt: Date,
    transactionId = sandboxTransactionId(),
  ): { body: string; signature: string } => {
    const body = JSON.stringify({
      out_trade_no: outTradeNo,
      transaction_id: transactionId,
      amount_fen: amountFen,
      paid_at: paidAt.toISOString(),
    });
    return { body, signature: sign(body) };
  };
  const parse = (body: string, signature: string | undefined): PaymentNotification | null => {
    if (!signature || !/^[0-9a-f]{64}$/.test(signature)) return null;
    if (!timingSafeEqual(Buffer.from(sign(body), 'hex'), Buffer.from(signature, 'hex'))) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return null;
    }
    const result = v.safeParse(notificationBody, parsed);
    if (!result.success) return null;
    const n = result.output;
    return {
      outTradeNo: n.out_trade_no,
      transactionId: n.transaction_id,
      amountFen: n.amount_fen,
      // The sandbox takes only yuan.
      currency: TEMPLE_CURRENCY,
      paidAt: new Date(n.paid_at),
    };
  };
  return {
    name: 'sandbox',
    // The demo's phone browsers pay at its own H5 cashier page, which goes back to the site.
    h5: true,
    // The demo runs on this machine or a LAN: any address a socket has will do.
    takesClientIp: (address: string) => isIP(address) !== 0,
    /**
     * Every channel opens the sandbox's own page for the trade: a QR of it (Native), the page the
     * demo's "pay in WeChat" plays JSAPI's answers on (its prepay id names the trade), or the H5
     * cashier (the same page, told it is H5).
     */
    async open({ outTradeNo }, payer, publicOrigin) {
      const page = `${publicOrigin}/pay/sandbox/${outTradeNo}`;
      if (payer.channel === 'jsapi')
        return { channel: 'jsapi', prepayId: `${SANDBOX_PREPAY_PREFIX}${outTradeNo}` };
      if (payer.channel === 'h5') return { channel: 'h5', h5Url: `${page}?channel=h5` };
      return { channel: 'native', codeUrl: page };
    },
    /** The sandbox signs the invoke with the server secret (HMAC) where WeChat would use the merchant key. */
    invoke(prepayId) {
      const signed = {
        appId: SANDBOX_APPID,
        timeStamp: String(Math.floor(Date.now() / 1000)),
        nonceStr: randomBytes(16).toString('hex'),
        package: `prepay_id=${prepayId}`,
      };
      const message = [signed.appId, signed.timeStamp, signed.nonceStr, signed.package, ''].join('\n');
      return { ...signed, signType: 'RSA', paySign: sign(message) };
    },
    verify(raw, header) {
      const payment = parse(raw, header(SANDBOX_SIGNATURE_HEADER));
      return payment && { kind: 'payment', payment };
    },
    query: async () => ({ state: 'open' }),
    close: async () => 'closed',
    refund: async (): Promise<RefundStatus> => 'success',
    signedNotification,
    /**
     * What the sandbox page sends when the believer confirms: the trade's one payment. Its
     * transaction id is the trade's own (`SBX<out_trade_no>`), so however often (or however many
     * at once) 确认支付 is pressed, the first notification pays and every other is that payment
     * delivered again.
     */
    confirmation: (outTradeNo: string, amountFen: number, paidAt: Date) =>
      signedNotification(outTradeNo, amountFen, paidAt, `SBX${outTradeNo}`),
  } satisfies PaymentGateway & Record<string, unknown>;
};

export type SandboxGateway = ReturnType<typeof createSandboxGateway>;
