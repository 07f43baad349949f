import { CONSOLE_MESSAGES } from '@contract/console';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../support/fake-api';
import {
  api,
  orderDetail,
  paidDetail,
  renderConsole,
  settleUntil,
  staffMe,
  todayAnswer,
} from '../../support/fake-console-api';
import { settle } from '../../support/statecharts/run-on-view';

const NO = orderDetail().order.outTradeNo;

describe('今日 and an order page', () => {
  beforeEach(() =>
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] }),
  );
  afterEach(() => vi.useRealTimers());

  it('今日 shows the day: assemblies, ceremonies, reservations ending soon, messages, the sweeper', async () => {
    renderConsole('#/today', { [`GET ${api('/today')}`]: () => ok(todayAnswer()) });
    await settleUntil(() => screen.queryByRole('region', { name: '今日法会' }));
    expect(screen.getByRole('region', { name: '今日法会' })).toHaveTextContent(
      '清明超荐法会已付款 12 · 待付款 2',
    );
    expect(screen.getByRole('region', { name: '今日佛事' })).toHaveTextContent('08:30-10:00往生普佛');
    const soon = screen.getByRole('region', { name: '保留即将到期' });
    expect(within(soon).getByRole('link', { name: NO })).toHaveAttribute('href', `#/orders/${NO}`);
    expect(screen.getByRole('region', { name: '未发送短信' })).toHaveTextContent('1 条');
    expect(screen.getByRole('region', { name: '自动处理上次运行' })).toHaveTextContent('2026/11/22 09:00');
    // A clerk has no refund permission: the count is not shown.
    expect(screen.queryByRole('region', { name: '待退款' })).toBeNull();
  });

  it('今日 says how many reservations end soon when it lists only the first of them, with the way to all', async () => {
    renderConsole('#/today', {
      [`GET ${api('/today')}`]: () => ok(todayAnswer({ reservationsEndingSoonTotal: 73 })),
    });
    await settleUntil(() => screen.queryByRole('region', { name: '保留即将到期' }));
    const soon = screen.getByRole('region', { name: '保留即将到期' });
    expect(soon).toHaveTextContent('共 73 条，此处列出最先到期的 1 条');
    expect(within(soon).getByRole('link', { name: '在“到寺付款”中查看全部' })).toHaveAttribute(
      'href',
      '#/reservations',
    );
  });

  it('今日 for finance shows the refunds waiting, and a sweeper that never ran', async () => {
    renderConsole(
      '#/today',
      { [`GET ${api('/today')}`]: () => ok(todayAnswer({ sweeperLastRunAt: null, assemblies: [] })) },
      { me: staffMe(['finance']) },
    );
    await settleUntil(() => screen.queryByRole('region', { name: '待退款' }));
    expect(screen.getByRole('region', { name: '待退款' })).toHaveTextContent('2 笔');
    expect(screen.getByRole('link', { name: '前往退款' })).toHaveAttribute('href', '#/refunds');
    expect(screen.getByText('尚未运行')).toBeInTheDocument();
    expect(screen.getByText('今日没有法会')).toBeInTheDocument();
  });

  it('an order page shows lines, entries with 阳上 names, places, payments and history', async () => {
    renderConsole(`#/orders/${NO}`, { [`GET ${api(`/orders/${NO}`)}`]: () => ok(paidDetail(orderDetail())) });
    await settleUntil(() => screen.queryByText('陈氏历代祖先'));
    expect(screen.getByText('陈氏历代祖先').closest('li')).toHaveTextContent(
      '往生陈氏历代祖先阳上：陈明、陈亮',
    );
    expect(screen.getByText('大殿牌位区 第3排第5位')).toBeInTheDocument();
    expect(screen.getByText('R-2026-001').closest('tr')).toHaveTextContent('现金');
    expect(screen.getByText('下单（保留7天）')).toBeInTheDocument();
    expect(screen.getByText(/13812345678/)).toHaveTextContent('陈明');
    // Paid and not a statue: nothing to do.
    expect(screen.queryByRole('region', { name: '订单操作' })).toBeNull();
  });

  it('a ceremony paid by its deposit: its price, 已付定金 · 待补 by when, what the believer typed, and 登记补缴余款 for the balance', async () => {
    const ceremony = orderDetail(
      {
        type: 2,
        state: 1,
        reservation: false,
        description: '独姓佛事定金·延生普佛·2026-12-20 13:30-15:00',
        amountFen: 100_000,
        money: {
          priceFen: 380_000,
          paidFen: 100_000,
          owedFen: 280_000,
          owedBy: '2026-12-08',
          settled: false,
          depositFen: 100_000,
        },
        paidAt: '2026-12-01T02:00:00.000Z',
      },
      {
        entries: [
          { position: 0, kind: '延生', tablets: ['王德明'], births: ['1948-03-02'], deaths: [''], ys: [] },
        ],
        ceremony: {
          cause: '为父母祈福延寿',
          address: '上海市静安区愚园路1号',
          remark: '上午到寺',
          tabletType: '延生禄位',
          tier: '一堂',
          comeBy: '2026-12-08',
        },
      },
    );
    const { user, sent } = renderConsole(`#/orders/${NO}`, {
      [`GET ${api(`/orders/${NO}`)}`]: () => ok(ceremony),
      [`POST ${api(`/orders/${NO}/payment`)}`]: () => ok(ceremony),
    });
    await settleUntil(() => screen.queryByText('为父母祈福延寿'));
    expect(screen.getByText('类别').nextElementSibling).toHaveTextContent(
      '独姓佛事：延生普佛·2026-12-20 13:30-15:00',
    );
    expect(screen.getByText('价格').nextElementSibling).toHaveTextContent('¥3,800.00');
    expect(screen.getByText('款项').nextElementSibling).toHaveTextContent(
      '已付定金 ¥1,000 · 待补 ¥2,800请于 2026-12-08 前到寺补缴',
    );
    const facts = screen.getByRole('region', { name: '佛事信息' });
    for (const text of [
      '延生禄位 · 一堂',
      '为父母祈福延寿',
      '上海市静安区愚园路1号',
      '上午到寺',
      '2026-12-08',
    ])
      expect(facts).toHaveTextContent(text);
    expect(screen.getByText(/王德明/)).toHaveTextContent('王德明（出生 1948-03-02）');
    // The balance is taken at the counter: the dialog asks for what is still owed.
    await user.click(screen.getByRole('button', { name: '登记补缴余款' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: /收款金额/ })).toHaveValue('2800.00');
    expect(sent('POST', `/orders/${NO}/payment`)).toEqual([]);
  });

  it('hides the order actions from a role without them (finance)', async () => {
    renderConsole(
      `#/orders/${NO}`,
      { [`GET ${api(`/orders/${NO}`)}`]: () => ok(orderDetail()) },
      {
        me: staffMe(['finance']),
      },
    );
    await settleUntil(() => screen.queryByText('陈氏历代祖先'));
    expect(screen.queryByRole('button', { name: '登记到寺付款' })).toBeNull();
    expect(screen.queryByRole('button', { name: '延长保留' })).toBeNull();
  });

  it('extends a hold with days and a reason, judged before sending', async () => {
    const { user, sent } = renderConsole(`#/orders/${NO}`, {
      [`GET ${api(`/orders/${NO}`)}`]: () => ok(orderDetail()),
      [`POST ${api(`/orders/${NO}/extend`)}`]: () => ok(orderDetail()),
    });
    await settleUntil(() => screen.queryByRole('button', { name: '延长保留' }));
    await user.click(screen.getByRole('button', { name: '延长保留' }));
    await settle();
    const dialog = within(screen.getByRole('dialog', { name: '延长保留' }));
    await user.click(dialog.getByRole('button', { name: '确认延长' }));
    expect(dialog.getByRole('radiogroup')).toHaveAccessibleDescription(CONSOLE_MESSAGES.daysInvalid);
    expect(dialog.getByRole('textbox', { name: '原因' })).toHaveAccessibleDescription(
      CONSOLE_MESSAGES.reasonEmpty,
    );
    expect(sent('POST', `/orders/${NO}/extend`)).toHaveLength(0);
    await user.click(dialog.getByRole('radio', { name: '3天' }));
    await user.type(dialog.getByRole('textbox', { name: '原因' }), '信众来电，下周到寺');
    await user.click(dialog.getByRole('button', { name: '确认延长' }));
    await settle(10);
    expect(sent('POST', `/orders/${NO}/extend`).map((c) => c.body)).toEqual([
      { days: 3, reason: '信众来电，下周到寺' },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('cancels an unpaid order only after its confirmation with a reason', async () => {
    const { user, sent } = renderConsole(`#/orders/${NO}`, {
      [`GET ${api(`/orders/${NO}`)}`]: () => ok(orderDetail()),
      [`POST ${api(`/orders/${NO}/cancel`)}`]: () => ok(orderDetail({ state: 5 })),
    });
    await settleUntil(() => screen.queryByRole('button', { name: '释放/取消订单' }));
    await user.click(screen.getByRole('button', { name: '释放/取消订单' }));
    await settle();
    const dialog = within(screen.getByRole('dialog', { name: '释放/取消订单' }));
    await user.click(dialog.getByRole('button', { name: '返回' }));
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: '释放/取消订单' }));
    await settle();
    const again = within(screen.getByRole('dialog', { name: '释放/取消订单' }));
    await user.type(again.getByRole('textbox', { name: '原因' }), '信众来电取消');
    await user.click(again.getByRole('button', { name: '确认取消' }));
    await settle(10);
    expect(sent('POST', `/orders/${NO}/cancel`).map((c) => c.body)).toEqual([{ reason: '信众来电取消' }]);
  });

  it('offers 标记已供奉 for a paid statue order to a clerk', async () => {
    const statue = paidDetail(orderDetail({ type: 7, reservation: false }));
    const { user, sent } = renderConsole(`#/orders/${NO}`, {
      [`GET ${api(`/orders/${NO}`)}`]: () => ok(statue),
      [`POST ${api(`/orders/${NO}/enshrined`)}`]: () => ok(statue),
    });
    await settleUntil(() => screen.queryByRole('button', { name: '标记已供奉' }));
    expect(screen.queryByRole('button', { name: '释放/取消订单' })).toBeNull();
    await user.click(screen.getByRole('button', { name: '标记已供奉' }));
    await settle();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '确认已供奉' }));
    await settle(10);
    expect(sent('POST', `/orders/${NO}/enshrined`)).toHaveLength(1);
  });
});
