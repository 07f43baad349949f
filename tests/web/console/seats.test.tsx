import { CONSOLE_MESSAGES } from '@contract/console';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { heldCalls, ok, refused } from '../../support/fake-api';
import { renderConsole } from '../../support/fake-console-api';

const seats = [
  { id: 1, row: 1, col: 1, state: 'free', holder: null },
  { id: 2, row: 1, col: 2, state: 'paid', holder: { outTradeNo: 'WF20261122100000000009', name: '陈明' } },
  { id: 3, row: 2, col: 1, state: 'blocked', holder: null },
  {
    id: 4,
    row: 2,
    col: 2,
    state: 'enshrined',
    holder: { outTradeNo: 'WF20261122100000000010', name: '李华' },
  },
];

const open = () => {
  const blocks = heldCalls();
  const enshrines = heldCalls();
  const page = renderConsole('#/seats?map=statue%3A1-A', {
    'GET /admin/api/seats': () => ok([{ kind: 'statue', key: '1-A', title: '大殿内 · A区' }]),
    'GET /admin/api/seats/statue/1-A': () => ok({ title: '大殿内 · A区', seats }),
    'POST /admin/api/seats/statue/seat/1': blocks.next,
    'POST /admin/api/orders/WF20261122100000000009/enshrined': enshrines.next,
  });
  return { ...page, blocks, enshrines };
};

const seatOption = (name: RegExp) => screen.getByRole('row', { name });

describe('seat maps', { timeout: 30_000 }, () => {
  it('each seat says its state in words; the selected seat shows its holder and order', async () => {
    const page = open();
    await screen.findByRole('grid', { name: '大殿内 · A区座位' }, { timeout: 15_000 });
    expect(seatOption(/第1排第1列 空位/)).toBeInTheDocument();
    expect(seatOption(/第2排第1列 已封存/)).toBeInTheDocument();
    expect(seatOption(/第2排第2列 已售已供 李华/)).toBeInTheDocument();
    await page.user.click(seatOption(/第1排第2列 已售未供 陈明/));
    const panel = within(screen.getByRole('region', { name: '座位详情 · 第1排第2列' }));
    expect(panel.getByRole('link', { name: 'WF20261122100000000009' })).toHaveAttribute(
      'href',
      '#/orders/WF20261122100000000009',
    );
    await page.user.click(panel.getByRole('button', { name: '标记已供奉' }));
    await page.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '标记已供奉' }));
    expect(page.callsTo('POST', '/admin/api/orders/WF20261122100000000009/enshrined')).toHaveLength(1);
  });

  it('封存 needs a reason: without one the message is beside the field and nothing is sent; a refusal is shown', async () => {
    const page = open();
    await screen.findByRole('grid', { name: '大殿内 · A区座位' }, { timeout: 15_000 });
    await page.user.click(seatOption(/第1排第1列 空位/));
    await page.user.click(screen.getByRole('button', { name: '封存' }));
    const dialog = within(screen.getByRole('dialog'));
    await page.user.click(dialog.getByRole('button', { name: '封存座位' }));
    expect(dialog.getByRole('textbox', { name: /原因/ })).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByText(CONSOLE_MESSAGES.reasonEmpty)).toBeInTheDocument();
    expect(page.callsTo('POST', '/admin/api/seats/statue/seat/1')).toHaveLength(0);
    await page.user.type(dialog.getByRole('textbox', { name: /原因/ }), '维修');
    await page.user.click(dialog.getByRole('button', { name: '封存座位' }));
    expect(page.callsTo('POST', '/admin/api/seats/statue/seat/1').map((c) => c.body)).toEqual([
      { blocked: true, reason: '维修' },
    ]);
    page.blocks.answer(refused(409, CONSOLE_MESSAGES.seatHeld));
    await vi.waitFor(() => expect(dialog.getByRole('alert')).toHaveTextContent(CONSOLE_MESSAGES.seatHeld));
  });
});
