import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../components/ui/button';
import { panelClass } from '../../components/ui/panel';
import { useSiteConfig } from '../../shared/site-config-query';

const box = `flex flex-col gap-4 ${panelClass({ tone: 'gold', padding: 'lg' })}`;
const phoneLink =
  'rounded-sm underline underline-offset-4 hover:text-temple focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold';
const tel = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** 走进寺院 (the address and the tour, /IntoWfs) and 关注我们 (the reception's WeChat and phones), from the site config. */
export function VisitAndFollow() {
  const site = useSiteConfig();
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="home-visit" className={box}>
        <h2 id="home-visit" className="font-serif text-2xl tracking-widest text-temple">
          走进寺院
        </h2>
        <p className="text-lg leading-8 text-ink-soft">
          山门、殿堂、楼阁与园林，随图参访；欢迎亲临礼佛，随喜随缘。
        </p>
        <p className="text-lg text-ink">地址：{site.address}</p>
        <Link to="/IntoWfs" className={`${buttonClass({ size: 'lg' })} self-start`}>
          寺院导览
        </Link>
      </section>
      <section aria-labelledby="home-follow" className={box}>
        <h2 id="home-follow" className="font-serif text-2xl tracking-widest text-temple">
          关注我们
        </h2>
        <dl className="flex flex-col gap-2 text-lg">
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-ink-soft">前台微信：</dt>
            <dd className="font-medium tracking-wide text-ink">{site.wechat}</dd>
          </div>
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-ink-soft">客堂电话：</dt>
            <dd>
              <a href={tel(site.receptionPhone)} className={phoneLink}>
                {site.receptionPhone}
              </a>
            </dd>
          </div>
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-ink-soft">寺院电话：</dt>
            <dd>
              <a href={tel(site.phone)} className={phoneLink}>
                {site.phone}
              </a>
            </dd>
          </div>
        </dl>
        <p className="text-base leading-7 text-ink-soft">
          打开微信，搜索上面的微信号并添加，即可咨询法会、供养与参访事宜。
        </p>
      </section>
    </div>
  );
}
