import { screen, waitFor, within } from '@testing-library/react';
import { sessionStore } from '@web/api/session';
import { toastQueue } from '@web/components/ui/toast';
import { CASHIER_RETURN } from '@web/features/user-center/cashier-return';
import { canPayAgain } from '@web/features/user-center/pay-again';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeRoute, fakeApi, ok, portalOk, refused } from '../support/fake-api';
import { renderApp } from '../support/render-app';
import { session } from '../support/statecharts/fixtures/auth-dialog';

const ORDERS = '/api/yxs-app/pay/getMyOrderList';
const ACTIVITIES = '/api/yxs-app/pay/getMyActivityHis';
const WORSHIP = '/api/yxs-app/pay/getMyWorship';

const order = (orderNo: string, orderState: number, payAmount = 100) => ({
  createTime: '2026-11-20 10:00:00',
  orderNo,
  typeName: '功德供养',
  payAmount,
  orderState,
  description: '',
  codeImgUrl: '',
  payOnline: false,
  expireTime: '',
  comeBy: '',
});

const activity = (activeName: string, status: string) => ({
  activeName,
  startDate: '2026-10-01',
  endDate: '2026-10-07',
  createUserName: '客堂',
  createTime: `2026-10-01 08:00:0${activeName.length}`,
  activeAmount: 200,
  status,
});

const enshrinement = (ID: number, gfStatus: string) => ({
  ID,
  GF_NR: `药师佛（铜）${ID}`,
  localtion: '大殿-东区',
  gfCycle: '2026-11-20至2027-11-19',
  gfType: '年供',
  orderNo: `WF00${ID}`,
  payAmonut: 1200,
  gfStatus,
  LOCATION: '大殿-东区',
  EXTTEXT1: '药师佛',
  EXTTEXT2: '铜',
  GFJ_TOTAL: 1200,
  GD_NAMES: '陈居士',
  GF_CYCLE: '2026-11-20至2027-11-19',
  GF_TYPE: '2',
  FX_LOCATION: '1',
  FX_MATERIAL: 1,
  FX_GROUP: 'A',
  FX_CNNAME: '药师佛',
  FX_PRICE: 1200,
  END_DATE: '2027-11-19',
  RENEWABLE: true,
});

/** An expiry an hour from now: the hold still lasts. */
const inAnHour = () => new Date(Date.now() + 60 * 60_000).toISOString();

const page = (content: unknown[], totalElements = content.length) => ok({ content, totalElements });

const open = async (tab: string, routes: Record<string, FakeRoute>) => {
  const api = fakeApi({
    'GET /api/yxs-app/user/me': () => ok(session.userInfo),
    // A bare path is a GET; 'POST /path' says its method.
    ...Object.fromEntries(
      Object.entries(routes).map(([path, route]) => [path.includes(' ') ? path : `GET ${path}`, route]),
    ),
  });
  sessionStore.save(session);
  const app = renderApp('#/UserCenter');
  await app.user.click(await screen.findByRole('tab', { name: tab }));
  return { ...app, api };
};

/** The query of each call to `path`, as the fake API saw it. */
const queries = (seen: URLSearchParams[]) => seen.map((q) => Object.fromEntries(q));

describe('user centre lists', () => {
  afterEach(() => {
    localStorage.clear();
    for (const t of toastQueue.visibleToasts) toastQueue.close(t.key);
  });

  it('我的订单: the table shows time, number, kind, amount and the state label, -- for an unknown state', async () => {
    await open('我的订单', {
      [ORDERS]: () =>
        page([order('WF001', 0), order('WF002', 1, 12.5), order('WF003', 4), order('WF004', 9)]),
    });
    const table = await screen.findByRole('table', { name: '我的订单' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').at(-2)?.textContent)).toEqual([
      '已预订',
      '已支付',
      '已退款',
      '--',
    ]);
    const cells = within(rows[1] as HTMLElement)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['2026-11-20 10:00:00', 'WF002', '功德供养', '¥12.50', '已支付', '']);
    expect(within(rows[1] as HTMLElement).getByText('WF002')).toHaveClass('select-all');
    // No QR from the server (a reservation, or the hold ran out): nothing to pay here.
    expect(within(table).queryByRole('button', { name: /去支付/ })).not.toBeInTheDocument();
  });

  it('我的订单: 去支付 opens the QR of an unpaid order; paid, the list is asked again and reads 已支付', async () => {
    let paid = false;
    const unpaid = {
      ...order('WF101', 0, 200),
      description: '功德供养·佛前供灯',
      codeImgUrl: 'http://localhost/pay/sandbox/WF101',
      payOnline: true,
      expireTime: inAnHour(),
    };
    const polled: unknown[] = [];
    const { user, api } = await open('我的订单', {
      [ORDERS]: () => page([paid ? order('WF101', 1, 200) : unpaid, order('WF102', 5)]),
      'POST /portal/rs/payapi/v1/pay/payResult': ({ body }) => {
        polled.push(body);
        paid = true;
        return { body: { code: 0, msg: '1' } };
      },
    });
    const table = await screen.findByRole('table', { name: '我的订单' });
    const fetched = () => api.calls.filter((c) => c.path === ORDERS).length;
    expect(fetched()).toBe(1);
    const buttons = within(table).getAllByRole('button', { name: /去支付/ });
    expect(buttons).toHaveLength(1);
    await user.click(buttons[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: '请扫码支付' });
    expect(dialog).toHaveTextContent('功德供养·佛前供灯');
    expect(dialog).toHaveTextContent('¥200');
    expect(within(dialog).getByTitle('支付二维码，订单号 WF101')).toBeInTheDocument();
    // The poll asks about that trade within a second; paid, the dialog closes and the list reloads.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '请扫码支付' })).not.toBeInTheDocument());
    expect(polled).toEqual([{ out_trade_no: 'WF101' }]);
    await waitFor(() => expect(fetched()).toBe(2));
    const row = await within(table).findByRole('row', { name: /WF101/ });
    await waitFor(() => expect(within(row).getAllByRole('cell').at(-2)).toHaveTextContent('已支付'));
    expect(within(table).queryByRole('button', { name: /去支付/ })).not.toBeInTheDocument();
  });

  it('我的订单: closing the QR unpaid keeps the order payable; a paid ceremony says the day to come by', async () => {
    const unpaid = {
      ...order('WF201', 0, 50),
      description: '功德供养·佛前添香油',
      codeImgUrl: 'http://localhost/pay/sandbox/WF201',
      payOnline: true,
      expireTime: inAnHour(),
    };
    const ceremony = { ...order('WF202', 1, 1000), typeName: '独姓佛事', comeBy: '2026-12-01' };
    const { user } = await open('我的订单', {
      [ORDERS]: () => page([unpaid, ceremony]),
      'POST /portal/rs/payapi/v1/pay/payResult': () => ({ body: { code: 0, msg: '0' } }),
    });
    const table = await screen.findByRole('table', { name: '我的订单' });
    expect(within(table).getByRole('row', { name: /WF202/ })).toHaveTextContent('来寺日期 2026-12-01');
    expect(within(table).getByRole('row', { name: /WF201/ })).not.toHaveTextContent('来寺日期');
    await user.click(within(table).getByRole('button', { name: /去支付/ }));
    const dialog = await screen.findByRole('dialog', { name: '请扫码支付' });
    await user.click(within(dialog).getByRole('button', { name: /^关闭$/ }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '请扫码支付' })).not.toBeInTheDocument());
    expect(await within(table).findByRole('button', { name: /去支付/ })).toBeEnabled();
  });

  it('我的订单: a ceremony paid by its deposit shows its price, 已付定金 · 待补 and the day to pay by; settled, no balance is said', async () => {
    const owed = {
      priceFen: 380_000,
      paidFen: 100_000,
      owedFen: 280_000,
      owedBy: '2026-12-08',
      settled: false,
      depositFen: 100_000,
    };
    const deposit = {
      ...order('WF301', 1, 1000),
      typeName: '独姓佛事',
      description: '独姓佛事定金·延生普佛·2026-12-20 13:30-15:00',
      comeBy: '2026-12-08',
      money: owed,
    };
    const awaitingQr = {
      ...deposit,
      orderNo: 'WF303',
      orderState: 0,
      comeBy: '',
      money: { ...owed, paidFen: 0, owedFen: 380_000, owedBy: null },
    };
    const settled = {
      ...deposit,
      orderNo: 'WF302',
      money: { ...owed, paidFen: 380_000, owedFen: 0, owedBy: null, settled: true },
    };
    await open('我的订单', { [ORDERS]: () => page([deposit, settled, awaitingQr]) });
    const table = await screen.findByRole('table', { name: '我的订单' });
    const row = within(table).getByRole('row', { name: /WF301/ });
    expect(row).toHaveTextContent('¥3,800已付定金 ¥1,000 · 待补 ¥2,800请于 2026-12-08 前到寺补缴');
    expect(row).toHaveTextContent('延生普佛·2026-12-20 13:30-15:00');
    const paid = within(table).getByRole('row', { name: /WF302/ });
    expect(paid).toHaveTextContent('¥3,800');
    expect(paid).not.toHaveTextContent('待补');
    expect(paid).not.toHaveTextContent('来寺日期');
    // Before its QR is paid: the deposit now, the rest at the temple.
    expect(within(table).getByRole('row', { name: /WF303/ })).toHaveTextContent(
      '¥3,800待付定金 ¥1,000 · 余款 ¥2,800 到寺补缴',
    );
  });

  it('我的订单: each row names what was booked; 取消订单 asks first, then cancels and asks the list again', async () => {
    let cancelled = false;
    const unpaid = {
      ...order('WF301', 0, 2000),
      typeName: '圣像供奉',
      description: '圣像供奉·大殿外东廊4排4号·观世音菩萨（铜鎏金）·年供',
      expireTime: inAnHour(),
    };
    const sent: unknown[] = [];
    const { user, api } = await open('我的订单', {
      [ORDERS]: () => page([cancelled ? { ...unpaid, orderState: 5, expireTime: '' } : unpaid]),
      'POST /portal/rs/payapi/v1/pay/cancelOrder': ({ body }) => {
        sent.push(body);
        cancelled = true;
        return portalOk({ orderState: 5 }, '订单已取消');
      },
    });
    const table = await screen.findByRole('table', { name: '我的订单' });
    const row = within(table).getByRole('row', { name: /WF301/ });
    expect(row).toHaveTextContent('大殿外东廊4排4号·观世音菩萨（铜鎏金）·年供');
    await user.click(within(row).getByRole('button', { name: '取消订单 WF301' }));
    const dialog = await screen.findByRole('dialog', { name: '取消订单' });
    expect(dialog).toHaveTextContent('WF301');
    // 不取消 leaves it as it was.
    await user.click(within(dialog).getByRole('button', { name: '不取消' }));
    expect(sent).toEqual([]);
    await user.click(within(row).getByRole('button', { name: '取消订单 WF301' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '取消订单' })).getByRole('button', {
        name: '确定取消',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '取消订单' })).not.toBeInTheDocument());
    expect(sent).toEqual([{ out_trade_no: 'WF301' }]);
    await waitFor(() => expect(api.calls.filter((c) => c.path === ORDERS)).toHaveLength(2));
    const after = await within(table).findByRole('row', { name: /WF301/ });
    await waitFor(() => expect(within(after).getAllByRole('cell').at(-2)).toHaveTextContent('已关闭'));
    expect(within(table).queryByRole('button', { name: /取消订单/ })).not.toBeInTheDocument();
    // The row's button went with the cancel: focus is on the table, not lost.
    await waitFor(() => expect(table).toHaveFocus());
  });

  it('我的订单: a cancel refused (paid meanwhile) says why, closes the dialog and asks the list again', async () => {
    let paid = false;
    const unpaid = { ...order('WF311', 0, 100), description: '功德供养·佛前供灯', expireTime: inAnHour() };
    const { user, api } = await open('我的订单', {
      [ORDERS]: () => page([paid ? { ...unpaid, orderState: 1, expireTime: '' } : unpaid]),
      'POST /portal/rs/payapi/v1/pay/cancelOrder': () => {
        paid = true;
        return refused(409, '该订单已关闭或已支付，无法办理');
      },
    });
    const table = await screen.findByRole('table', { name: '我的订单' });
    await user.click(within(table).getByRole('button', { name: '取消订单 WF311' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '取消订单' })).getByRole('button', {
        name: '确定取消',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '取消订单' })).not.toBeInTheDocument());
    expect(toastQueue.visibleToasts.map((t) => t.content.text)).toContain('该订单已关闭或已支付，无法办理');
    await waitFor(() => expect(api.calls.filter((c) => c.path === ORDERS)).toHaveLength(2));
    const row = within(table).getByRole('row', { name: /WF311/ });
    await waitFor(() => expect(within(row).getAllByRole('cell').at(-2)).toHaveTextContent('已支付'));
  });

  it('我的订单: no 去支付 once the hold has passed (a tab left open), nor without an expiry', async () => {
    const unpaid = (orderNo: string, expireTime: string) => ({
      ...order(orderNo, 0, 50),
      codeImgUrl: `http://localhost/pay/sandbox/${orderNo}`,
      payOnline: true,
      expireTime,
    });
    await open('我的订单', {
      [ORDERS]: () =>
        page([
          unpaid('WF301', new Date(Date.now() - 60_000).toISOString()),
          unpaid('WF302', ''),
          unpaid('WF303', inAnHour()),
        ]),
    });
    const table = await screen.findByRole('table', { name: '我的订单' });
    await within(table).findByRole('row', { name: /WF301/ });
    expect(
      within(table)
        .getAllByRole('button', { name: /去支付/ })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['去支付 订单 WF303']);
  });

  it('back from WeChat’s H5 cashier (?paying=): a paid order says so, an unpaid one opens its dialog again, once', async () => {
    const payable = {
      ...order('WF501', 0, 50),
      codeImgUrl: 'http://localhost/pay/sandbox/WF501',
      payOnline: true,
      expireTime: inAnHour(),
    };
    fakeApi({
      'GET /api/yxs-app/user/me': () => ok(session.userInfo),
      [`GET ${ORDERS}`]: () => page([payable, order('WF502', 1, 80)]),
      'POST /portal/rs/payapi/v1/pay/payResult': () => ({ body: { code: 0, msg: '0' } }),
    });
    sessionStore.save(session);
    const paid = renderApp('#/UserCenter?paying=WF502');
    expect(await screen.findByText(CASHIER_RETURN.paid('WF502'))).toHaveAttribute('role', 'status');
    expect(screen.getByRole('tab', { name: '我的订单' })).toHaveAttribute('aria-selected', 'true');
    // The address loses the order: a reload opens nothing by itself.
    await waitFor(() => expect(window.location.hash).toBe('#/UserCenter'));
    paid.unmount();

    renderApp('#/UserCenter?paying=WF501');
    const dialog = await screen.findByRole('dialog', { name: '请扫码支付' });
    expect(dialog).toHaveTextContent('¥50');
    await waitFor(() => expect(window.location.hash).toBe('#/UserCenter'));
  });

  it('canPayAgain compares the hold with the page’s clock: payable before it ends, not from then on', () => {
    const unpaid = {
      ...order('WF401', 0, 50),
      codeImgUrl: 'http://localhost/pay/sandbox/WF401',
      payOnline: true,
      expireTime: '2026-11-22T10:15:00.000Z',
    };
    expect(canPayAgain(unpaid, new Date('2026-11-22T10:14:59.000Z'))).toBe(true);
    expect(canPayAgain(unpaid, new Date('2026-11-22T10:15:00.000Z'))).toBe(false);
    expect(canPayAgain({ ...unpaid, expireTime: '' }, new Date('2026-11-22T10:00:00.000Z'))).toBe(false);
    expect(canPayAgain({ ...unpaid, payOnline: false }, new Date('2026-11-22T10:00:00.000Z'))).toBe(false);
  });

  it('我的订单: the filter asks for status -1, 0 and 1 and goes back to the first page', async () => {
    const seen: URLSearchParams[] = [];
    const { user } = await open('我的订单', {
      [ORDERS]: ({ url }) => {
        seen.push(url.searchParams);
        return page([order('WF001', 0)], 30);
      },
    });
    await screen.findByRole('table', { name: '我的订单' });
    await user.click(screen.getByRole('button', { name: '下一页' }));
    await screen.findByText('第 2 页（共 3 页），共 30 条');
    await user.click(screen.getByRole('radio', { name: '已预订' }));
    await waitFor(() => expect(seen).toHaveLength(3));
    await user.click(screen.getByRole('radio', { name: '已支付' }));
    await waitFor(() => expect(seen).toHaveLength(4));
    await user.click(screen.getByRole('radio', { name: '全部' }));
    // 全部, page 0 was answered already: the cache shows it at once, and it is asked again (staleTime 0).
    expect(screen.getByText('第 1 页（共 3 页），共 30 条')).toBeInTheDocument();
    await waitFor(() => expect(seen).toHaveLength(5));
    expect(queries(seen).map((q) => [q.status, q.page])).toEqual([
      ['-1', '0'],
      ['-1', '1'],
      ['0', '0'],
      ['1', '0'],
      ['-1', '0'],
    ]);
    expect(screen.getByText('第 1 页（共 3 页），共 30 条')).toBeInTheDocument();
  });

  it('paging: 上一页/下一页 and the page size send page and size; the label says 第 N 页（共 P 页），共 M 条', async () => {
    const seen: URLSearchParams[] = [];
    const { user } = await open('我的订单', {
      [ORDERS]: ({ url }) => {
        seen.push(url.searchParams);
        return page([order(`WF${url.searchParams.get('page')}`, 1)], 25);
      },
    });
    expect(await screen.findByText('第 1 页（共 3 页），共 25 条')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '上一页' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '下一页' }));
    expect(await screen.findByText('第 2 页（共 3 页），共 25 条')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '下一页' }));
    expect(await screen.findByText('第 3 页（共 3 页），共 25 条')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: '下一页' })).toBeDisabled());
    await user.selectOptions(screen.getByRole('combobox', { name: '每页条数' }), '20');
    expect(await screen.findByText('第 1 页（共 2 页），共 25 条')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: '下一页' })).toBeEnabled());
    expect(queries(seen).map((q) => [q.page, q.size])).toEqual([
      ['0', '10'],
      ['1', '10'],
      ['2', '10'],
      ['0', '20'],
    ]);
  });

  it('我的订单: 暂无订单 when there is none, and an error state with 重试 when the server fails', async () => {
    let fail = false;
    const { user } = await open('我的订单', {
      [ORDERS]: () => (fail ? refused(500, '服务器繁忙，请稍后再试') : page([])),
    });
    expect(await screen.findByText('暂无订单')).toBeInTheDocument();
    fail = true;
    await user.click(screen.getByRole('radio', { name: '已支付' }));
    const message = await screen.findByText(/^订单加载失败，请稍后再试。/);
    const alert = message.closest('[role="alert"]') as HTMLElement;
    expect(alert).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('暂无订单')).toBeInTheDocument();
  });

  it('活动历史: name, dates, amount and the badge: 已圆满 grey, any other red; paging asks page and size', async () => {
    const seen: URLSearchParams[] = [];
    const { user } = await open('活动历史', {
      [ACTIVITIES]: ({ url }) => {
        seen.push(url.searchParams);
        return page([activity('观音法会', '已圆满'), activity('放生', '进行中')], 12);
      },
    });
    const list = await screen.findByRole('list', { name: '活动历史' });
    const [done, other] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(done).toHaveTextContent('观音法会');
    expect(done).toHaveTextContent('2026-10-01 至 2026-10-07');
    expect(done).toHaveTextContent('¥200');
    expect(within(done).getByText('已圆满')).toHaveAttribute('data-tone', 'grey');
    expect(within(other).getByText('进行中')).toHaveAttribute('data-tone', 'red');
    expect(screen.getByText('第 1 页（共 2 页），共 12 条')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '下一页' }));
    expect(await screen.findByText('第 2 页（共 2 页），共 12 条')).toBeInTheDocument();
    expect(queries(seen).map((q) => [q.page, q.size])).toEqual([
      ['0', '10'],
      ['1', '10'],
    ]);
  });

  it('pressing the open tab folds it and says how to open it; pressing again (or Enter) opens it', async () => {
    const { user } = await open('活动历史', { [ACTIVITIES]: () => page([]) });
    const tab = screen.getByRole('tab', { name: '活动历史' });
    expect(await screen.findByText('暂无活动记录')).toBeInTheDocument();
    await user.click(tab);
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByText('暂无活动记录')).not.toBeVisible();
    expect(screen.getByText('已收起。再次点击“活动历史”即可展开。')).toBeInTheDocument();
    expect(tab).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('暂无活动记录')).toBeInTheDocument();
    expect(screen.queryByText(/已收起/)).not.toBeInTheDocument();
    // Another tab always opens, unfolded.
    await user.click(tab);
    await user.click(screen.getByRole('tab', { name: '我的订单' }));
    expect(screen.queryByText(/已收起/)).not.toBeInTheDocument();
  });

  it('the membership card: a member sees the code, 有效 and the end date with 续费; anyone else 加入功德会', async () => {
    const MEMBER = '/portal/rs/believer-api/v1/believer/getMyMember';
    const member = {
      HY_CODE: 'HY2026000007',
      HY_STATUS: '1',
      JOIN_DATE: '2026-11-20',
      END_DATE: '2027-11-20',
      NAME: '林慧',
      SEX: '2',
      BIRTH_DATE: '1962-04-18',
      MOBILE: session.userInfo.phone,
      SSQ_NAME: ['上海市'],
      ADDRESS: '',
      PHOTO: '',
    };
    await open('活动历史', { [ACTIVITIES]: () => page([]), [MEMBER]: () => portalOk(member) });
    const card = await screen.findByRole('region', { name: '功德会会员' });
    expect(card).toHaveTextContent('HY2026000007');
    expect(card).toHaveTextContent('有效');
    expect(card).toHaveTextContent('2027-11-20');
    expect(within(card).getByRole('link', { name: '续费' }).getAttribute('href')).toMatch(/\/Renewals$/);
  });

  it('活动历史 and 当前供奉: empty states', async () => {
    const { user } = await open('活动历史', { [ACTIVITIES]: () => page([]), [WORSHIP]: () => page([]) });
    expect(await screen.findByText('暂无活动记录')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '当前供奉' }));
    expect(await screen.findByText('暂无供奉')).toBeInTheDocument();
  });

  it('当前供奉: each statue with place, term, amount and order number; 已售已供 green, other blue', async () => {
    await open('当前供奉', {
      [WORSHIP]: () =>
        page([
          enshrinement(1, '已售已供'),
          { ...enshrinement(2, '已售未供'), gfType: '常供', GF_TYPE: '1', END_DATE: '', RENEWABLE: false },
        ]),
    });
    const list = await screen.findByRole('list', { name: '当前供奉' });
    const [offered, waiting] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(offered).toHaveTextContent('药师佛（铜）1');
    expect(offered).toHaveTextContent('大殿-东区');
    expect(offered).toHaveTextContent('2026-11-20至2027-11-19');
    expect(offered).toHaveTextContent('年供');
    expect(offered).toHaveTextContent('¥1,200');
    expect(offered).toHaveTextContent('WF001');
    expect(within(offered).getByText('已售已供')).toHaveAttribute('data-tone', 'green');
    expect(within(waiting).getByText('已售未供')).toHaveAttribute('data-tone', 'blue');
    // Only a yearly enshrinement renews.
    expect(within(offered).getByRole('button', { name: '续费 药师佛（铜）1' })).toBeEnabled();
    expect(within(waiting).queryByRole('button', { name: /续费/ })).not.toBeInTheDocument();
    expect(screen.getByText('第 1 页（共 1 页），共 2 条')).toBeInTheDocument();
  });
});
