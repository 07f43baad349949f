import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { useElderMode } from '../elder-mode';
import { wishesQuery } from './wish-wall-query';

/**
 * 心愿墙: the believers' wishes scrolling slowly upwards. The scrolling stops while the pointer
 * is over the list or the list has focus, and with the 暂停滚动 button until 继续滚动 (WCAG
 * 2.2.2); for those who prefer less motion, and in 长辈版, it never moves and simply scrolls by
 * hand.
 */
export function WishWall() {
  const wishes = useQuery(wishesQuery);
  const [paused, setPaused] = useState(false);
  const still = useElderMode();
  const list = wishes.data ?? [];
  // The list is shown twice for a seamless loop; the second copy is hidden from screen readers.
  const rows = (still ? [0] : [0, 1]).flatMap((copy) =>
    list.map((wish, at) => ({ wish, copy, id: `${copy}-${at}` })),
  );
  return (
    <aside aria-labelledby="wish-wall" className="h-fit rounded-lg border border-gold/40 bg-white">
      <div className="flex items-center justify-between gap-3 border-b border-gold/30 py-2 pr-2 pl-5">
        <h2 id="wish-wall" className="py-2 font-serif text-2xl tracking-widest whitespace-nowrap text-temple">
          心愿墙
        </h2>
        {list.length > 0 && !still && (
          <Button tone="secondary" onPress={() => setPaused(!paused)} className="motion-reduce:hidden">
            <span aria-hidden="true" className="text-sm">
              {paused ? '▶' : '❚❚'}
            </span>
            {paused ? '继续滚动' : '暂停滚动'}
          </Button>
        )}
      </div>
      {list.length === 0 ? (
        <p className="px-5 py-10 text-center text-base text-ink-soft">
          {wishes.isPending ? '正在加载…' : wishes.isError ? '心愿暂时无法显示，请稍后再看' : '暂无数据'}
        </p>
      ) : (
        <section
          aria-label="心愿列表"
          // Focus stops it, and scrolls it by keyboard when it does not move (reduced motion).
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          tabIndex={0}
          data-paused={paused || undefined}
          data-still={still || undefined}
          className="wish-wall relative h-96 overflow-hidden outline-none focus-visible:ring-4 focus-visible:ring-gold/60 focus-visible:ring-inset"
        >
          <ul className="wish-wall-track flex flex-col">
            {rows.map(({ wish, copy, id }) => (
              <li
                key={id}
                aria-hidden={copy === 1}
                className={`border-b border-paper-deep px-5 py-3 ${copy === 1 ? 'motion-reduce:hidden' : ''}`}
              >
                <p className="text-base leading-7 text-ink">{wish.WISH}</p>
                <p className="text-right text-sm text-ink-faint">—— {wish.NAME}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </aside>
  );
}
