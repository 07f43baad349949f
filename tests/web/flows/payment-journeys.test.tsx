import { PHONE_PAYMENT } from '@contract/payment';
import { WECHAT_LOGIN_MESSAGES } from '@contract/wechat-login';
import { findMachine, MODEL_VISIT } from '@machines/index';
import type { PaymentInput } from '@machines/payment.machine';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toastQueue } from '@web/components/ui/toast';
import { PaymentDialog } from '@web/shared/payment/payment-dialog';
import { paymentLogic } from '@web/shared/payment/payment-logic';
import { myOrdersLink } from '@web/shared/payment/phone-addresses';
import { phoneChannels } from '@web/shared/wechat/wechat-arrival';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { type FakeAnswer, fakeApi, heldCalls, refused } from '../../support/fake-api';
import { passSecond, settle } from '../../support/statecharts/run-on-view';

const STATUS = '/portal/rs/payapi/v1/pay/payResult';

/** The QR dialog over the real payment logic; status queries answer as `answer` says. */
const openQr = async (answer: () => FakeAnswer | Promise<FakeAnswer>) => {
  const api = fakeApi({ [`POST ${STATUS}`]: answer });
  const actor = createActor(paymentLogic, { input: findMachine('payment')?.input as never }).start();
  const view = render(<PaymentDialog actor={actor} />);
  await settle();
  const polls = () => api.calls.filter((c) => c.path === STATUS).length;
  return { actor, view, polls, user: userEvent.setup({ delay: null }) };
};

describe('the QR dialog', () => {
  beforeEach(() =>
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] }),
  );
  afterEach(() => vi.useRealTimers());

  it('failed polls show no toast and polling goes on', async () => {
    const qr = await openQr(() => ({ status: 500, body: { code: 500, msg: '服务器繁忙，请稍后再试' } }));
    await passSecond();
    await passSecond();
    await passSecond();
    expect(qr.polls()).toBeGreaterThanOrEqual(3);
    expect(toastQueue.visibleToasts).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: '请扫码支付' })).toBeInTheDocument();
    act(() => qr.actor.stop());
  });

  it('× closes it and stops polling', async () => {
    const qr = await openQr(() => ({ body: { code: 0, msg: '0' } }));
    await passSecond();
    await qr.user.click(screen.getByRole('button', { name: '关闭窗口' }));
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(qr.actor.getSnapshot().output).toEqual({ paid: false });
    const sent = qr.polls();
    await passSecond();
    await passSecond();
    expect(qr.polls()).toBe(sent);
  });

  it('Esc closes it and stops polling', async () => {
    const qr = await openQr(() => ({ body: { code: 0, msg: '0' } }));
    await qr.user.keyboard('{Escape}');
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(qr.actor.getSnapshot().output).toEqual({ paid: false });
    await passSecond();
    await passSecond();
    expect(qr.polls()).toBe(0);
  });

  it('closing while a status query is in flight: no further query, and a late "paid" changes nothing', async () => {
    const queries = heldCalls();
    const qr = await openQr(queries.next);
    await passSecond();
    expect(queries.count).toBe(1);
    await qr.user.click(screen.getByRole('button', { name: /^关闭$/ }));
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    queries.answer({ body: { code: 0, msg: '1' } });
    await passSecond();
    await passSecond();
    expect(qr.polls()).toBe(1);
    expect(qr.actor.getSnapshot().output).toEqual({ paid: false });
  });

  it('在手机上继续 shows, on asking, a second code: 我的订单 of the phone edition, no login in it', async () => {
    const qr = await openQr(() => ({ body: { code: 0, msg: '0' } }));
    expect(screen.queryByTitle('在手机上打开我的订单')).not.toBeInTheDocument();
    await qr.user.click(screen.getByRole('button', { name: PHONE_PAYMENT.continueOnPhone }));
    expect(screen.getByTitle('在手机上打开我的订单')).toBeInTheDocument();
    expect(screen.getByText(PHONE_PAYMENT.continueOnPhoneHint)).toBeVisible();
    // The payment's own code is still the one to scan to pay.
    expect(screen.getByTitle(/支付二维码/)).toBeInTheDocument();
    expect(myOrdersLink()).toBe(`${window.location.origin}/#/member/`);
    act(() => qr.actor.stop());
  });

  it('inside WeChat, a web login the server no longer knows: its words, and the tab forgets it', async () => {
    window.sessionStorage.setItem('temple.wechat.visit', MODEL_VISIT);
    fakeApi({
      [`POST ${STATUS}`]: () => ({ body: { code: 0, msg: '0' } }),
      'POST /portal/rs/payapi/v1/pay/payOn': () => refused(409, WECHAT_LOGIN_MESSAGES.visitUnknown),
    });
    const device = { phone: true, inWechat: true, jsapi: true, wechatVisit: MODEL_VISIT };
    const input = { ...(findMachine('payment')?.input as PaymentInput), device };
    const actor = createActor(paymentLogic, { input }).start();
    render(<PaymentDialog actor={actor} />);
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent(WECHAT_LOGIN_MESSAGES.visitUnknown);
    expect(window.sessionStorage.getItem('temple.wechat.visit')).toBeNull();
    expect(phoneChannels().visit).toBeNull();
    act(() => actor.stop());
  });
});
