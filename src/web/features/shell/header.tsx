import { useEffect, useState } from 'react';
import { AccountControl } from './account-control';
import { Logo } from './logo';
import { NavMenu } from './nav-menu';

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

/** Logo, account control and menus; a slim fixed copy appears after scrolling 600 px. */
export function Header() {
  const fixed = useScrolledPast(FIXED_AFTER_PX);
  return (
    <>
      <header className="border-b-4 border-gold bg-paper">
        <div className="mx-auto flex max-w-page items-center justify-between px-6 py-5">
          <Logo />
          <AccountControl />
        </div>
        <NavMenu />
      </header>
      {fixed && (
        <div
          data-testid="fixed-header"
          className="fixed inset-x-0 top-0 z-40 border-b-2 border-gold bg-paper shadow-md"
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
