import { hasPermission, type StaffPermission, type StaffRole } from '@contract/staff';

/** The console's screens as the side navigation lists them, each with the permission it needs. */
export const CONSOLE_NAV: readonly { to: string; label: string; permission: StaffPermission }[] = [
  { to: '/today', label: '今日', permission: 'viewOrders' },
  { to: '/orders', label: '订单', permission: 'viewOrders' },
  { to: '/reservations', label: '到寺付款', permission: 'changeOrders' },
  { to: '/refunds', label: '退款', permission: 'refund' },
  { to: '/rosters', label: '名册与牌位', permission: 'printRosters' },
  { to: '/seats', label: '座位', permission: 'changeSeats' },
  { to: '/volunteers', label: '志工申请', permission: 'reviewVolunteers' },
  { to: '/site', label: '站点信息', permission: 'editContent' },
  { to: '/closed-days', label: '佛事日历', permission: 'editContent' },
  { to: '/ceremonies', label: '佛事设置', permission: 'editContent' },
  { to: '/news', label: '新闻动态', permission: 'editContent' },
  { to: '/assemblies', label: '法会管理', permission: 'editContent' },
  { to: '/merit', label: '功德项目', permission: 'editContent' },
  { to: '/videos', label: '视频管理', permission: 'editContent' },
  { to: '/tablets', label: '牌位供奉', permission: 'editContent' },
  { to: '/statues', label: '佛像供奉', permission: 'editContent' },
  { to: '/staff', label: '工作人员', permission: 'manageStaff' },
  { to: '/audit', label: '操作记录', permission: 'manageStaff' },
];

/** Where a member lands after signing in: the first screen their roles open (今日 for most). */
export const homeOf = (roles: readonly StaffRole[]): string =>
  CONSOLE_NAV.find((item) => hasPermission(roles, item.permission))?.to ?? '/login';
