import { useState } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { Button } from '../../components/ui/button';
import { focusRing } from '../../components/ui/focus-ring';
import { Modal } from '../../components/ui/modal';
import { TempleImage } from '../../shared/temple-image';
import { ContactStrip } from './contact-strip';
import { TOUR_IMAGES, type TourImage } from './tour-images';

/**
 * 走进寺院: how to reach the temple, then its 31 pictures in a calm grid. Every picture keeps its
 * box (width and height) before it loads, loads only when near, and opens larger on a press;
 * 上一张 / 下一张 go round (never disabled, so keyboard focus stays on them).
 */
const count = TOUR_IMAGES.length;

export function TourPage() {
  const [open, setOpen] = useState<number | null>(null);
  const shown = open === null ? undefined : TOUR_IMAGES[open];
  return (
    <div className="mx-auto max-w-page px-6 pb-10">
      <h1 className="mb-3 font-serif text-3xl tracking-widest text-temple">走进寺院</h1>
      <p className="mb-6 text-lg leading-8 text-ink-soft">
        山门、殿堂、楼阁与园林，随图参访。欢迎亲临礼佛，来访前可先致电或添加前台微信咨询。
      </p>
      <ContactStrip />
      <p id="tour-hint" className="sr-only">
        按下图片可查看大图
      </p>
      <ul aria-label="寺院图片" className="grid gap-x-8 gap-y-10 sm:grid-cols-2">
        {TOUR_IMAGES.map((image, index) => (
          <li key={image.src}>
            <figure className="flex flex-col gap-3">
              <AriaButton
                aria-describedby="tour-hint"
                onPress={() => setOpen(index)}
                className={`block cursor-zoom-in overflow-hidden rounded-lg border border-gold/40 bg-paper-deep shadow-sm transition-shadow data-[hovered]:shadow-lg ${focusRing}`}
              >
                <TourPicture image={image} lazy />
              </AriaButton>
              <figcaption className="text-center font-serif text-xl tracking-widest text-ink">
                {image.name}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      {shown && open !== null && (
        <Modal title={shown.name} isOpen onClose={() => setOpen(null)} width={1040}>
          <TourPicture image={shown} className="mx-auto max-h-[65vh] w-auto rounded-md" />
          <p className="mt-3 text-center text-lg text-ink-soft">{shown.alt}</p>
          <div className="mt-4 flex items-center justify-between gap-4">
            <Button tone="secondary" onPress={() => setOpen((open + count - 1) % count)}>
              上一张
            </Button>
            <span className="text-lg text-ink-soft">
              第 {open + 1} 张，共 {count} 张
            </span>
            <Button tone="secondary" onPress={() => setOpen((open + 1) % count)}>
              下一张
            </Button>
          </div>
        </Modal>
      )}
    </div>
  );
}

function TourPicture({ image, lazy, className }: { image: TourImage; lazy?: boolean; className?: string }) {
  return (
    <TempleImage
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      // The grid's pictures load when near; the one opened larger, at once.
      priority={!lazy}
      sizes="(min-width: 640px) 50vw, 100vw"
      className={className ?? 'block h-auto w-full'}
    />
  );
}
