import { preloadImage } from '@web/shared/preload-image';
import { describe, expect, it } from 'vitest';

/** A page's largest picture is asked for by its route's loader, once, with the <img>'s sizes. */
describe('preloadImage', () => {
  const links = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')];

  it('preloads every width of an upload with the sizes given, once', () => {
    preloadImage('/uploads/0123456789abcdef01234567', '18rem');
    preloadImage('/uploads/0123456789abcdef01234567', '18rem');
    const [link, ...more] = links();
    expect(more).toEqual([]);
    expect(link?.getAttribute('imagesrcset')).toContain('/uploads/0123456789abcdef01234567-480.webp 480w');
    expect(link?.getAttribute('imagesizes')).toBe('18rem');
    expect(link?.getAttribute('fetchpriority')).toBe('high');
  });

  it('preloads the drawn art by its address, and nothing for no picture', () => {
    preloadImage('/images/lotus.svg?title=x&tone=1', '18rem');
    preloadImage('', '18rem');
    expect(links().map((link) => link.getAttribute('href'))).toContain('/images/lotus.svg?title=x&tone=1');
    expect(links()).toHaveLength(2);
  });
});
