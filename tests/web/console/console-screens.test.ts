import { CONSOLE_NAV, CONSOLE_SCREENS, homeOf } from '@web/admin/console-screens';
import { createConsole } from '@web/admin/router';
import type { ConsoleHref } from '@web/admin/shell/console-link';
import { describe, expect, it } from 'vitest';

// What a link or a move may name is checked when the console compiles (tsc runs over tests too):
// a route's address with its parts filled in, or one with a query string; nothing else.
const addresses: ConsoleHref[] = [
  '/orders/D2026',
  '/rosters/assembly/3',
  '/seats?map=statue:1-A',
  '/news/new',
];
// @ts-expect-error no route is /order/…: a mistyped address fails to compile
const mistyped: ConsoleHref = '/order/D2026';
// @ts-expect-error a roster's address names its kind and its key
const halfFilled: ConsoleHref = '/roster';

/** The console's screens, written once: the router's routes and the side navigation come from one table. */
describe('the console screens', () => {
  it('every screen of the table is a route of the router, at the same path, and nothing else is', () => {
    const { router } = createConsole();
    const paths = Object.keys(router.routesByPath).sort();
    expect(paths).toEqual(['/', '/login', ...Object.values(CONSOLE_SCREENS).map((s) => s.path)].sort());
    expect([addresses.length, mistyped, halfFilled]).toBeTruthy();
  });

  it('the navigation lists the labelled screens in the table order, each with its permission', () => {
    expect(CONSOLE_NAV.map((item) => `${item.label} ${item.to} ${item.permission}`)).toEqual([
      '今日 /today viewOrders',
      '订单 /orders viewOrders',
      '到寺付款 /reservations changeOrders',
      '退款 /refunds refund',
      '名册与牌位 /rosters printRosters',
      '座位 /seats changeSeats',
      '志工申请 /volunteers reviewVolunteers',
      '站点信息 /site editContent',
      '佛事日历 /closed-days editContent',
      '佛事设置 /ceremonies editContent',
      '新闻动态 /news editContent',
      '法会管理 /assemblies editContent',
      '功德项目 /merit editContent',
      '视频管理 /videos editContent',
      '牌位供奉 /tablets editContent',
      '佛像供奉 /statues editContent',
      '工作人员 /staff manageStaff',
      '操作记录 /audit manageStaff',
    ]);
  });

  it('a member lands on the first screen their roles open', () => {
    expect(homeOf(['clerk'])).toBe('/today');
    expect(homeOf(['finance'])).toBe('/today');
    expect(homeOf(['content'])).toBe('/site');
    expect(homeOf(['admin'])).toBe('/staff');
    expect(homeOf([])).toBe('/login');
  });
});
