import {
  moneySummary,
  type OrderMoneyFacts,
  orderMoney,
  owedByNote,
  owesBalance,
} from '@contract/order-money';
import { ORDER_STATE } from '@contract/payment';
import { describe, expect, it } from 'vitest';

const facts = { priceFen: 380_000, settlesFen: 380_000, paidFen: 0, holdEndsOn: null, comeBy: null };

/** Issue 34: one model of an order's money for every kind: price = paid + owed while it is open. */
describe('an order’s money', () => {
  it.each([
    [
      'awaiting its QR: all of it owed, no day',
      { state: ORDER_STATE.reserved },
      380_000,
      null,
      false,
      '待付 ¥3,800',
    ],
    [
      'a ceremony awaiting its deposit’s QR: the deposit now, the rest at the temple',
      { state: ORDER_STATE.reserved, settlesFen: 100_000 },
      380_000,
      null,
      false,
      '待付定金 ¥1,000 · 余款 ¥2,800 到寺补缴',
    ],
    [
      'a reservation: all of it owed by the end of its hold',
      { state: ORDER_STATE.reserved, holdEndsOn: '2026-11-29' },
      380_000,
      '2026-11-29',
      false,
      '待付 ¥3,800',
    ],
    [
      'a ceremony paid by its deposit: the rest owed by the day to come by',
      { state: ORDER_STATE.paid, settlesFen: 100_000, paidFen: 100_000, comeBy: '2026-12-08' },
      280_000,
      '2026-12-08',
      false,
      '已付定金 ¥1,000 · 待补 ¥2,800',
    ],
    ['paid whole: settled', { state: ORDER_STATE.paid, paidFen: 380_000 }, 0, null, true, '已付清 ¥3,800'],
    ['closed unpaid: nothing owed', { state: ORDER_STATE.closed }, 0, null, false, ''],
    [
      'refunded: nothing owed, not settled',
      { state: ORDER_STATE.refunded, paidFen: 380_000 },
      0,
      null,
      false,
      '',
    ],
    [
      'refunding: nothing owed',
      { state: ORDER_STATE.refunding, paidFen: 100_000, comeBy: '2026-12-08' },
      0,
      null,
      false,
      '',
    ],
  ])('%s', (_, over: Partial<OrderMoneyFacts>, owedFen, owedBy, settled, summary) => {
    const money = orderMoney({ ...facts, state: ORDER_STATE.reserved, ...over });
    const depositFen = over.settlesFen === undefined ? null : over.settlesFen;
    expect(money).toEqual({
      priceFen: 380_000,
      paidFen: over.paidFen ?? 0,
      owedFen,
      owedBy,
      settled,
      depositFen,
    });
    expect(moneySummary(money)).toBe(summary);
  });

  it('says by when, and whether a balance is owed after a deposit', () => {
    const deposit = orderMoney({ ...facts, state: ORDER_STATE.paid, paidFen: 100_000, comeBy: '2026-12-08' });
    expect(owesBalance(deposit)).toBe(true);
    expect(owedByNote(deposit)).toBe('请于 2026-12-08 前到寺补缴');
    const reservation = orderMoney({ ...facts, state: ORDER_STATE.reserved, holdEndsOn: '2026-11-29' });
    expect(owesBalance(reservation)).toBe(false);
    expect(owedByNote(reservation)).toBe('请于 2026-11-29 前付款');
    expect(owedByNote(orderMoney({ ...facts, state: ORDER_STATE.paid, paidFen: 380_000 }))).toBe('');
  });
});
