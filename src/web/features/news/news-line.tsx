import { externalLink, type HoeScheduleItem, type NewsItem, newsDate } from '@contract/news';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { drawnArt, TempleImage } from '../../shared/temple-image';

/**
 * The first line of a page stands out (001 section 2): a temple-red date and a pale card. On a
 * phone the date goes above the title, which takes the card's width.
 */
const lineClass = (highlighted: boolean) =>
  `group flex items-stretch gap-5 max-sm:flex-col max-sm:gap-2 rounded-lg border p-4 shadow-sm transition-shadow hover:shadow-lg outline-none focus-visible:ring-4 focus-visible:ring-gold/60 ${
    highlighted ? 'border-temple bg-temple-pale' : 'border-gold/30 bg-white'
  }`;

/** The date split in two: the day large, the year-month under it (beside it on a phone). */
function DateBlock({ date, highlighted }: { date: string; highlighted: boolean }) {
  const { day, yearMonth } = newsDate(date);
  return (
    <span
      className={`flex w-24 shrink-0 flex-col items-center justify-center rounded-md max-sm:w-auto max-sm:flex-row max-sm:items-baseline max-sm:gap-2 max-sm:self-start max-sm:px-3 ${
        highlighted ? 'bg-temple text-white' : 'bg-paper-deep text-temple'
      }`}
    >
      <span className="font-serif text-4xl leading-tight max-sm:text-2xl">{day}</span>
      <span className="text-base">{yearMonth}</span>
    </span>
  );
}

interface LineBodyProps {
  date: string;
  image: string;
  title: string;
  subTitle: string;
  highlighted: boolean;
  note?: ReactNode;
}

function LineBody({ date, image, title, subTitle, highlighted, note }: LineBodyProps) {
  return (
    <>
      <DateBlock date={date} highlighted={highlighted} />
      <TempleImage
        src={image}
        fallback={drawnArt('pagoda', title)}
        alt=""
        sizes="144px"
        className="hidden h-24 w-36 shrink-0 rounded-md object-cover sm:block"
      />
      <span className="flex min-w-0 flex-col justify-center gap-1">
        <span className="font-serif text-xl text-temple group-hover:underline">{title}</span>
        {subTitle && <span className="text-lg text-ink-soft">{subTitle}</span>}
        {note}
      </span>
    </>
  );
}

/** An article of 信息资讯: its detail, or its own site in a new tab when it has a link. */
export function NewsLine({ item, highlighted }: { item: NewsItem; highlighted: boolean }) {
  const body = (
    <LineBody
      date={item.newDate}
      image={item.imageUrl}
      title={item.title}
      subTitle={item.subTitle}
      highlighted={highlighted}
    />
  );
  const external = externalLink(item.link);
  if (external)
    return (
      // The 外部网站 tag goes under the article where both do not fit (a phone in 长辈版).
      <a
        href={external}
        target="_blank"
        rel="noopener noreferrer"
        className={`${lineClass(highlighted)} flex-wrap sm:flex-nowrap`}
      >
        {body}
        <span className="ml-auto self-center whitespace-nowrap text-base text-ink-soft">
          外部网站<span aria-hidden="true"> ↗</span>
          <span className="sr-only">（在新窗口打开）</span>
        </span>
      </a>
    );
  return (
    <Link to="/newsDetail" search={{ id: item.id }} className={lineClass(highlighted)}>
      {body}
    </Link>
  );
}

/** An assembly of 法会安排: its lunar days and dates, opening its registration. */
export function HoeLine({ item, highlighted }: { item: HoeScheduleItem; highlighted: boolean }) {
  return (
    <Link to="/homeDetail" search={{ year: item.year, name: item.title }} className={lineClass(highlighted)}>
      <LineBody
        date={item.newDate}
        image={item.image}
        title={item.title}
        subTitle={item.subTitle}
        highlighted={highlighted}
        note={
          <span className="text-base text-ink-soft">
            {item.startDate === item.endDate ? item.startDate : `${item.startDate} 至 ${item.endDate}`}
          </span>
        }
      />
    </Link>
  );
}
