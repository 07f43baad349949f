/**
 * The site's menus (spec 000 section 1): the top menu and the business sub-menu, in that order.
 * The desktop's menu bar and the phone's menu sheet list the same entries.
 */
export const topMenu = [
  { to: '/index', label: '首页' },
  { to: '/NewsConsulting', label: '寺院动态' },
  { to: '/guangciVolunteers', label: '志工' },
  // Not among 000's three top entries, but the video gallery (000 section 2, 002) needs a way in.
  { to: '/wfVideo', label: '视频专区' },
] as const;

export const businessMenu = [
  { to: '/BusinessClass', label: '法会报名' },
  { to: '/merit', label: '功德供养' },
  { to: '/ceremony', label: '独姓佛事' },
  { to: '/powerdekor', label: '圣像供奉' },
  // Not among 000's four business entries, but the tablet pages (001, 002) need a way in.
  { to: '/consecrate', label: '牌位供奉' },
] as const;

export type SiteMenuItem = (typeof topMenu)[number] | (typeof businessMenu)[number];
