import type { ReactNode } from 'react';

export interface CardListSectionProps {
  title: string;
  intro: string;
  /** One card per item (each an `ImageCardLink`); none shows 暂无数据. */
  cards: ReactNode[];
  columns?: 2 | 3;
}

/** A list page of cards: the title, a line of introduction, the cards, or 暂无数据 when there are none. */
export function CardListSection({ title, intro, cards, columns = 3 }: CardListSectionProps) {
  return (
    <section aria-labelledby="list-title" className="mx-auto max-w-page px-6 pb-10">
      <h1 id="list-title" className="mb-2 font-serif text-3xl tracking-widest text-temple">
        {title}
      </h1>
      <p className="mb-6 text-lg text-ink-soft">{intro}</p>
      {cards.length === 0 ? (
        <p className="rounded-lg border border-gold/30 bg-white py-16 text-center text-lg text-ink-soft">
          暂无数据
        </p>
      ) : (
        <ul className={`grid gap-6 sm:grid-cols-2 ${columns === 3 ? 'lg:grid-cols-3' : ''}`}>{cards}</ul>
      )}
    </section>
  );
}
