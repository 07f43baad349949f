import { CONSOLE_MESSAGES } from '@contract/console';
import { PAYMENT_MESSAGES } from '@contract/payment';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, refused } from '../../support/fake-api';
import { api, renderConsole, settleUntil, staffMe } from '../../support/fake-console-api';
import { modelRefundTarget } from '../../support/statecharts/fixtures/refund-confirmation';
import { settle } from '../../support/statecharts/run-on-view';
import { REFUND_PATH, refundRow } from './refund-confirmation.flow';

const NAME = `退款 ${modelRefundTarget.outTradeNo}`;

/** 退款 for a 财务 member; the refund answers `answer`; once asked the list says it is under way. */
const openRefunds = async (answer = ok(refundRow({ refundStatus: 'processing', outRefundNo: 'RF31' }))) => {
  let asked = false;
  const app = renderConsole(
    '#/refunds',
    {
      [`GET ${api('/refunds')}`]: () =>
        ok([asked ? refundRow({ refundStatus: 'processing', outRefundNo: 'RF31' }) : refundRow()]),
      [`POST ${api(REFUND_PATH)}`]: () => {
        asked = (answer.status ?? 200) === 200;
        return answer;
      },
    },
    { me: staffMe(['finance']) },
  );
  await settleUntil(() => screen.queryByRole('button', { name: NAME }));
  const press = async (name: string) => {
    await app.user.click(within(screen.getByRole('dialog')).getByRole('button', { name }));
    await settle(10);
  };
  const type = async (digits: string) => {
    const input = within(screen.getByRole('dialog')).getByRole('textbox', { name: /订单号后四位/ });
    await app.user.clear(input);
    await app.user.type(input, digits);
  };
  const start = async () => {
    await app.user.click(screen.getByRole('button', { name: NAME }));
    await settle();
  };
  return { ...app, press, type, start, refunds: () => app.sent('POST', REFUND_PATH) };
};

describe('refunding a payment owed back (财务)', () => {
  beforeEach(() =>
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] }),
  );
  afterEach(() => vi.useRealTimers());

  it('lists the payment with its amount, reason and state', async () => {
    await openRefunds();
    const row = screen.getByRole('row', { name: new RegExp(modelRefundTarget.outTradeNo) });
    expect(row).toHaveTextContent('¥300.00');
    expect(row).toHaveTextContent('付款时名额已无');
    expect(row).toHaveTextContent('未退款');
  });

  it('needs both confirmations and sends once; the list then says it is under way', async () => {
    const { start, press, type, refunds } = await openRefunds();
    await start();
    expect(screen.getByRole('dialog', { name: '确认退款' })).toHaveTextContent('¥300.00');
    await press('下一步');
    expect(refunds()).toHaveLength(0);
    // Pressed without the last four, then with wrong ones: refused beside the field, nothing sent.
    await press('确认退款');
    const digits = screen.getByRole('textbox', { name: /订单号后四位/ });
    expect(digits).toHaveAccessibleDescription(CONSOLE_MESSAGES.refundDigits);
    expect(digits).toHaveFocus();
    await type('1234');
    await press('确认退款');
    expect(refunds()).toHaveLength(0);
    await type('0031');
    await press('确认退款');
    expect(refunds()).toHaveLength(1);
    expect(refunds()[0]?.body).toEqual({ confirm: true });
    const done = screen.getByRole('dialog', { name: '退款已提交' });
    expect(done).toHaveTextContent('RF31');
    expect(done).toHaveTextContent('退款中');
    await press('关闭');
    await settleUntil(() => screen.queryByText('RF31'));
    expect(screen.getByRole('button', { name: NAME })).toBeDisabled();
    expect(refunds()).toHaveLength(1);
  });

  it.each([
    [409, PAYMENT_MESSAGES.refundUnderWay],
    [409, PAYMENT_MESSAGES.nothingToRefund],
    [503, PAYMENT_MESSAGES.gatewayUnavailable],
  ])('shows a refusal (%i) in the dialog', async (status, message) => {
    const { start, press, type, refunds } = await openRefunds(refused(status, message));
    await start();
    await press('下一步');
    await type('0031');
    await press('确认退款');
    const dialog = screen.getByRole('dialog', { name: '退款未能办理' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(message);
    expect(within(dialog).queryByRole('button', { name: '确认退款' })).toBeNull();
    expect(refunds()).toHaveLength(1);
  });

  it('cancel at either confirmation sends nothing', async () => {
    const { start, press, refunds } = await openRefunds();
    await start();
    await press('取消');
    await start();
    await press('下一步');
    await press('取消');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(refunds()).toHaveLength(0);
  });
});
