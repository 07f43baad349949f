import { Link } from '@tanstack/react-router';
import { usePageTrail } from './use-page-trail';

const linkClass =
  'rounded-sm underline-offset-4 hover:text-temple hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold';

/** 首页 / [listing /] page: from the deepest route (see `usePageTrail`); none on the home page. */
export function Breadcrumb() {
  const { parent, title } = usePageTrail();
  if (!title) return null;
  return (
    <nav aria-label="当前位置" className="mx-auto w-full max-w-page px-6 py-4 text-base text-ink-soft">
      <ol className="flex flex-wrap gap-2">
        <li>
          <Link to="/index" className={linkClass}>
            首页
          </Link>
        </li>
        {parent && (
          <>
            <li aria-hidden="true">/</li>
            <li>
              <Link to={parent.to} className={linkClass}>
                {parent.title}
              </Link>
            </li>
          </>
        )}
        <li aria-hidden="true">/</li>
        <li aria-current="page" className="text-ink">
          {title}
        </li>
      </ol>
    </nav>
  );
}
