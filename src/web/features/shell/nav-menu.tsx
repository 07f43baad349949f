import { Link } from '@tanstack/react-router';
import { usePageTrail } from './use-page-trail';

/** The top menu (spec 000 section 1) and the business sub-menu, in that order. */
const topMenu = [
  { to: '/index', label: '首页' },
  { to: '/NewsConsulting', label: '寺院动态' },
  { to: '/guangciVolunteers', label: '志工' },
  // Not among 000's three top entries, but the video gallery (000 section 2, 002) needs a way in.
  { to: '/wfVideo', label: '视频专区' },
] as const;

const businessMenu = [
  { to: '/BusinessClass', label: '法会报名' },
  { to: '/merit', label: '功德供养' },
  { to: '/ceremony', label: '独姓佛事' },
  { to: '/powerdekor', label: '圣像供奉' },
  // Not among 000's four business entries, but the tablet pages (001, 002) need a way in.
  { to: '/consecrate', label: '牌位供奉' },
] as const;

const itemClass =
  'flex min-h-12 items-center px-5 text-lg tracking-widest text-paper outline-none transition-colors hover:bg-temple-dark focus-visible:ring-4 focus-visible:ring-gold/70 data-[status=active]:bg-temple-dark data-[status=active]:text-gold-light';

/** A detail page lights up the menu of its listing (功德供养 on an item's page). */
const sectionClass = 'bg-temple-dark text-gold-light';

const menuItems = (items: typeof topMenu | typeof businessMenu, section: string | undefined) =>
  items.map((item) => (
    <li key={item.to}>
      <Link to={item.to} className={`${itemClass} ${item.to === section ? sectionClass : ''}`}>
        {item.label}
      </Link>
    </li>
  ));

export function NavMenu() {
  const section = usePageTrail().parent?.to;
  return (
    <nav aria-label="主菜单" className="bg-temple">
      <div className="mx-auto flex max-w-page items-center justify-between px-6">
        <ul className="flex">{menuItems(topMenu, section)}</ul>
        <ul className="flex items-center" aria-label="在线办理">
          <li aria-hidden="true" className="mr-2 text-sm tracking-widest text-gold-light">
            在线办理
          </li>
          {menuItems(businessMenu, section)}
        </ul>
      </div>
    </nav>
  );
}
