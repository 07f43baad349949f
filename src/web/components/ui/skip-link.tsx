import type { MouseEvent } from 'react';

/** The id of the shell's `<main>`, which the skip link focuses. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * 跳到主要内容: the shell's first focusable element, shown when the keyboard reaches it; it moves
 * the focus past header and menus to the page. It focuses `<main>` itself: following `#main-content`
 * would change the hash, which is this site's route.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    // Focusable only for this move: a click inside the page must not take the focus to <main>.
    main.tabIndex = -1;
    main.addEventListener('blur', () => main.removeAttribute('tabindex'), { once: true });
    main.focus();
  };
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skip}
      className="sr-only rounded-md bg-temple text-lg tracking-widest text-paper outline-none focus:not-sr-only focus:fixed focus:px-6 focus:py-3 focus:top-3 focus:left-3 focus:z-[110] focus:ring-4 focus:ring-gold/60 focus:ring-offset-2"
    >
      跳到主要内容
    </a>
  );
}
