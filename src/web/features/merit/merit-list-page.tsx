import { meritPriceLabel } from '@contract/merit';
import { useSuspenseQuery } from '@tanstack/react-query';
import { ImageCardLink } from '../../shared/image-card-link';
import { WishWall } from '../../shared/wish-wall/wish-wall';
import { meritListQuery } from './merit-queries';

/** 客堂业务: every merit item with its picture, name and price; 暂无数据 when there is none. */
export function MeritListPage() {
  const { data: items } = useSuspenseQuery(meritListQuery);
  return (
    <div className="mx-auto grid max-w-page grid-cols-1 gap-10 px-6 pb-10 lg:grid-cols-[1fr_320px]">
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
                <ImageCardLink
                  to="/meritDetail"
                  search={{ id: item.ID }}
                  image={item.IMAGE}
                  title={item.GD_NAME}
                >
                  <span className="text-base text-ink-soft">{meritPriceLabel(item)}</span>
                </ImageCardLink>
              </li>
            ))}
          </ul>
        )}
      </section>
      <WishWall />
    </div>
  );
}
