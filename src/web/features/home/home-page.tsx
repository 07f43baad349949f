import { Link } from '@tanstack/react-router';
import { useSiteConfig } from '../../shared/site-config-query';

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

/** The home page: a calm banner, the four online services and how to visit. */
export function HomePage() {
  const site = useSiteConfig();
  return (
    <>
      <section className="relative overflow-hidden bg-temple-dark text-paper">
        <img
          src={image('mountain', '', 5)}
          alt=""
          className="absolute inset-0 size-full object-cover opacity-25"
        />
        <div className="relative mx-auto flex max-w-page flex-col gap-5 px-6 py-24">
          <p className="text-lg tracking-[0.4em] text-gold-light">庄严国土　利乐有情</p>
          <h1 className="font-serif text-5xl font-bold tracking-[0.2em]">{site.templeName}</h1>
          <p className="max-w-xl text-xl leading-9 text-paper/90">
            欢迎随喜礼佛。法会报名、功德供养、独姓佛事与圣像供奉，均可在线办理；寺院将以短信确认。
          </p>
        </div>
      </section>

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
                <img
                  src={image(service.motif, '', service.tone)}
                  alt=""
                  className="aspect-[8/5] w-full object-cover"
                />
                <span className="flex flex-1 flex-col gap-2 p-5">
                  <span className="font-serif text-2xl text-temple group-hover:underline">
                    {service.title}
                  </span>
                  <span className="text-base leading-7 text-ink-soft">{service.text}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-paper-deep">
        <div className="mx-auto flex max-w-page flex-wrap items-center justify-between gap-6 px-6 py-10">
          <div className="text-lg leading-9">
            <p className="font-serif text-2xl text-temple">参访寺院</p>
            <p>地址：{site.address}</p>
            <p>客堂电话：{site.receptionPhone}</p>
          </div>
          <Link
            to="/IntoWfs"
            className="rounded-md bg-temple px-8 py-4 text-lg tracking-widest text-paper outline-none hover:bg-temple-dark focus-visible:ring-4 focus-visible:ring-gold/60"
          >
            走进寺院
          </Link>
        </div>
      </section>
    </>
  );
}
