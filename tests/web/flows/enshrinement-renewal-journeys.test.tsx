import { MEMBERSHIP_MESSAGES } from '@contract/membership';
import { IDEMPOTENCY_HEADER, RESERVATION_NOTICE, RESERVED_MESSAGE } from '@contract/payment';
import { RENEWAL_MESSAGES } from '@contract/renewal';
import { modelEnshrinement } from '@machines/enshrinement-renewal.machine';
import { screen, within } from '@testing-library/react';
import { sessionStore } from '@web/api/session';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, heldCalls, ok, portalOk, refused } from '../../support/fake-api';
import { renewalAnswer } from '../../support/statecharts/fixtures/enshrinement-renewal';
import { passSecond, settle } from '../../support/statecharts/run-on-view';
import { openRenewal, RENEWAL_ORDER_PATH, WORSHIP_PATH } from './enshrinement-renewal.flow';

/** 当前供奉 with the renewal dialog of the model enshrinement open; orders answer in turn. */
const renew = async ({
  orderAnswers = [portalOk(renewalAnswer(1))],
  paid = () => false,
}: {
  /** In turn; a function answers when it resolves (a held answer). */
  orderAnswers?: (FakeAnswer | 'network' | (() => Promise<FakeAnswer>))[];
  paid?: () => boolean;
} = {}) => {
  let renewed = false;
  const app = await openRenewal({
    [`POST ${RENEWAL_ORDER_PATH}`]: () => {
      const answer = orderAnswers.shift() ?? portalOk(renewalAnswer(1));
      if (answer === 'network') throw new TypeError('Failed to fetch');
      return typeof answer === 'function' ? answer() : answer;
    },
    'POST /portal/rs/payapi/v1/pay/payResult': () => {
      renewed = paid();
      return { body: { code: 0, msg: renewed ? '1' : '0' } };
    },
    // Once paid, the term ends a year later.
    [`GET ${WORSHIP_PATH}`]: () =>
      ok({
        content: [
          renewed
            ? {
                ...modelEnshrinement,
                END_DATE: '2028-11-22',
                GF_CYCLE: '2026-11-22至2028-11-22',
                gfCycle: '2026-11-22至2028-11-22',
              }
            : modelEnshrinement,
        ],
        totalElements: 1,
      }),
  });
  const { user, api } = app;
  const dialog = (name: string) => screen.getByRole('dialog', { name });
  const isOpen = (name: string) => screen.queryByRole('dialog', { name }) !== null;
  const press = async (dialogName: string, name: string) => {
    await user.click(within(dialog(dialogName)).getByRole('button', { name }));
    await settle(10);
  };
  const chooseYears = async (years: number) => {
    await user.click(within(dialog('供奉续费')).getByRole('radio', { name: `${years}年` }));
    await settle();
  };
  const orders = () => api.calls.filter((c) => c.path === RENEWAL_ORDER_PATH);
  const keys = () => orders().map((c) => c.headers.get(IDEMPOTENCY_HEADER));
  /** How often the user centre's lists were asked (当前供奉 shows: its list is the one asked). */
  const listed = () => api.calls.filter((c) => c.path === WORSHIP_PATH).length;
  return { ...app, dialog, isOpen, press, chooseYears, orders, keys, listed };
};

describe('renewing an enshrinement from 当前供奉', { timeout: 30_000 }, () => {
  beforeEach(() =>
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] }),
  );
  afterEach(() => {
    vi.useRealTimers();
    sessionStore.clear();
  });

  it('1 year: ¥4,000 online, the QR, paid: the dialog closes and the longer term is shown', async () => {
    const page = await renew({ paid: () => true });
    const renewal = page.dialog('供奉续费');
    expect(renewal).toHaveTextContent(modelEnshrinement.GF_NR);
    expect(renewal).toHaveTextContent('2027-11-22');
    expect(within(renewal).getByRole('radio', { name: '1年' })).toBeChecked();
    expect(within(renewal).getByTestId('renewal-total')).toHaveTextContent('¥4,000');
    expect(within(renewal).queryByText(RESERVATION_NOTICE)).not.toBeInTheDocument();

    await page.press('供奉续费', '确认续费');
    await settle(10);
    expect(page.orders()).toHaveLength(1);
    expect(page.orders()[0]?.body).toMatchObject({
      type: 4,
      RENEW: 1,
      CHANNEL: 'pc',
      MOBILE: '13812345678',
      ID: modelEnshrinement.ID,
      YEARS: 1,
      GF_TYPE: '2',
      customAmount: 4000,
      FX_YD_FLAG: '0',
      FX_PRICE: 4000,
    });
    const qr = page.dialog('请扫码支付');
    expect(qr).toHaveTextContent(renewalAnswer(1).description);
    expect(page.isOpen('供奉续费')).toBe(false);

    await passSecond();
    await settle(10);
    await vi.waitFor(() => expect(page.isOpen('请扫码支付')).toBe(false));
    expect(page.isOpen('供奉续费')).toBe(false);
    const list = screen.getByRole('list', { name: '当前供奉' });
    await vi.waitFor(() => expect(list).toHaveTextContent('2026-11-22至2028-11-22'));
  });

  it('3 years: ¥12,000 is a reservation: the notice, FX_YD_FLAG 1, 预订成功 instead of a QR', async () => {
    const page = await renew({ orderAnswers: [portalOk(renewalAnswer(3), RESERVED_MESSAGE)] });
    await page.chooseYears(3);
    const renewal = page.dialog('供奉续费');
    expect(within(renewal).getByTestId('renewal-total')).toHaveTextContent('¥12,000');
    expect(within(renewal).getByText(RESERVATION_NOTICE)).toBeInTheDocument();

    const before = page.listed();
    await page.press('供奉续费', '确认续费');
    await settle(10);
    expect(page.orders()[0]?.body).toMatchObject({ YEARS: 3, customAmount: 12000, FX_YD_FLAG: '1' });
    expect(page.isOpen('请扫码支付')).toBe(false);
    expect(within(page.dialog('预订成功')).getByText(RESERVATION_NOTICE)).toBeInTheDocument();

    // The reservation is a new order in 我的订单: the user centre's lists are asked again.
    await vi.waitFor(() => expect(page.listed()).toBeGreaterThan(before));
    await page.press('预订成功', '确定');
    expect(page.isOpen('预订成功')).toBe(false);
    expect(page.isOpen('供奉续费')).toBe(false);
    expect(screen.getByRole('list', { name: '当前供奉' })).toHaveTextContent('2026-11-22至2027-11-22');
  });

  it('a refusal is shown beside the button in the server’s words; another choice clears it', async () => {
    const page = await renew({
      orderAnswers: [refused(400, RENEWAL_MESSAGES.totalMismatch), portalOk(renewalAnswer(2))],
    });
    await page.press('供奉续费', '确认续费');
    await settle(10);
    const renewal = page.dialog('供奉续费');
    expect(within(renewal).getByRole('alert')).toHaveTextContent(RENEWAL_MESSAGES.totalMismatch);
    expect(within(renewal).getByRole('button', { name: '确认续费' })).toBeEnabled();
    expect(page.isOpen('请扫码支付')).toBe(false);
    await page.chooseYears(2);
    expect(within(renewal).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(renewal).getByTestId('renewal-total')).toHaveTextContent('¥8,000');
    // The next try is another submission: a fresh key.
    await page.press('供奉续费', '确认续费');
    await settle(10);
    const keys = page.orders().map((c) => c.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
    expect(page.orders()[1]?.body).toMatchObject({ YEARS: 2, customAmount: 8000 });
    expect(page.dialog('请扫码支付')).toHaveTextContent(renewalAnswer(2).description);
  });

  it('no QR (the network failed): 获取二维码失败, no QR dialog, and the button works again', async () => {
    const page = await renew({ orderAnswers: ['network', refused(503, '服务器繁忙，请稍后再试')] });
    await page.press('供奉续费', '确认续费');
    await settle(10);
    const renewal = page.dialog('供奉续费');
    expect(within(renewal).getByRole('alert')).toHaveTextContent(MEMBERSHIP_MESSAGES.qrFailed);
    expect(page.isOpen('请扫码支付')).toBe(false);
    // The server down says the same.
    await page.press('供奉续费', '确认续费');
    await settle(10);
    expect(within(renewal).getByRole('alert')).toHaveTextContent(MEMBERSHIP_MESSAGES.qrFailed);
    // The third try gets its QR.
    await page.press('供奉续费', '确认续费');
    await settle(10);
    expect(page.orders()).toHaveLength(3);
    expect(page.dialog('请扫码支付')).toBeInTheDocument();
    // Every try of one submission carries its key: an answer lost on the way cannot make a second order.
    const [first] = page.keys();
    expect(first).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(page.keys()).toEqual([first, first, first]);
  });

  it('a QR closed unpaid: back in the dialog, the lists asked again; 确认续费 asks for the same order with the same key', async () => {
    const page = await renew({ orderAnswers: [portalOk(renewalAnswer(1)), portalOk(renewalAnswer(1))] });
    await page.press('供奉续费', '确认续费');
    const before = page.listed();
    await page.press('请扫码支付', '关闭');
    expect(page.isOpen('请扫码支付')).toBe(false);
    expect(page.dialog('供奉续费')).toBeInTheDocument();
    // The unpaid order waits in 我的订单 (去支付): the user centre's lists are asked again.
    await vi.waitFor(() => expect(page.listed()).toBeGreaterThan(before));
    await page.press('供奉续费', '确认续费');
    const [first, second] = page.keys();
    expect(page.keys()).toHaveLength(2);
    expect(second).toBe(first);
    expect(page.orders()[1]?.body).toEqual(page.orders()[0]?.body);
    // The server resumes the unpaid order: its QR again.
    expect(page.dialog('请扫码支付')).toHaveTextContent(renewalAnswer(1).description);
  });

  it('while the order is made: 确认续费 pending (请稍候…), 取消 disabled; the answer ends the wait', async () => {
    const held = heldCalls();
    const page = await renew({ orderAnswers: [held.next] });
    await page.press('供奉续费', '确认续费');
    const renewal = page.dialog('供奉续费');
    expect(within(renewal).getByRole('button', { name: '请稍候…' })).toBeInTheDocument();
    expect(within(renewal).queryByRole('button', { name: '确认续费' })).not.toBeInTheDocument();
    expect(within(renewal).getByRole('button', { name: '取消' })).toBeDisabled();
    await page.user.click(within(renewal).getByRole('button', { name: '取消' }));
    await page.user.click(within(renewal).getByRole('button', { name: '请稍候…' }));
    await settle(10);
    expect(page.orders()).toHaveLength(1);
    expect(page.isOpen('供奉续费')).toBe(true);
    held.answer(portalOk(renewalAnswer(1)));
    await settle(10);
    expect(page.dialog('请扫码支付')).toBeInTheDocument();
    expect(page.isOpen('供奉续费')).toBe(false);
  });
});
