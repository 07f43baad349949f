import { Link } from '@tanstack/react-router';
import { drawnArt, TempleImage } from '../../shared/temple-image';

interface VideoCardProps {
  id: number;
  title: string;
  poster: string;
  date: string;
}

/** A film of the gallery: its poster with a ▶ 观看 mark, its title and date, the whole card one link. */
export function VideoCard({ id, title, poster, date }: VideoCardProps) {
  return (
    <Link
      to="/videoDetail/$id"
      params={{ id: String(id) }}
      // The poster goes along as `info` (002 section 2); the detail page checks it.
      search={{ info: poster }}
      className="group flex h-full flex-col overflow-hidden rounded-lg border border-gold/40 bg-white shadow-sm outline-none hover:shadow-lg focus-visible:ring-4 focus-visible:ring-gold/60"
    >
      <span className="relative block">
        <TempleImage
          src={poster}
          fallback={drawnArt('buddha', title)}
          alt=""
          sizes="(min-width: 1024px) 368px, (min-width: 640px) 50vw, 100vw"
          width={1600}
          height={900}
          className="aspect-video w-full object-cover"
        />
        {/* In a corner, never over the picture's Buddha or pagoda. */}
        <span
          aria-hidden="true"
          className="absolute top-3 right-3 rounded-full bg-ink/75 px-4 py-1 text-base text-white group-hover:bg-temple"
        >
          ▶ 观看
        </span>
      </span>
      <span className="flex flex-col items-center gap-1 p-4 text-center">
        <span className="font-serif text-xl text-temple group-hover:underline">{title}</span>
        <span className="text-base text-ink-soft">{date}</span>
      </span>
    </Link>
  );
}
