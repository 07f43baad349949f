import { useSiteConfig } from '../../shared/site-config-query';
import { EditionSwitch } from './edition-switch';

/**
 * Friendly links, address and phone, licence numbers (all from the temple's configuration), and
 * the switch between the phone and desktop editions.
 */
export function Footer() {
  const site = useSiteConfig();
  return (
    <footer className="mt-16 bg-ink text-paper/85">
      <div className="mx-auto grid max-w-page grid-cols-1 gap-8 px-6 py-10 md:grid-cols-[2fr_3fr]">
        <section aria-labelledby="footer-links">
          <h2 id="footer-links" className="mb-3 font-serif text-xl text-gold-light">
            友情链接
          </h2>
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-base">
            {site.friendlyLinks.map((link) => (
              <li key={link.url}>
                <a
                  href={link.url}
                  target="_blank"
                  rel="noreferrer"
                  className="underline-offset-4 hover:text-gold-light hover:underline"
                >
                  {link.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-contact" className="text-base leading-8">
          <h2 id="footer-contact" className="mb-3 font-serif text-xl text-gold-light">
            {site.templeName}
          </h2>
          <p>地址：{site.address}</p>
          {/* A number never breaks across lines (a phone's footer wraps between the two, and
              长辈版 on a narrow phone between a name and its number). */}
          <p className="flex flex-wrap gap-x-4">
            <span>
              电话：<span className="whitespace-nowrap">{site.phone}</span>
            </span>
            <span>
              客堂电话：<span className="whitespace-nowrap">{site.receptionPhone}</span>
            </span>
          </p>
        </section>
      </div>
      <div className="border-t border-paper/15 px-6 py-3">
        <EditionSwitch />
      </div>
      <div className="border-t border-paper/15 py-4 text-center text-sm text-paper/60">
        <span>{site.icpLicence}</span>　<span>{site.policeLicence}</span>　
        <span>{site.religiousLicence}</span>
      </div>
    </footer>
  );
}
