import { Link } from '@tanstack/react-router';
import { TempleImage } from '../../shared/temple-image';

const services = [
  {
    to: '/BusinessClass',
    title: '法会报名',
    text: '随喜参加本年度各大法会，登记超荐、祈福牌位。',
    motif: 'lotus',
    tone: 0,
  },
  {
    to: '/merit',
    title: '功德供养',
    text: '佛前供灯、添油、斋僧，随缘随力护持三宝。',
    motif: 'lamp',
    tone: 4,
  },
  {
    to: '/ceremony',
    title: '独姓佛事',
    text: '为亲眷专堂礼佛，往生超荐或延生祈福。',
    motif: 'buddha',
    tone: 2,
  },
  {
    to: '/powerdekor',
    title: '圣像供奉',
    text: '于大殿内外、六合居供奉圣像，常随诵经回向。',
    motif: 'pagoda',
    tone: 3,
  },
] as const;

const image = (motif: string, title: string, tone: number) =>
  `/images/${motif}.svg?title=${encodeURIComponent(title)}&tone=${tone}`;

/** 在线办理: the four online services, each card one large link. */
export function ServiceCards() {
  return (
    <section aria-labelledby="services" className="mx-auto max-w-page px-6 py-14">
      <h2 id="services" className="mb-8 text-center font-serif text-3xl tracking-widest text-temple">
        在线办理
      </h2>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {services.map((service) => (
          <li key={service.to}>
            <Link
              to={service.to}
              className="group flex h-full flex-col overflow-hidden rounded-lg border border-gold/40 bg-white shadow-sm outline-none transition-shadow hover:shadow-lg focus-visible:ring-4 focus-visible:ring-gold/60"
            >
              <TempleImage
                src={image(service.motif, '', service.tone)}
                alt=""
                sizes="(min-width: 1024px) 282px, (min-width: 640px) 50vw, 100vw"
                className="aspect-[8/5] w-full object-cover"
              />
              <span className="flex flex-1 flex-col gap-2 p-5">
                <span className="font-serif text-2xl text-temple group-hover:underline">{service.title}</span>
                <span className="text-base leading-7 text-ink-soft">{service.text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
