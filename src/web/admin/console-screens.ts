import { hasPermission, type StaffPermission, type StaffRole } from '@contract/staff';

/**
 * A console screen: its path (TanStack Router's, `$name` for a part of the address), and for a
 * screen of the side navigation its label and the permission its roles need there (hiding is a
 * courtesy: the server checks every call). A screen opened from another (an order, an article)
 * is listed by path only.
 */
type ConsoleScreen = { path: string } & (
  | { label: string; permission: StaffPermission }
  | { label?: never; permission?: never }
);

/**
 * Every screen of the console, each written once: `router.tsx` makes a route of each (by its key),
 * the side navigation lists those with a label, in this order, and `ConsoleLink` accepts only
 * their paths. A new screen: a line here, its route in `router.tsx`, its page in `screens/`.
 */
export const CONSOLE_SCREENS = {
  today: { path: '/today', label: '今日', permission: 'viewOrders' },
  orders: { path: '/orders', label: '订单', permission: 'viewOrders' },
  order: { path: '/orders/$no' },
  reservations: { path: '/reservations', label: '到寺付款', permission: 'changeOrders' },
  refunds: { path: '/refunds', label: '退款', permission: 'refund' },
  rosters: { path: '/rosters', label: '名册与牌位', permission: 'printRosters' },
  roster: { path: '/rosters/$kind/$key' },
  tabletSheets: { path: '/print/$kind/$key' },
  seats: { path: '/seats', label: '座位', permission: 'changeSeats' },
  volunteers: { path: '/volunteers', label: '志工申请', permission: 'reviewVolunteers' },
  site: { path: '/site', label: '站点信息', permission: 'editContent' },
  closedDays: { path: '/closed-days', label: '佛事日历', permission: 'editContent' },
  ceremonies: { path: '/ceremonies', label: '佛事设置', permission: 'editContent' },
  ceremonyType: { path: '/ceremonies/$fsType' },
  news: { path: '/news', label: '新闻动态', permission: 'editContent' },
  newArticle: { path: '/news/new' },
  article: { path: '/news/$id' },
  assemblies: { path: '/assemblies', label: '法会管理', permission: 'editContent' },
  assembly: { path: '/assemblies/$id' },
  merit: { path: '/merit', label: '功德项目', permission: 'editContent' },
  meritItem: { path: '/merit/$id' },
  videos: { path: '/videos', label: '视频管理', permission: 'editContent' },
  video: { path: '/videos/$id' },
  tablets: { path: '/tablets', label: '牌位供奉', permission: 'editContent' },
  tabletGroup: { path: '/tablets/groups/$map' },
  statues: { path: '/statues', label: '佛像供奉', permission: 'editContent' },
  statueLocation: { path: '/statues/$location' },
  statueNiches: { path: '/statues/$location/$group' },
  staff: { path: '/staff', label: '工作人员', permission: 'manageStaff' },
  audit: { path: '/audit', label: '操作记录', permission: 'manageStaff' },
} as const satisfies Record<string, ConsoleScreen>;

type Screens = typeof CONSOLE_SCREENS;
type Listed = Extract<Screens[keyof Screens], { label: string }>;

/** The side navigation: the screens with a label, in the table's order. */
export const CONSOLE_NAV: readonly { to: Listed['path']; label: string; permission: StaffPermission }[] =
  Object.values(CONSOLE_SCREENS)
    .filter((screen): screen is Listed => 'label' in screen)
    .map(({ path, label, permission }) => ({ to: path, label, permission }));

/** Where a member lands after signing in: the first screen their roles open (今日 for most). */
export const homeOf = (roles: readonly StaffRole[]): Listed['path'] | '/login' =>
  CONSOLE_NAV.find((item) => hasPermission(roles, item.permission))?.to ?? '/login';
