import { useEffect, useState } from 'react';
import { AccountControl } from './account-control';
import { Logo } from './logo';
import { NavMenu } from './nav-menu';
import { PhoneMenu } from './phone-menu';

const FIXED_AFTER_PX = 600;

/** True once the page has scrolled past `offset` pixels. */
const useScrolledPast = (offset: number) => {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > offset);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [offset]);
  return past;
};

/**
 * Logo, account control and menus; a slim fixed copy appears after scrolling 600 px. Narrower
 * than the menu bar needs (1280 px: a phone, a tablet, a small laptop), 菜单 opens the menu as a
 * sheet instead, the account goes into that sheet on a phone, and no fixed copy covers the page
 * (nor a focused field under it).
 */
export function Header() {
  const fixed = useScrolledPast(FIXED_AFTER_PX);
  return (
    <>
      <header className="border-b-4 border-gold bg-paper">
        <div className="mx-auto flex max-w-page items-center justify-between gap-3 px-4 py-3 sm:px-6 xl:py-5">
          <Logo />
          <div className="flex items-center gap-2">
            <div className="hidden sm:block">
              <AccountControl />
            </div>
            <div className="xl:hidden">
              <PhoneMenu />
            </div>
          </div>
        </div>
        <div className="hidden xl:block">
          <NavMenu />
        </div>
      </header>
      {fixed && (
        <div
          data-testid="fixed-header"
          className="fixed inset-x-0 top-0 z-40 hidden border-b-2 border-gold bg-paper shadow-md xl:block"
        >
          <div className="mx-auto flex max-w-page items-center justify-between px-6 py-2">
            <Logo compact />
            <AccountControl />
          </div>
          <NavMenu />
        </div>
      )}
    </>
  );
}
