import type { NewsItem } from '@contract/news';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createPlaybackCoordinator, type Playable } from '@web/features/video/playback-coordinator';
import { sameSitePath, videoIdOf } from '@web/features/video/video-rules';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, refused } from '../support/fake-api';
import { renderApp } from '../support/render-app';

const video = (id: number, menu = 6): NewsItem => ({
  id,
  newsMenuId: menu,
  title: `影像${id}`,
  subTitle: `影像${id}的副标题`,
  imageUrl: `/images/pagoda.svg?tone=${id}`,
  content: '<p>影像</p>',
  link: null,
  videoUrl: menu === 6 ? `/media/videos/${id}.webm` : null,
  fhName: null,
  businessMode: 'trend',
  newDate: '2026-11-01',
});

/** A player as the coordinator sees it: it plays until paused. */
class FakePlayer extends EventTarget implements Playable {
  paused = true;
  pause = vi.fn(() => {
    this.paused = true;
  });
  start() {
    this.paused = false;
    this.dispatchEvent(new Event('play'));
  }
}

describe('one video plays at a time', () => {
  it('pauses the film playing before when another starts, and only that one', () => {
    const coordinator = createPlaybackCoordinator();
    const [a, b, c] = [new FakePlayer(), new FakePlayer(), new FakePlayer()];
    for (const player of [a, b, c]) coordinator.register(player);
    a.start();
    expect(a.pause).not.toHaveBeenCalled();
    b.start();
    expect(a.pause).toHaveBeenCalledTimes(1);
    expect([a.paused, b.paused, c.paused]).toEqual([true, false, true]);
    // A player already paused is left alone.
    expect(c.pause).not.toHaveBeenCalled();
    c.start();
    expect(b.pause).toHaveBeenCalledTimes(1);
    expect(a.pause).toHaveBeenCalledTimes(1);
  });

  it('forgets a player that left the page: it neither pauses nor is paused', () => {
    const coordinator = createPlaybackCoordinator();
    const [a, b] = [new FakePlayer(), new FakePlayer()];
    const forgetA = coordinator.register(a);
    coordinator.register(b);
    a.start();
    forgetA();
    b.start();
    expect(a.pause).not.toHaveBeenCalled();
    a.start();
    expect(b.pause).not.toHaveBeenCalled();
  });
});

describe('what the address may say', () => {
  it.each([
    ['/images/pagoda.svg?title=%E6%99%A8&tone=1', true],
    ['/images/佛像.svg', true],
    ['//evil.example/x.png', false],
    ['/\\evil.example/x.png', false],
    ['https://evil.example/x.png', false],
    ['javascript:alert(1)', false],
    ['data:image/svg+xml,<svg/>', false],
    ['/images/a b.svg', false],
    ['/images/a\u0000.svg', false],
    ['images/relative.svg', false],
    [`/${'a'.repeat(500)}`, false],
  ])('info %j is a path of this site: %s', (info, expected) => {
    expect(sameSitePath(info)).toBe(expected);
  });

  it.each([
    ['3', 3],
    ['120', 120],
    ['0', null],
    ['03', null],
    ['-1', null],
    ['1.5', null],
    ['abc', null],
    ['9999999999', null],
  ])('video id %j is %s', (param, expected) => {
    expect(videoIdOf(param)).toBe(expected);
  });
});

describe('video detail', () => {
  /** What each <video> of the page was asked to do; `paused` is false once a film has played. */
  let play: ReturnType<typeof vi.fn<(this: HTMLMediaElement) => Promise<void>>>;
  let pause: ReturnType<typeof vi.fn<(this: HTMLMediaElement) => void>>;
  const playing = new Set<HTMLMediaElement>();

  beforeEach(() => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('mobile', '13812345678');
    playing.clear();
    play = vi.fn(async function (this: HTMLMediaElement) {
      playing.add(this);
    });
    pause = vi.fn(function (this: HTMLMediaElement) {
      playing.delete(this);
    });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(pause);
    vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function (
      this: HTMLMediaElement,
    ) {
      return !playing.has(this);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const open = (hash = '#/videoDetail/3?info=%2Fimages%2Fbuddha.svg%3Ftone%3D3') => {
    fakeApi({
      'GET /api/yxs-app/news/3': () => ok(video(3)),
      'GET /api/yxs-app/news/9': () => ok(video(9, 2)),
      'GET /api/yxs-app/news/77': () => refused(404, '该文章不存在或已下线'),
      'GET /api/yxs-app/news': () =>
        ok({ content: [1, 2, 3, 4, 5].map((id) => video(id)), totalElements: 5 }),
    });
    return renderApp(hash);
  };
  const mainFilm = async () => {
    const article = await screen.findByRole('article', { name: '影像3' });
    return within(article).getByLabelText<HTMLVideoElement>('影像3');
  };

  it('shows the breadcrumb, title, subtitle and the film with the poster the gallery sent, and starts it', async () => {
    open();
    const film = await mainFilm();
    const crumbs = screen.getByRole('navigation', { name: '当前位置' });
    expect(
      within(crumbs)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['首页', '视频专区', '视频详情']);
    expect(within(crumbs).getByRole('link', { name: '视频专区' })).toHaveAttribute('href', '/#/wfVideo');
    expect(screen.getByRole('heading', { level: 1, name: '影像3' })).toBeInTheDocument();
    expect(screen.getByText('影像3的副标题')).toBeInTheDocument();
    expect(film).toHaveAttribute('src', '/media/videos/3.webm');
    expect(film).toHaveAttribute('poster', '/images/buddha.svg?tone=3');
    expect(film).toHaveAttribute('controls');
    expect(film.querySelector('track')).toHaveAttribute('src', '/media/videos/3.vtt');
    await waitFor(() => expect(play.mock.contexts).toContain(film));
    expect(film.muted).toBe(false);
  });

  it('uses the poster of the video itself when info is not a path of this site', async () => {
    open(`#/videoDetail/3?info=${encodeURIComponent('//evil.example/x.png')}`);
    expect(await mainFilm()).toHaveAttribute('poster', '/images/pagoda.svg?tone=3');
  });

  it('starts muted with 开启声音 when the browser refuses sound, and turns the sound on', async () => {
    play.mockImplementationOnce(async () => {
      throw new DOMException('play() needs a gesture', 'NotAllowedError');
    });
    const { user } = open();
    const film = await mainFilm();
    const unmute = await screen.findByRole('button', { name: '开启声音' });
    expect(film.muted).toBe(true);
    expect(play.mock.contexts.filter((c) => c === film)).toHaveLength(2);
    await user.click(unmute);
    expect(film.muted).toBe(false);
    expect(screen.queryByRole('button', { name: '开启声音' })).not.toBeInTheDocument();
  });

  it('says 此视频暂无法播放，请稍后再试 when the film cannot be played', async () => {
    open();
    fireEvent.error(await mainFilm());
    const article = screen.getByRole('article', { name: '影像3' });
    expect(within(article).getByRole('alert')).toHaveTextContent('此视频暂无法播放，请稍后再试');
    expect(within(article).queryByLabelText('影像3')).not.toBeInTheDocument();
  });

  it('sets the playback rate with the 1x / 2x / 3x buttons, one chosen at a time', async () => {
    const { user } = open();
    const film = await mainFilm();
    const rates = screen.getByRole('radiogroup', { name: '播放速度' });
    const [one, two, three] = ['1x', '2x', '3x'].map((name) => within(rates).getByRole('radio', { name }));
    expect(one).toHaveAttribute('aria-checked', 'true');
    await user.click(two as HTMLElement);
    expect(film.playbackRate).toBe(2);
    expect(two).toHaveAttribute('aria-checked', 'true');
    expect(one).toHaveAttribute('aria-checked', 'false');
    await user.click(three as HTMLElement);
    expect(film.playbackRate).toBe(3);
    // Pressing the chosen rate again keeps it (one is always chosen).
    await user.click(three as HTMLElement);
    expect(film.playbackRate).toBe(3);
    expect(three).toHaveAttribute('aria-checked', 'true');
    await user.click(one as HTMLElement);
    expect(film.playbackRate).toBe(1);
  });

  it('shows 更多视频 as players, and starting one of them pauses the film playing', async () => {
    open();
    const film = await mainFilm();
    await waitFor(() => expect(playing.has(film)).toBe(true));
    fireEvent.play(film);
    const more = await screen.findByRole('region', { name: '更多视频' });
    const others = within(more).getAllByLabelText(/^影像\d$/);
    expect(others.map((o) => o.getAttribute('aria-label'))).toEqual(['影像1', '影像2', '影像4']);
    expect(within(more).getByRole('link', { name: '影像4' })).toHaveAttribute(
      'href',
      `/#/videoDetail/4?info=${encodeURIComponent('/images/pagoda.svg?tone=4')}`,
    );
    const second = others[1] as HTMLVideoElement;
    // The believer presses play on the second film: the browser plays it and says so.
    await second.play();
    fireEvent.play(second);
    expect(pause.mock.contexts).toEqual([film]);
    expect([...playing]).toEqual([second]);
  });

  it('says 该视频不存在或已下线 for an unknown id, an article that is no video, and a malformed id', async () => {
    for (const hash of ['#/videoDetail/77', '#/videoDetail/9', '#/videoDetail/abc']) {
      const { unmount } = open(hash);
      expect(await screen.findByText('该视频不存在或已下线'), hash).toBeInTheDocument();
      unmount();
    }
  });
});
