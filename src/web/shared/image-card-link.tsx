import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { drawnArt, TempleImage } from './temple-image';

export interface ImageCardLinkProps {
  to: LinkProps['to'];
  search?: LinkProps['search'];
  image: string;
  title: string;
  /** Lines under the title: a price, a date. */
  children?: ReactNode;
  onPress?: () => void;
}

/** A list card: the picture, the name and a line or two, the whole card one large link. */
export function ImageCardLink({ to, search, image, title, children, onPress }: ImageCardLinkProps) {
  return (
    <Link
      to={to}
      search={search}
      onClick={onPress}
      className="group flex h-full flex-col overflow-hidden rounded-lg border border-gold/40 bg-white shadow-sm outline-none hover:shadow-lg focus-visible:ring-4 focus-visible:ring-gold/60"
    >
      <TempleImage
        src={image}
        fallback={drawnArt('lotus', title)}
        alt=""
        // Three cards a row on a wide page (1200 px), two on a tablet, one on a phone.
        sizes="(min-width: 1024px) 368px, (min-width: 640px) 50vw, 100vw"
        className="aspect-[8/5] w-full object-cover"
      />
      <span className="flex flex-col items-center gap-1 p-4 text-center">
        <span className="font-serif text-xl text-temple group-hover:underline">{title}</span>
        {children}
      </span>
    </Link>
  );
}
