import { useQuery } from '@tanstack/react-query';
import { wishesQuery } from './merit-queries';

/** 心愿墙: the believers' wishes scrolling slowly upwards (still for those who prefer less motion). */
export function WishWall() {
  const wishes = useQuery(wishesQuery);
  const list = wishes.data ?? [];
  // The list is shown twice for a seamless loop; the second copy is hidden from screen readers.
  const rows = [0, 1].flatMap((copy) => list.map((wish, at) => ({ wish, copy, id: `${copy}-${at}` })));
  return (
    <aside aria-labelledby="wish-wall" className="h-fit rounded-lg border border-gold/40 bg-white">
      <h2
        id="wish-wall"
        className="border-b border-gold/30 px-5 py-4 font-serif text-2xl tracking-widest text-temple"
      >
        心愿墙
      </h2>
      {list.length === 0 ? (
        <p className="px-5 py-10 text-center text-base text-ink-soft">
          {wishes.isPending ? '正在加载…' : '暂无数据'}
        </p>
      ) : (
        <div className="wish-wall relative h-96 overflow-hidden">
          <ul className="wish-wall-track flex flex-col">
            {rows.map(({ wish, copy, id }) => (
              <li key={id} aria-hidden={copy === 1} className="border-b border-paper-deep px-5 py-3">
                <p className="text-base leading-7 text-ink">{wish.WISH}</p>
                <p className="text-right text-sm text-ink-faint">—— {wish.NAME}</p>
              </li>
            ))}
          </ul>
        </div>
      )}
    </aside>
  );
}
