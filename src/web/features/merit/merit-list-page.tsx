import { meritPriceLabel } from '@contract/merit';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { meritListQuery } from './merit-queries';
import { WishWall } from './wish-wall';

/** 客堂业务: every merit item with its picture, name and price; 暂无数据 when there is none. */
export function MeritListPage() {
  const { data: items } = useSuspenseQuery(meritListQuery);
  return (
    <div className="mx-auto grid max-w-page gap-10 px-6 pb-10 lg:grid-cols-[1fr_320px]">
      <section aria-labelledby="merit-title">
        <h1 id="merit-title" className="mb-6 font-serif text-3xl tracking-widest text-temple">
          客堂业务
        </h1>
        {items.length === 0 ? (
          <p className="rounded-lg border border-gold/30 bg-white py-16 text-center text-lg text-ink-soft">
            暂无数据
          </p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
            {items.map((item) => (
              <li key={item.ID}>
                <Link
                  to="/meritDetail"
                  search={{ id: item.ID }}
                  className="group flex flex-col overflow-hidden rounded-lg border border-gold/40 bg-white shadow-sm outline-none hover:shadow-lg focus-visible:ring-4 focus-visible:ring-gold/60"
                >
                  <img src={item.IMAGE} alt="" className="aspect-[8/5] w-full object-cover" />
                  <span className="flex flex-col items-center gap-1 p-4">
                    <span className="font-serif text-xl text-temple group-hover:underline">
                      {item.GD_NAME}
                    </span>
                    <span className="text-base text-ink-soft">{meritPriceLabel(item)}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <WishWall />
    </div>
  );
}
