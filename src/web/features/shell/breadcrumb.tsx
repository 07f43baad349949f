import { Link, useMatches } from '@tanstack/react-router';

/** 首页 / page title, from the deepest route's `staticData.title`; none on the home page. */
export function Breadcrumb() {
  const title = useMatches({ select: (matches) => matches.at(-1)?.staticData.title });
  if (!title) return null;
  return (
    <nav aria-label="当前位置" className="mx-auto w-full max-w-page px-6 py-4 text-base text-ink-soft">
      <ol className="flex gap-2">
        <li>
          <Link to="/index" className="hover:text-temple hover:underline">
            首页
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li aria-current="page" className="text-ink">
          {title}
        </li>
      </ol>
    </nav>
  );
}
