import { PAGE_SIZE, TOTAL_CAP } from '@contract/console';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, refused } from '../../support/fake-api';
import { api, keysetPage, renderConsole, reservationRow, settleUntil } from '../../support/fake-console-api';
import { passSecond, settle } from '../../support/statecharts/run-on-view';

const rows = Array.from({ length: PAGE_SIZE }, (_, i) =>
  reservationRow({ outTradeNo: `WF202611220900000000${String(i).padStart(2, '0')}` }),
);

/** Cursors as the server writes them: a time in µs and an id. */
const NEXT = '1763773200000000_26';
const PREV = '1763773100000000_25';

/** 订单 over a fake search that answers 45 orders in pages of PAGE_SIZE; `fail` answers 503 once. */
const openOrders = async (hash = '#/orders', { fail = false } = {}) => {
  // The console's reads try once more after a second: a failure is two refusals.
  let failing = fail ? 2 : 0;
  const app = renderConsole(hash, {
    [`GET ${api('/orders')}`]: ({ url }) => {
      if (failing > 0) {
        failing -= 1;
        return refused(503, '服务暂时不可用，请稍后再试');
      }
      const moved = url.searchParams.has('after') || url.searchParams.has('before');
      return ok(keysetPage(rows, { total: 45, prev: moved ? PREV : null, next: NEXT }));
    },
  });
  for (let second = 0; fail && second < 5 && !screen.queryByRole('button', { name: '重试' }); second += 1)
    await passSecond();
  await settleUntil(() => screen.queryByRole('grid') ?? screen.queryByRole('button', { name: '重试' }));
  const lastQuery = () => {
    const call = vi
      .mocked(fetch)
      .mock.calls.filter(([u]) => String(u).includes('/admin/api/orders'))
      .at(-1);
    return new URL(String(call?.[0])).searchParams;
  };
  return { ...app, lastQuery };
};

describe('订单: the order search', () => {
  beforeEach(() =>
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] }),
  );
  afterEach(() => vi.useRealTimers());

  it('lists orders with the phone as the server masks it, each number linking to its page', async () => {
    await openOrders();
    const table = screen.getByRole('grid', { name: '订单列表' });
    const first = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(first).toHaveTextContent('138****5678');
    expect(first).toHaveTextContent('¥12,000.00');
    expect(first).toHaveTextContent('已预订');
    expect(within(first).getByRole('link', { name: 'WF20261122090000000000' })).toHaveAttribute(
      'href',
      '#/orders/WF20261122090000000000',
    );
    expect(screen.getByText('共 45 条')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '上一页' })).toBeDisabled();
  });

  it('keeps the search, filter, sort and page in the URL and sends them to the server', async () => {
    const { user, lastQuery } = await openOrders();
    await user.type(screen.getByRole('textbox', { name: '订单号、手机号或姓名' }), '陈明{Enter}');
    await settle(10);
    expect(window.location.hash).toBe('#/orders?q=%E9%99%88%E6%98%8E');
    expect(lastQuery().get('q')).toBe('陈明');
    await user.click(screen.getByRole('radio', { name: '已预订' }));
    await settle(10);
    await user.click(screen.getByRole('switch', { name: '仅保留单' }));
    await settle(10);
    await user.click(screen.getByRole('columnheader', { name: /金额/ }));
    await settle(10);
    expect(lastQuery().get('sort')).toBe('amount');
    await user.click(screen.getByRole('button', { name: '下一页' }));
    await settle(10);
    const query = lastQuery();
    expect(Object.fromEntries(query)).toEqual({
      q: '陈明',
      state: '0',
      reservation: 'true',
      sort: 'amount',
      dir: 'asc',
      after: NEXT,
    });
    expect(window.location.hash).toContain(`after=${NEXT}`);
    await user.click(screen.getByRole('button', { name: '上一页' }));
    await settle(10);
    expect(lastQuery().get('before')).toBe(PREV);
    // A new search starts from the list's start.
    await user.click(screen.getByRole('radio', { name: '已支付' }));
    await settle(10);
    expect([lastQuery().get('after'), lastQuery().get('before'), lastQuery().get('state')]).toEqual([
      null,
      null,
      '1',
    ]);
  });

  it('opens with the search the address names (a reload or a link)', async () => {
    const { lastQuery } = await openOrders(
      `#/orders?q=13812345678&state=1&sort=holdUntil&dir=asc&after=${NEXT}`,
    );
    expect(Object.fromEntries(lastQuery())).toEqual({
      q: '13812345678',
      state: '1',
      sort: 'holdUntil',
      dir: 'asc',
      after: NEXT,
    });
    expect(screen.getByRole('textbox', { name: '订单号、手机号或姓名' })).toHaveValue('13812345678');
    expect(screen.getByRole('radio', { name: '已支付' })).toBeChecked();
    expect(screen.getByRole('columnheader', { name: /保留至/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('says when the list cannot load, and 重试 asks again', async () => {
    const { user } = await openOrders('#/orders', { fail: true });
    expect(screen.getByRole('alert')).toHaveTextContent('服务暂时不可用');
    await user.click(screen.getByRole('button', { name: '重试' }));
    await settleUntil(() => screen.queryByRole('grid'));
  });

  it('a search past the count says 超过 1000 条', async () => {
    renderConsole('#/orders', {
      [`GET ${api('/orders')}`]: () =>
        ok(keysetPage(rows, { total: TOTAL_CAP, totalCapped: true, next: NEXT })),
    });
    await settleUntil(() => screen.queryByRole('grid'));
    expect(screen.getByText(`超过 ${TOTAL_CAP} 条`)).toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    renderConsole('#/orders?q=nobody', { [`GET ${api('/orders')}`]: () => ok(keysetPage([])) });
    await settleUntil(() => screen.queryByText('没有符合条件的订单'));
    expect(screen.getByText('共 0 条')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '下一页' })).toBeDisabled();
  });

  it('到寺付款 asks the open reservations, the soonest to end first, each with 登记到寺付款', async () => {
    const { lastQuery } = await openOrders('#/reservations');
    expect(screen.getByText('保留7天、待信众到寺付款的订单，即将到期的在前。')).toBeInTheDocument();
    expect(Object.fromEntries(lastQuery())).toEqual({
      state: '0',
      reservation: 'true',
      sort: 'holdUntil',
      dir: 'asc',
    });
    expect(screen.getByRole('columnheader', { name: /保留至/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getAllByRole('button', { name: /^登记到寺付款 WF/ })).toHaveLength(PAGE_SIZE);
  });
});
