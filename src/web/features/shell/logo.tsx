import { Link } from '@tanstack/react-router';
import { useSiteConfig } from '../../shared/site-config-query';

/**
 * The lotus mark and the temple's name, linking home. On a phone the name is at most 5.5 % of the
 * screen's width a character, so it stays one line beside 菜单 at 320 px; in 长辈版 below 360 px
 * the name stands without the mark (base.css).
 */
export function Logo({ compact = false }: { compact?: boolean }) {
  const site = useSiteConfig();
  return (
    <Link
      to="/index"
      className="flex min-h-11 items-center gap-3 rounded-md outline-none focus-visible:ring-4 focus-visible:ring-gold/60"
    >
      <svg
        viewBox="0 0 64 64"
        className={`logo-mark ${compact ? 'size-10' : 'size-10 sm:size-14'}`}
        aria-hidden="true"
      >
        <circle cx="32" cy="32" r="31" className="fill-temple" />
        <g fill="none" className="stroke-gold-light" strokeWidth="2.4" strokeLinejoin="round">
          <path d="M32 14c6 7 6 15 0 22c-6-7-6-15 0-22z" />
          <path d="M32 36c-3-9-11-13-19-12c3 8 11 12 19 12zM32 36c3-9 11-13 19-12c-3 8-11 12-19 12z" />
          <path d="M14 44c12-4 24-4 36 0" />
        </g>
      </svg>
      <span className="flex flex-col leading-tight">
        <span
          className={`whitespace-nowrap font-serif font-bold text-temple ${compact ? 'text-2xl tracking-[0.2em]' : 'text-[min(1.25rem,5.5vw)] tracking-[0.1em] sm:text-3xl sm:tracking-[0.2em]'}`}
        >
          {site.templeName}
        </span>
        {!compact && (
          <span className="hidden text-xs tracking-[0.25em] text-ink-soft sm:block">{site.templeNameEn}</span>
        )}
      </span>
    </Link>
  );
}
