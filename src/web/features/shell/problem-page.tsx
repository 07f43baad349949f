import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

const linkClass =
  'inline-flex min-h-13 items-center rounded-md px-8 text-lg tracking-widest outline-none focus-visible:ring-4 focus-visible:ring-gold/60';

/** The look of the way back home, for a page that adds its own second way (a link or a button). */
export const secondWayClass = `${linkClass} border-2 border-temple text-temple hover:bg-paper-deep`;

/**
 * A page that cannot show what was asked (unknown address, wrong link, failed load): says so
 * calmly, in Chinese, and offers the way back home and `children` (a second way on).
 */
export function ProblemPage({
  title,
  text,
  children,
}: {
  title: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <section className="mx-auto flex max-w-page flex-col items-center gap-6 px-6 py-24 text-center">
      <h1 className="font-serif text-4xl tracking-widest text-temple">{title}</h1>
      <p className="max-w-xl text-lg text-balance text-ink-soft">{text}</p>
      <div className="flex flex-wrap justify-center gap-4">
        <Link to="/index" className={`${linkClass} bg-temple text-paper hover:bg-temple-dark`}>
          返回首页
        </Link>
        {children}
      </div>
    </section>
  );
}
