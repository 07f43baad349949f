import { CONSOLE_MESSAGES } from '@contract/console';
import { screen, within } from '@testing-library/react';
import { PAYMENT_RECORDED } from '@web/admin/screens/orders/use-counter-payment-actor';
import { toastQueue } from '@web/components/ui/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, ok, refused } from '../../support/fake-api';
import { api, orderDetail, paidDetail, renderConsole, settleUntil } from '../../support/fake-console-api';
import { settle } from '../../support/statecharts/run-on-view';

const NO = orderDetail().order.outTradeNo;
const PAYMENT = `/orders/${NO}/payment`;

/** The reservation's page; the payment answers in turn; once recorded the page reads it paid. */
const openOrder = async (answers: FakeAnswer[] = [ok(paidDetail(orderDetail()))]) => {
  let paid = false;
  const app = renderConsole(`#/orders/${NO}`, {
    [`GET ${api(`/orders/${NO}`)}`]: () => ok(paid ? paidDetail(orderDetail()) : orderDetail()),
    [`POST ${api(PAYMENT)}`]: () => {
      const answer = answers.shift() ?? ok(paidDetail(orderDetail()));
      paid ||= (answer.status ?? 200) === 200;
      return answer;
    },
  });
  await settleUntil(() => screen.queryByRole('button', { name: '登记到寺付款' }));
  const press = async (name: string) => {
    await app.user.click(within(screen.getByRole('dialog')).getByRole('button', { name }));
    await settle(10);
  };
  const open = async () => {
    await app.user.click(screen.getByRole('button', { name: '登记到寺付款' }));
    await settle();
  };
  const fill = async () => {
    const dialog = within(screen.getByRole('dialog', { name: '登记到寺付款' }));
    await app.user.click(dialog.getByRole('radio', { name: '对公转账' }));
    await app.user.type(dialog.getByRole('textbox', { name: /收据编号/ }), 'TR-88');
    await app.user.type(dialog.getByRole('textbox', { name: /备注/ }), '建设银行转入');
    await settle();
  };
  return { ...app, press, open, fill, payments: () => app.sent('POST', PAYMENT) };
};

describe('recording a payment at the counter (order page)', () => {
  beforeEach(() =>
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] }),
  );
  afterEach(() => {
    vi.useRealTimers();
    for (const toast of toastQueue.visibleToasts) toastQueue.close(toast.key);
  });

  it('sends exactly one request with the fen amount and the method, then the page reads 已支付', async () => {
    const { open, fill, press, payments } = await openOrder();
    await open();
    expect(screen.getByRole('textbox', { name: /收款金额/ })).toHaveValue('12000.00');
    await fill();
    await press('下一步');
    const review = screen.getByRole('dialog', { name: '请核对' });
    expect(review).toHaveTextContent('对公转账');
    expect(review).toHaveTextContent('¥12,000.00');
    expect(review).toHaveTextContent('TR-88');
    expect(payments()).toHaveLength(0);
    await press('确认登记');
    expect(payments()).toHaveLength(1);
    expect(payments()[0]?.body).toEqual({
      method: 'transfer',
      amountFen: 1_200_000,
      receiptNo: 'TR-88',
      note: '建设银行转入',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toastQueue.visibleToasts.map((t) => t.content.text)).toContain(PAYMENT_RECORDED);
    await settleUntil(() => screen.queryByText(/^已支付/));
    // Paid: nothing more to take at the counter.
    expect(screen.queryByRole('button', { name: '登记到寺付款' })).toBeNull();
    expect(screen.getByText('R-2026-001')).toBeInTheDocument();
  });

  it('keeps what was entered when the server refuses, in the dialog', async () => {
    const { open, fill, press, payments } = await openOrder([refused(409, CONSOLE_MESSAGES.nothingOwed)]);
    await open();
    await fill();
    await press('下一步');
    await press('确认登记');
    const dialog = screen.getByRole('dialog', { name: '请核对' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(CONSOLE_MESSAGES.nothingOwed);
    await press('返回修改');
    expect(screen.getByRole('radio', { name: '对公转账' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /收据编号/ })).toHaveValue('TR-88');
    expect(payments()).toHaveLength(1);
  });

  it('cancel sends nothing', async () => {
    const { open, fill, press, payments } = await openOrder();
    await open();
    await fill();
    await press('下一步');
    await press('取消');
    expect(screen.queryByRole('dialog')).toBeNull();
    await open();
    await press('取消');
    expect(payments()).toHaveLength(0);
  });

  it('a form with errors is not reviewed: the first is focused, the message beside it', async () => {
    const { open, press, payments } = await openOrder();
    await open();
    const amount = screen.getByRole('textbox', { name: /收款金额/ });
    await press('下一步');
    expect(screen.getByRole('radiogroup', { name: /付款方式/ })).toHaveAccessibleDescription(
      CONSOLE_MESSAGES.methodEmpty,
    );
    expect(screen.getByRole('radio', { name: '现金' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: /收据编号/ })).toHaveAccessibleDescription(
      CONSOLE_MESSAGES.receiptEmpty,
    );
    expect(amount).not.toHaveAttribute('aria-invalid');
    expect(payments()).toHaveLength(0);
  });
});
