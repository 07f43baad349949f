import { type PayResultAnswer, PHONE_PAYMENT, QR_KEPT_NOTICE } from '@contract/payment';
import { ON_A_COMPUTER, type PaymentInput, paymentMachine } from '@machines/payment.machine';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PaymentDialog } from '@web/shared/payment/payment-dialog';
import { format } from 'date-fns';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';

const input: PaymentInput = {
  outTradeNo: 'WF20261122100000000001',
  codeUrl: 'http://localhost/pay/sandbox/WF20261122100000000001',
  expiresAt: '2026-11-22T10:15:00.000Z',
  description: '功德供养·佛前供灯',
  amount: 1200.5,
  device: ON_A_COMPUTER,
};

/** The QR dialog over a payment actor whose status query is never paid; counts the queries. */
const open = (shown: Partial<PaymentInput> = {}) => {
  let queries = 0;
  const actor = createActor(
    paymentMachine.provide({
      actors: {
        queryStatus: fromPromise<PayResultAnswer, { outTradeNo: string }>(async () => {
          queries += 1;
          return { code: 0, msg: '0' };
        }),
      },
    }),
    { input: { ...input, ...shown } },
  ).start();
  render(<PaymentDialog actor={actor} />);
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const seconds = (n: number) => act(() => vi.advanceTimersByTimeAsync(n * 1000));
  return { actor, user, seconds, queries: () => queries };
};

describe('QR dialog (请扫码支付)', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z'), shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('says what is paid for and how much, beside the QR', () => {
    open();
    const dialog = screen.getByRole('dialog', { name: '请扫码支付' });
    const terms = within(dialog)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const values = within(dialog)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(Object.fromEntries(terms.map((term, at) => [term, values[at]]))).toEqual({
      支付项目: '功德供养·佛前供灯',
      支付金额: '¥1,200.50',
    });
    expect(within(dialog).getByTitle(/支付二维码，订单号 WF20261122100000000001/)).toBeInTheDocument();
    // Closed unpaid, the order is kept: the believer knows where to pay or cancel it.
    expect(within(dialog).getByText(QR_KEPT_NOTICE)).toBeVisible();
  });

  it.each([
    [
      'the × button',
      (user: ReturnType<typeof open>['user']) => user.click(screen.getByRole('button', { name: '关闭窗口' })),
    ],
    ['Esc', (user: ReturnType<typeof open>['user']) => user.keyboard('{Escape}')],
    [
      'the 关闭 button',
      (user: ReturnType<typeof open>['user']) => user.click(screen.getByRole('button', { name: '关闭' })),
    ],
  ])('closes with %s and stops polling at once', async (_, close) => {
    const { actor, user, seconds, queries } = open();
    await seconds(3);
    expect(queries()).toBeGreaterThanOrEqual(2);
    await close(user);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(actor.getSnapshot().output).toEqual({ paid: false });
    const sent = queries();
    await seconds(5);
    expect(queries()).toBe(sent);
  });
});

describe('the payment dialog on a phone, which cannot scan its own screen', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z'), shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('the demo’s pay page opens by a tap, in a new tab; the poll goes on meanwhile', async () => {
    const { seconds, queries } = open({ device: { phone: true } });
    const dialog = screen.getByRole('dialog', { name: PHONE_PAYMENT.openPayPageTitle });
    expect(within(dialog).queryByTitle(/支付二维码/)).not.toBeInTheDocument();
    expect(within(dialog).getByText(PHONE_PAYMENT.openPayPage)).toBeVisible();
    const link = within(dialog).getByRole('link', { name: PHONE_PAYMENT.openPayPageButton });
    expect(link).toHaveAttribute('href', input.codeUrl);
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(dialog).getByText('¥1,200.50')).toBeVisible();
    await seconds(2);
    expect(queries()).toBeGreaterThanOrEqual(1);
  });

  it('a WeChat code: the order is kept, to be paid from a computer’s 我的订单 or at the temple; 我知道了 closes', async () => {
    const { actor, user } = open({ device: { phone: true }, codeUrl: 'weixin://wxpay/bizpayurl?pr=abc' });
    const dialog = screen.getByRole('dialog', { name: PHONE_PAYMENT.payElsewhereTitle });
    expect(within(dialog).queryByTitle(/支付二维码/)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
    // The hold's end in the page's time zone, as the QR dialog says it.
    expect(
      within(dialog).getByText(PHONE_PAYMENT.payElsewhere(format(new Date(input.expiresAt), 'HH:mm'))),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: PHONE_PAYMENT.payElsewhereButton }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(actor.getSnapshot().output).toEqual({ paid: false });
  });
});
