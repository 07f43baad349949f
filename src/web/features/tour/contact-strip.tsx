import { useSiteConfig } from '../../shared/site-config-query';

const phoneLink =
  'rounded-sm underline underline-offset-4 hover:text-temple focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold';

/** 地址 · 电话 · 前台微信: how to reach the temple before a visit, from its configuration. */
export function ContactStrip() {
  const site = useSiteConfig();
  const rows = [
    { term: '地址', value: site.address },
    {
      term: '电话',
      value: (
        <a href={`tel:${site.phone.replace(/[^\d+]/g, '')}`} className={`${phoneLink} whitespace-nowrap`}>
          {site.phone}
        </a>
      ),
    },
    { term: '前台微信', value: site.wechat },
  ];
  return (
    <section
      aria-labelledby="tour-contact"
      className="mb-10 rounded-lg border border-gold/40 bg-paper-deep px-6 py-5"
    >
      <h2 id="tour-contact" className="sr-only">
        联系寺院
      </h2>
      <dl className="flex flex-wrap gap-x-12 gap-y-3 text-lg">
        {rows.map((row) => (
          // The value goes under its name where both do not fit (a phone in 长辈版).
          <div key={row.term} className="flex flex-wrap gap-x-2">
            <dt className="text-ink-soft">{row.term}：</dt>
            <dd className="text-ink">{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
