import { preloadImage } from '@web/shared/preload-image';
import { describe, expect, it } from 'vitest';

/** A page's largest picture is asked for by its route's loader, once, with the <img>'s sizes. */
describe('preloadImage', () => {
  // Addresses no other test preloads: the web project shares one document and one module graph
  // among its files (isolate off), so links other files' pages added may be in the head too.
  const UPLOAD = '/uploads/feedfacefeedfacefeedface';
  const ART = '/images/lotus.svg?title=preload-test&tone=1';
  const links = () =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].filter((link) =>
      [link.getAttribute('href'), link.getAttribute('imagesrcset')].some(
        (address) => address?.includes(UPLOAD) || address?.includes(ART),
      ),
    );

  it('preloads every width of an upload with the sizes given, once', () => {
    preloadImage(UPLOAD, '18rem');
    preloadImage(UPLOAD, '18rem');
    const [link, ...more] = links();
    expect(more).toEqual([]);
    expect(link?.getAttribute('imagesrcset')).toContain(`${UPLOAD}-480.webp 480w`);
    expect(link?.getAttribute('imagesizes')).toBe('18rem');
    expect(link?.getAttribute('fetchpriority')).toBe('high');
  });

  it('preloads the drawn art by its address, and nothing for no picture', () => {
    const before = document.head.querySelectorAll('link').length;
    preloadImage(ART, '18rem');
    preloadImage('', '18rem');
    expect(links().map((link) => link.getAttribute('href'))).toContain(ART);
    expect(document.head.querySelectorAll('link').length).toBe(before + 1);
  });
});
