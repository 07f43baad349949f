import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { templeDateTime } from '@contract/temple-day';
import { addMinutes } from 'date-fns';
import QRCode from 'qrcode';
import { type PaymentGateway, TEST_TRADE_PREFIX } from './gateways/payment';

/**
 * The one-fen payment that proves a live WeChat Pay set-up end to end (docs/deploy.md, going
 * live): a Native order of 0.01 yuan made at WeChat with the server's keys, its QR shown in the
 * terminal and written as an SVG, the trade asked about until it is paid, then refunded. It is not an order of the
 * site: its trade number starts with TEST, and the server acknowledges its notifications without
 * settling anything (payments.ts).
 */
const WAIT_MINUTES = 10;
const ASK_EVERY_MS = 3_000;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export const runTestPayment = async (
  gateway: PaymentGateway,
  publicOrigin: string,
  say: (line: string) => void,
  { dir = '.', askEveryMs = ASK_EVERY_MS }: { dir?: string; askEveryMs?: number } = {},
): Promise<boolean> => {
  const now = new Date();
  const outTradeNo = `${TEST_TRADE_PREFIX}${templeDateTime(now).replace(/\D/g, '')}`;
  const expiresAt = addMinutes(now, WAIT_MINUTES);
  const opened = await gateway.open(
    { outTradeNo, amountFen: 1, description: '网站支付测试（0.01元，付款后自动退还）', expiresAt },
    { channel: 'native' },
    publicOrigin,
  );
  if (opened.channel !== 'native') throw new Error('a Native order answered without a QR');
  const { codeUrl } = opened;
  const file = resolve(dir, `${outTradeNo}.svg`);
  writeFileSync(file, await QRCode.toString(codeUrl, { type: 'svg', margin: 4, width: 320 }));
  say(await QRCode.toString(codeUrl, { type: 'terminal', small: true }));
  say(
    `测试订单 ${outTradeNo}：请用微信扫描上方二维码（或用浏览器打开 ${file}）支付 0.01 元（${WAIT_MINUTES} 分钟内有效）。`,
  );
  const until = expiresAt.getTime();
  while (Date.now() < until) {
    await sleep(askEveryMs);
    const trade = await gateway.query(outTradeNo);
    if (trade.state === 'paid') {
      say(`已收到付款：微信支付订单号 ${trade.payment.transactionId}，金额 ${trade.payment.amountFen} 分。`);
      const status = await gateway.refund({
        outTradeNo,
        outRefundNo: `${outTradeNo}R`,
        amountFen: trade.payment.amountFen,
        totalFen: trade.payment.amountFen,
        reason: '网站支付测试退款',
      });
      say(`已申请退还 0.01 元，退款状态 ${status}（到账以微信通知为准）。微信支付接入正常。`);
      return true;
    }
    if (trade.state === 'closed') break;
  }
  await gateway.close(outTradeNo);
  say('未在时限内收到付款，测试订单已关闭。');
  return false;
};
