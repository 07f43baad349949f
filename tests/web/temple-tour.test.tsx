import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { defaultSiteConfig } from '@server/db/seed/site';
import { screen, waitFor, within } from '@testing-library/react';
import { tourImageSvg, tourScenes } from '@web/features/tour/tour-art';
import { TOUR_IMAGES } from '@web/features/tour/tour-images';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../support/fake-api';
import { renderApp } from '../support/render-app';

// Vitest runs from the repository's root (jsdom gives `import.meta.url` no file scheme).
const publicDir = resolve(process.cwd(), 'src/web/public');
const fileOf = (src: string) => `${publicDir}${src}`;

const openTour = async () => {
  fakeApi({});
  const view = renderApp('#/IntoWfs');
  await screen.findByRole('heading', { level: 1, name: '走进寺院' });
  return view;
};

describe('走进寺院 (the temple tour)', () => {
  it('shows the trail 首页 / 走进寺院', async () => {
    await openTour();
    const trail = screen.getByRole('navigation', { name: '当前位置' });
    expect(within(trail).getByRole('link', { name: '首页' })).toHaveAttribute('href', '/#/index');
    expect(within(trail).getByText('走进寺院')).toHaveAttribute('aria-current', 'page');
  });

  it('shows the address, the phone (a tel: link) and the front-desk WeChat from the configuration', async () => {
    await openTour();
    const strip = screen.getByRole('region', { name: '联系寺院' });
    expect(strip).toHaveTextContent(`地址：${defaultSiteConfig.address}`);
    expect(within(strip).getByRole('link', { name: defaultSiteConfig.phone })).toHaveAttribute(
      'href',
      `tel:${defaultSiteConfig.phone.replace(/[^\d+]/g, '')}`,
    );
    expect(strip).toHaveTextContent(`前台微信：${defaultSiteConfig.wechat}`);
  });

  it('shows 31 pictures, each lazy, with a Chinese alt text, its size reserved and its name under it', async () => {
    await openTour();
    const list = screen.getByRole('list', { name: '寺院图片' });
    const images = within(list).getAllByRole('img');
    expect(images).toHaveLength(31);
    expect(new Set(images.map((img) => img.getAttribute('alt'))).size).toBe(31);
    images.forEach((img, index) => {
      const image = TOUR_IMAGES[index];
      expect(img).toHaveAttribute('alt', image?.alt);
      expect(img.getAttribute('alt')).toMatch(/^[\u4e00-\u9fff]+：[\u4e00-\u9fff，]+$/);
      expect(img).toHaveAttribute('width', String(image?.width));
      expect(img).toHaveAttribute('height', String(image?.height));
      expect(img).toHaveAttribute('loading', 'lazy');
      expect(img).toHaveAttribute('decoding', 'async');
      expect(img.closest('figure')?.querySelector('figcaption')).toHaveTextContent(image?.name ?? '');
    });
    for (const name of ['山门', '天王殿', '大雄宝殿', '钟楼', '鼓楼', '藏经楼', '放生池', '回廊']) {
      expect(within(list).getByText(name, { selector: 'figcaption' })).toBeInTheDocument();
    }
  });

  it('opens a picture larger, steps round with 上一张 / 下一张 and closes with Esc, focus back on the picture', async () => {
    const { user } = await openTour();
    const first = screen.getByRole('button', { name: TOUR_IMAGES[0]?.alt });
    await user.click(first);
    const dialog = await screen.findByRole('dialog', { name: '山门' });
    expect(within(dialog).getByText('第 1 张，共 31 张')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '上一张' }));
    expect(await screen.findByRole('dialog', { name: '远眺寺院' })).toHaveTextContent('第 31 张，共 31 张');
    await user.click(screen.getByRole('button', { name: '下一张' }));
    await user.click(screen.getByRole('button', { name: '下一张' }));
    expect(await screen.findByRole('dialog', { name: '天王殿' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(first).toHaveFocus());
  });
});

describe('the tour pictures on disk', () => {
  it('are the files scripts/generate-tour-images.ts draws, of the size the page reserves, small in all', () => {
    let total = 0;
    for (const image of TOUR_IMAGES) {
      const scene = tourScenes[image.src.replace(/^\/tour\/|\.svg$/g, '')];
      expect(scene, image.src).toBeDefined();
      const svg = readFileSync(fileOf(image.src), 'utf8');
      // Stale files: run `npx tsx scripts/generate-tour-images.ts`.
      expect(svg, image.src).toBe(scene && tourImageSvg(scene));
      expect(svg).toContain(`width="${image.width}" height="${image.height}"`);
      total += statSync(fileOf(image.src)).size;
    }
    expect(total).toBeLessThan(300 * 1024);
  });
});
