import { render, screen } from '@testing-library/react';
import { drawnArt, TempleImage } from '@web/shared/temple-image';
import { describe, expect, it } from 'vitest';

const ID = '0123456789abcdef01234567';

describe('TempleImage (every picture of the site)', () => {
  it('offers an upload at its three widths with sizes, and loads it when near (below the fold)', () => {
    render(<TempleImage src={`/uploads/${ID}`} alt="大殿" sizes="(min-width: 1024px) 368px, 100vw" />);
    const img = screen.getByRole('img', { name: '大殿' });
    expect(img).toHaveAttribute('src', `/uploads/${ID}-960.webp`);
    expect(img).toHaveAttribute(
      'srcset',
      `/uploads/${ID}-480.webp 480w, /uploads/${ID}-960.webp 960w, /uploads/${ID}-1600.webp 1600w`,
    );
    expect(img).toHaveAttribute('sizes', '(min-width: 1024px) 368px, 100vw');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).toHaveAttribute('fetchpriority', 'auto');
    // Its box is known before it loads: nothing below it moves.
    expect(img).toHaveAttribute('width', '1600');
    expect(img).toHaveAttribute('height', '1000');
  });

  it('fetches the first image above the fold at once, with high priority', () => {
    render(<TempleImage src={`/uploads/${ID}`} alt="" sizes="460px" priority />);
    const img = screen.getByRole('presentation');
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
  });

  it('shows the drawn art as it is (no srcset), and the fallback art when there is no image', () => {
    const art = drawnArt('lotus', '浴佛节', 2);
    const { unmount } = render(<TempleImage src={art} alt="浴佛节" sizes="100vw" />);
    const img = screen.getByRole('img', { name: '浴佛节' });
    expect(img).toHaveAttribute('src', '/images/lotus.svg?title=%E6%B5%B4%E4%BD%9B%E8%8A%82&tone=2');
    expect(img).not.toHaveAttribute('srcset');
    expect(img).not.toHaveAttribute('sizes');
    unmount();
    render(<TempleImage src="" fallback={drawnArt('lamp', '佛前供灯')} alt="佛前供灯" sizes="100vw" />);
    expect(screen.getByRole('img', { name: '佛前供灯' })).toHaveAttribute(
      'src',
      '/images/lamp.svg?title=%E4%BD%9B%E5%89%8D%E4%BE%9B%E7%81%AF&tone=0',
    );
  });
});
