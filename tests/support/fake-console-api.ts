import type { OrderDetail, OrderRow, Today } from '@contract/console';
import { CONSOLE_API_PREFIX, PAGE_SIZE } from '@contract/console';
import type { StaffMe, StaffRole } from '@contract/staff';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createConsole } from '@web/admin/router';
import { type ComponentProps, createElement } from 'react';
import { I18nProvider } from 'react-aria-components';
import { type FakeRoutes, fakeApi, ok } from './fake-api';
import { settle } from './statecharts/run-on-view';

// The console's screens load on first use (a dynamic import). Imported here, they are already in
// the module cache, so that first use settles within a few promise turns, even under fake timers.
import '@web/admin/shell/sign-in-page';
import '@web/admin/screens/today/today-page';
import '@web/admin/screens/orders/orders-page';
import '@web/admin/screens/orders/order-page';
import '@web/admin/screens/orders/reservations-page';
import '@web/admin/screens/refunds/refunds-page';
import '@web/admin/screens/volunteers/volunteers-page';
import '@web/admin/screens/rosters/rosters-page';
import '@web/admin/screens/rosters/roster-page';
import '@web/admin/screens/rosters/tablet-sheets-page';
import '@web/admin/screens/seats/seats-page';
import '@web/admin/screens/content/site-settings-page';
import '@web/admin/screens/content/closed-days-page';
import '@web/admin/screens/content/ceremonies-page';
import '@web/admin/screens/content/ceremony-type-page';
import '@web/admin/screens/content/assemblies-page';
import '@web/admin/screens/content/assembly-page';
import '@web/admin/screens/content/merit-list-page';
import '@web/admin/screens/content/merit-page';
import '@web/admin/screens/content/videos-page';
import '@web/admin/screens/content/video-page';
import '@web/admin/screens/content/tablets-page';
import '@web/admin/screens/content/tablet-group-page';
import '@web/admin/screens/content/statues-page';
import '@web/admin/screens/content/statue-location-page';
import '@web/admin/screens/content/statue-niches-page';
import '@web/admin/screens/content/news-list-page';
import '@web/admin/screens/content/news-edit-page';
import '@web/admin/screens/staff/staff-page';
import '@web/admin/screens/staff/audit-page';
import '@web/components/ui/toast-region';

/**
 * The staff console in jsdom over a fake of its API (`/admin/api/*`): the signed-in member (a
 * 客堂 clerk unless the test says otherwise), and sample answers of the contract's shapes.
 */
export const api = (path: string) => `${CONSOLE_API_PREFIX}${path}`;

export const staffMe = (roles: StaffRole[] = ['clerk']): StaffMe => ({
  id: 7,
  username: 'kt.wang',
  displayName: '王师兄',
  roles,
});

/** A 7-day tablet reservation of ¥12,000 waiting for payment at the temple. */
export const reservationRow = (over: Partial<OrderRow> = {}): OrderRow => ({
  outTradeNo: 'WF20261122090000000012',
  type: 3,
  description: '牌位供奉·大牌位',
  state: 0,
  amountFen: 1_200_000,
  money: {
    priceFen: 1_200_000,
    paidFen: 0,
    owedFen: 1_200_000,
    owedBy: '2026-11-29',
    settled: false,
    depositFen: null,
  },
  reservation: true,
  phone: '138****5678',
  names: ['陈明'],
  createdAt: '2026-11-22T01:30:00.000Z',
  holdUntil: '2026-11-29T01:30:00.000Z',
  paidAt: null,
  ...over,
});

export const orderDetail = (
  over: Partial<OrderDetail['order']> = {},
  rest: Partial<OrderDetail> = {},
): OrderDetail => ({
  order: { ...reservationRow(), phone: '13812345678', believerName: '陈明', ...over },
  lines: [{ name: '大牌位', quantity: 1, unitPriceFen: 1_200_000, amountFen: 1_200_000 }],
  entries: [
    {
      position: 1,
      kind: '往生',
      tablets: ['陈氏历代祖先'],
      births: [''],
      deaths: [''],
      ys: ['陈明', '陈亮'],
    },
    { position: 2, kind: '延生', tablets: ['陈明'], births: [''], deaths: [''], ys: [] },
  ],
  ceremony: null,
  places: ['大殿牌位区 第3排第5位'],
  payments: [],
  history: [{ at: '2026-11-22T01:30:00.000Z', what: '下单（保留7天）', by: null }],
  ...rest,
});

/** What a roster entry says beyond its names: no ceremony facts, and its order paid whole (or not). */
export const rosterFacts = (paid: boolean) => ({
  births: [],
  deaths: [],
  cause: '',
  address: '',
  remark: '',
  money: paid
    ? { priceFen: 50_000, paidFen: 50_000, owedFen: 0, owedBy: null, settled: true, depositFen: null }
    : { priceFen: 50_000, paidFen: 0, owedFen: 50_000, owedBy: null, settled: false, depositFen: null },
});

export const paidDetail = (detail: OrderDetail): OrderDetail => ({
  ...detail,
  order: {
    ...detail.order,
    state: 1,
    paidAt: '2026-11-23T02:00:00.000Z',
    money: {
      ...detail.order.money,
      paidFen: detail.order.money.priceFen,
      owedFen: 0,
      owedBy: null,
      settled: true,
    },
  },
  payments: [
    {
      id: 31,
      gateway: 'counter',
      transactionId: 'COUNTER-31',
      amountFen: detail.order.amountFen,
      paidAt: '2026-11-23T02:00:00.000Z',
      method: 'cash',
      receiptNo: 'R-2026-001',
      note: '',
      refundDue: false,
      flag: null,
      refundStatus: null,
    },
  ],
});

export const todayAnswer = (over: Partial<Today> = {}): Today => ({
  day: '2026-11-22',
  assemblies: [{ id: 3, name: '清明超荐法会', paid: 12, pending: 2 }],
  ceremonies: [{ timeLabel: '08:30-10:00', name: '往生普佛', paid: 1, pending: 0 }],
  reservationsEndingSoon: [reservationRow()],
  reservationsEndingSoonTotal: 1,
  balancesDue: [],
  refundsWaiting: 2,
  messagesUnsent: 1,
  sweeperLastRunAt: '2026-11-22T01:00:00.000Z',
  ...over,
});

/** A page of a list paged by key (订单, 操作记录): its rows, total and the neighbours' cursors. */
export const keysetPage = <T>(
  rows: T[],
  {
    total = rows.length,
    totalCapped = false,
    prev = null as string | null,
    next = null as string | null,
  } = {},
) => ({ rows, total, totalCapped, prev, next, pageSize: PAGE_SIZE });

export const page = <T>(rows: T[], total = rows.length, pageNo = 1) => ({
  rows,
  total,
  page: pageNo,
  pageSize: PAGE_SIZE,
});

/**
 * The console at `hash` over `routes` with the member signed in: a 客堂 clerk, a member of the
 * roles given, or `{ me }` (`me: null`: signed out).
 */
export const renderConsole = (
  hash: string,
  routes: FakeRoutes,
  who: StaffRole[] | { me?: StaffMe | null } = {},
) => {
  const me = Array.isArray(who) ? staffMe(who) : who.me === undefined ? staffMe() : who.me;
  const fake = fakeApi({
    [`GET ${api('/session')}`]: () =>
      me ? ok(me) : { status: 401, body: { status: 401, msg: '请先登录工作台' } },
    ...routes,
  });
  window.location.hash = hash;
  const app = createConsole();
  const user = userEvent.setup({ delay: null });
  const router = createElement(RouterProvider, { router: app.router });
  const queries = createElement(QueryClientProvider, { client: app.queryClient }, router);
  // Children go as createElement's third argument; the provider's props type asks them among its props.
  const locale = { locale: 'zh-CN' } as ComponentProps<typeof I18nProvider>;
  const view = render(createElement(I18nProvider, locale, queries));
  /** The requests sent to `path` (and `method`). */
  const sent = (method: string, path: string) =>
    fake.calls.filter((call) => call.method === method && call.path === api(path));
  /** The same, by the whole path (`/admin/api/…`). */
  const callsTo = (method: string, path: string) =>
    fake.calls.filter((call) => call.method === method && call.path === path);
  return { ...app, ...view, user, api: fake, calls: fake.calls, sent, callsTo };
};

/**
 * Lets the console settle (its lazy screen, its queries) until `found` answers something, under
 * real or fake timers; fails after a bounded number of rounds.
 */
export const settleUntil = async (found: () => unknown, rounds = 40) => {
  for (let round = 0; round < rounds; round += 1) {
    if (found()) return;
    await settle();
  }
  throw new Error('the console never showed what the test waits for');
};
