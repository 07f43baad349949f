import { Link } from '@tanstack/react-router';
import { NOT_FOUND_TITLE } from './use-page-trail';

const linkClass =
  'inline-flex min-h-13 items-center rounded-md px-8 text-lg tracking-widest outline-none focus-visible:ring-4 focus-visible:ring-gold/60';

/** An unknown address: say so calmly and offer the way back (the shell stays around it). */
export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-page flex-col items-center gap-6 px-6 py-24 text-center">
      <h1 className="font-serif text-4xl tracking-widest text-temple">{NOT_FOUND_TITLE}</h1>
      <p className="max-w-xl text-lg text-balance text-ink-soft">
        您访问的页面不存在或已移除，请检查地址，或从首页继续浏览。
      </p>
      <div className="flex flex-wrap justify-center gap-4">
        <Link to="/index" className={`${linkClass} bg-temple text-paper hover:bg-temple-dark`}>
          返回首页
        </Link>
        <Link to="/merit" className={`${linkClass} border-2 border-temple text-temple hover:bg-paper-deep`}>
          功德供养
        </Link>
      </div>
    </section>
  );
}
