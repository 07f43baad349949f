import { useQuery } from '@tanstack/react-query';
import { ElderModeSwitch } from '../../shared/elder-mode-switch';
import { useSiteConfig } from '../../shared/site-config-query';
import { drawnArt, TempleImage } from '../../shared/temple-image';
import { WishWall } from '../../shared/wish-wall/wish-wall';
import { homeNewsQuery, newsSlide } from './home-queries';
import { FALLBACK_SLIDES } from './home-slides';
import { NewsCarousel } from './news-carousel';
import { ServiceCards } from './service-cards';
import { VisitAndFollow } from './visit-and-follow';

/**
 * The home page (/index, and / which redirects there): a calm banner, the 寺院动态 carousel (the
 * four fixed slides when the call answers nothing or fails), the online services, how to visit
 * and follow the temple, and the wish wall.
 */
export function HomePage() {
  const site = useSiteConfig();
  const news = useQuery(homeNewsQuery);
  const slides = news.data?.length ? news.data.map(newsSlide) : FALLBACK_SLIDES;
  return (
    <>
      <section className="relative overflow-hidden bg-temple-dark text-paper">
        <TempleImage
          src={drawnArt('mountain', '', 5)}
          alt=""
          sizes="100vw"
          className="absolute inset-0 size-full object-cover opacity-25"
        />
        <div className="relative mx-auto flex max-w-page flex-col gap-4 px-6 py-14">
          <p className="text-lg tracking-[0.4em] text-gold-light">庄严国土　利乐有情</p>
          <h1 className="font-serif text-4xl font-bold tracking-[0.1em] sm:text-5xl sm:tracking-[0.2em]">
            {site.templeName}
          </h1>
          <p className="max-w-3xl text-xl leading-9 text-balance text-paper/90">
            欢迎随喜礼佛。法会报名、功德供养、独姓佛事与圣像供奉，均可在线办理；寺院将以短信确认。
          </p>
          {/* MIIT's obvious entry on the home page: large text, larger buttons, nothing moving. */}
          <div className="flex flex-wrap items-center gap-4">
            <ElderModeSwitch tone="onDark" />
            <span className="text-lg text-paper/90">字大、键大，页面不自动滚动</span>
          </div>
        </div>
      </section>

      {news.isPending ? (
        <section aria-labelledby="home-news-title" aria-busy="true" className="mx-auto max-w-page px-6 pt-14">
          <h2 id="home-news-title" className="mb-6 font-serif text-3xl tracking-widest text-temple">
            寺院动态
          </h2>
          <p className="rounded-lg border border-gold/30 bg-white py-24 text-center text-lg text-ink-soft">
            正在加载…
          </p>
        </section>
      ) : (
        <NewsCarousel slides={slides} />
      )}

      <ServiceCards />

      <div className="mx-auto grid max-w-page grid-cols-1 gap-8 px-6 pb-14 lg:grid-cols-[1fr_360px]">
        <VisitAndFollow />
        <WishWall />
      </div>
    </>
  );
}
