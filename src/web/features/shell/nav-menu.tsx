import { Link } from '@tanstack/react-router';
import { businessMenu, type SiteMenuItem, topMenu } from './site-menu';
import { usePageTrail } from './use-page-trail';

const itemClass =
  'flex min-h-12 items-center px-5 text-lg tracking-widest text-paper outline-none transition-colors hover:bg-temple-dark focus-visible:ring-4 focus-visible:ring-gold/70 data-[status=active]:bg-temple-dark data-[status=active]:text-gold-light';

/** A detail page lights up the menu of its listing (功德供养 on an item's page). */
const sectionClass = 'bg-temple-dark text-gold-light';

const menuItems = (items: readonly SiteMenuItem[], section: string | undefined) =>
  items.map((item) => (
    <li key={item.to}>
      <Link to={item.to} className={`${itemClass} ${item.to === section ? sectionClass : ''}`}>
        {item.label}
      </Link>
    </li>
  ));

/** The desktop's menu bar: the top menu, then 在线办理 with the business menu. */
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
