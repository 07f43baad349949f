import { formatYuan, yuanToFen } from '@contract/money';
import { PAYMENT_MESSAGES, PHONE_PAYMENT } from '@contract/payment';
import { findMachine } from '@machines/index';
import type { BridgeResult, PaymentChannel, PaymentInput } from '@machines/payment.machine';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PaymentDialog } from '@web/shared/payment/payment-dialog';
import { paymentLogic } from '@web/shared/payment/payment-logic';
import { expect } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import { fakeApi, heldCalls } from '../../support/fake-api';
import { passSecond, settle, type ViewAdapter } from '../../support/statecharts/run-on-view';

const TITLES: Record<PaymentChannel, string> = {
  scanQr: '请扫码支付',
  jsapi: PHONE_PAYMENT.jsapiTitle,
  h5: PHONE_PAYMENT.h5Title,
  openPayPage: PHONE_PAYMENT.openPayPageTitle,
  openInWechat: PHONE_PAYMENT.openInWechatTitle,
  payElsewhere: PHONE_PAYMENT.payElsewhereTitle,
};

/**
 * WeChat's bridge in jsdom: each pay sheet opened waits until the model's `jsapi.answer` says how
 * it ended (the e2e's bridge checks the signature: tests/e2e/support/fake-wechat-bridge.ts).
 */
const holdBridge = () => {
  const sheets: ((result: { err_msg: string }) => void)[] = [];
  window.WeixinJSBridge = {
    invoke: (_name, _params, answer) => {
      sheets.push(answer);
    },
  };
  return {
    get open() {
      return sheets.length;
    },
    answer(result: BridgeResult) {
      const sheet = sheets.shift();
      if (!sheet) throw new Error('no pay sheet is open');
      sheet({ err_msg: `get_brand_wcpay_request:${result}` });
    },
    remove: () => {
      delete window.WeixinJSBridge;
    },
  };
};

const wayIs = (snapshot: AnyMachineSnapshot, channel: 'native' | 'jsapi' | 'h5', state: string) =>
  snapshot.matches({ polling: { way: { [channel]: state } } });

/**
 * The payment dialog over the real payment logic (its status query goes through the portal
 * client), for the registry's order as `shown` changes it: on a phone (`device`), with a WeChat
 * code (`codeUrl`).
 */
export const paymentViewOf =
  (shown: Partial<PaymentInput> = {}): ViewAdapter =>
  async (started) => {
    const queries = heldCalls();
    const payOns = heldCalls();
    const api = fakeApi({
      'POST /portal/rs/payapi/v1/pay/payResult': queries.next,
      'POST /portal/rs/payapi/v1/pay/payOn': payOns.next,
    });
    const user = userEvent.setup({ delay: null });
    // `shown` changes the registry's order; a path of another start (a phone in WeChat…) keeps its own.
    const registry = findMachine('payment')?.input as PaymentInput;
    const input = started && started !== registry ? (started as PaymentInput) : { ...registry, ...shown };
    const bridge = holdBridge();
    const actor = createActor(paymentLogic, { input }).start();
    const view = render(<PaymentDialog actor={actor} />);
    await settle();
    return {
      async exec(event) {
        if (event.type === 'payment.close') {
          const button = screen.queryByRole('button', { name: PHONE_PAYMENT.payElsewhereButton });
          await user.click(button ?? screen.getByRole('button', { name: '关闭' }));
        } else if (event.type === 'xstate.done.actor.queryStatus') {
          queries.answer({ body: event.output });
        } else if (event.type === 'xstate.error.actor.queryStatus') {
          queries.fail();
        } else if (event.type === 'xstate.done.actor.payOn') {
          payOns.answer({ body: { code: 0, msg: '', data: event.output } });
        } else if (event.type === 'xstate.error.actor.payOn') {
          payOns.fail();
        } else if (event.type === 'payment.retry') {
          await user.click(screen.getByRole('button', { name: PHONE_PAYMENT.retry }));
        } else if (event.type === 'jsapi.tap') {
          await user.click(screen.getByRole('button', { name: PHONE_PAYMENT.jsapiButton }));
        } else if (event.type === 'jsapi.answer') {
          bridge.answer(event.result);
        } else {
          return passSecond();
        }
        await settle();
      },
      async check(snapshot) {
        // The model walks the registry's order; this view's way of paying is its own order's.
        const { channel } = actor.getSnapshot().context;
        const dialog = screen.queryByRole('dialog', { name: TITLES[channel] });
        if (snapshot.matches('polling') || snapshot.matches('expired')) {
          // What is paid for and how much stay in view, QR or expiry notice.
          expect(dialog).toHaveTextContent(snapshot.context.description);
          expect(dialog).toHaveTextContent(formatYuan(yuanToFen(snapshot.context.amount)));
        }
        if (snapshot.matches('polling')) {
          expect(dialog).toBeInTheDocument();
          // The QR on a computer only, once it has one; a phone is offered its own way.
          const { codeUrl } = snapshot.context as PaymentInput;
          expect(screen.queryByTitle(/支付二维码/) !== null).toBe(channel === 'scanQr' && codeUrl !== '');
          if (channel === 'scanQr' && codeUrl !== '')
            expect(screen.getByTitle(/支付二维码/).closest('[data-code-url]')).toHaveAttribute(
              'data-code-url',
              codeUrl,
            );
          if (channel === 'openPayPage')
            expect(screen.getByRole('link', { name: PHONE_PAYMENT.openPayPageButton })).toHaveAttribute(
              'href',
              input.codeUrl,
            );
          if (channel === 'payElsewhere')
            expect(dialog).toHaveTextContent(PHONE_PAYMENT.payElsewhere('').split('，请于')[0] ?? '');
        }
        if (snapshot.matches({ polling: { way: 'shown' } }) && channel === 'openInWechat') {
          expect(screen.getByRole('textbox', { name: '我的订单链接' })).toHaveValue(
            `${window.location.origin}/#/member/`,
          );
          expect(screen.getByRole('button', { name: PHONE_PAYMENT.copyLink })).toBeInTheDocument();
        }
        for (const way of ['native', 'jsapi', 'h5'] as const) {
          if (wayIs(snapshot, way, 'asking')) {
            expect(dialog).toHaveTextContent(PHONE_PAYMENT.asking);
            expect(payOns.count).toBe(1);
          }
          if (wayIs(snapshot, way, 'failed')) {
            expect(within(dialog as HTMLElement).getByRole('alert')).not.toBeEmptyDOMElement();
            expect(screen.getByRole('button', { name: PHONE_PAYMENT.retry })).toBeInTheDocument();
          }
        }
        if (wayIs(snapshot, 'jsapi', 'ready')) {
          expect(screen.getByRole('button', { name: PHONE_PAYMENT.jsapiButton })).toBeEnabled();
          expect(bridge.open).toBe(0);
          const { notice } = snapshot.context as { notice: string | null };
          if (notice) expect(within(dialog as HTMLElement).getByRole('alert')).toHaveTextContent(notice);
        }
        if (wayIs(snapshot, 'jsapi', 'invoking')) {
          // The sheet is open over the page: 微信支付 waits, a second tap opens nothing.
          expect(bridge.open).toBe(1);
          expect(screen.getByRole('button', { name: /请稍候/ })).toHaveAttribute('aria-disabled', 'true');
        }
        if (wayIs(snapshot, 'jsapi', 'confirming')) {
          // WeChat said ok: the page says it is confirming, never 支付成功, until the poll says paid.
          expect(dialog).toHaveTextContent(PHONE_PAYMENT.confirming);
          expect(screen.queryByRole('button', { name: PHONE_PAYMENT.jsapiButton })).not.toBeInTheDocument();
        }
        if (wayIs(snapshot, 'h5', 'ready')) {
          const link = screen.getByRole('link', { name: PHONE_PAYMENT.h5Button });
          const href = new URL(link.getAttribute('href') ?? '');
          expect(href.searchParams.get('prepay_id')).toBe('wx2016');
          expect(href.searchParams.get('redirect_url')).toBe(
            `${window.location.origin}/#/member/?paying=${input.outTradeNo}`,
          );
        }
        if (snapshot.matches('expired'))
          expect(screen.getByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.expired);
        if (snapshot.status === 'done') expect(dialog).not.toBeInTheDocument();
        if (snapshot.matches({ polling: { query: 'querying' } })) expect(queries.count).toBe(1);
        if (snapshot.matches({ polling: { query: 'waiting' } })) expect(queries.count).toBe(0);
        if (snapshot.matches('expired') || snapshot.status === 'done') {
          // Polling has stopped: seconds pass and no status query goes out.
          const sent = api.calls.length;
          await passSecond();
          await passSecond();
          expect(api.calls.length).toBe(sent);
        }
      },
      unmount: () => {
        act(() => actor.stop());
        view.unmount();
        bridge.remove();
      },
    };
  };

/** The QR dialog on a computer, for the registry's order. */
export const paymentView = paymentViewOf();
