import { VERSIONED_ITEM_MESSAGES } from '@contract/versioned-item';
import { VIDEO_CATALOGUE_MESSAGES as M, type VideoAnswer, type VideoRow } from '@contract/video-catalogue';
import { WEBVTT_MESSAGES } from '@contract/webvtt';
import { screen, within } from '@testing-library/react';
import { toastQueue } from '@web/components/ui/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, refused } from '../../support/fake-api';
import { renderConsole } from '../../support/fake-console-api';

const LIST = '/admin/api/videos';
const ONE = '/admin/api/videos/9';
const FILM = '/media/uploads/0123456789abcdef0123456789abcdef.webm';

const row: VideoRow = {
  id: 9,
  title: '浴佛节法会实录',
  newDate: '2026-05-24',
  poster: '/uploads/0123456789abcdef01234567',
  captions: true,
  published: true,
};

const stored = (over: Partial<VideoAnswer> = {}): VideoAnswer => ({
  id: 9,
  version: 3,
  published: false,
  video: {
    title: '浴佛节法会实录',
    description: '寺院影像',
    newDate: '2026-05-24',
    poster: '/uploads/0123456789abcdef01234567',
    film: FILM,
    captions: '',
  },
  ...over,
});

const toasts = () => toastQueue.visibleToasts.map((t) => t.content.text);
const form = () => screen.findByRole('form', { name: '视频' }, { timeout: 15_000 });
const box = (name: string | RegExp) => screen.getByRole('textbox', { name });

describe('视频管理', { timeout: 30_000 }, () => {
  afterEach(() => {
    for (const t of toastQueue.visibleToasts) toastQueue.close(t.key);
  });

  it('lists the videos with their date, captions and state', async () => {
    renderConsole('#/videos', { [`GET ${LIST}`]: () => ok([row]) }, ['content']);
    const table = await screen.findByRole('grid', { name: '视频' }, { timeout: 15_000 });
    const line = within(table).getByRole('row', { name: /浴佛节法会实录/ });
    expect(line).toHaveTextContent('2026-05-24');
    expect(line).toHaveTextContent('已发布');
    expect(within(line).getByRole('link', { name: '编辑 浴佛节法会实录' })).toHaveAttribute(
      'href',
      '#/videos/9',
    );
  });

  it('a new video judged empty says each message beside its field, focuses the first, sends nothing', async () => {
    const page = renderConsole('#/videos/new', {}, ['content']);
    await form();
    await page.user.click(screen.getByRole('button', { name: '保存为草稿' }));
    expect(box(/标题/)).toHaveAccessibleDescription(M.titleEmpty);
    expect(box(/标题/)).toHaveFocus();
    expect(screen.getByLabelText(/视频文件：上传视频/)).toHaveAccessibleDescription(
      expect.stringContaining(M.filmEmpty),
    );
    expect(screen.getByLabelText(/视频封面：上传图片/)).toHaveAccessibleDescription(
      expect.stringContaining(M.posterEmpty),
    );
    expect(page.callsTo('POST', LIST)).toHaveLength(0);
  });

  it('captions with a script are refused beside the field before anything is sent', async () => {
    const page = renderConsole('#/videos/9', { [`GET ${ONE}`]: () => ok(stored()) }, ['content']);
    await form();
    const file = new File(['WEBVTT\n\n00:00:00.000 --> 00:00:02.000\n<script>x</script>\n'], 'zimu.vtt', {
      type: 'text/vtt',
    });
    await page.user.upload(screen.getByLabelText(/中文字幕：上传字幕/), file);
    expect(await screen.findByText(WEBVTT_MESSAGES.markup(4))).toBeInTheDocument();
    expect(page.callsTo('POST', '/admin/api/video-files/captions')).toHaveLength(0);
    // A film past 200 MB is refused by the browser before a byte travels.
    const huge = new File(['x'], 'fahui.mp4', { type: 'video/mp4' });
    Object.defineProperty(huge, 'size', { value: 300 * 1024 * 1024 });
    await page.user.upload(screen.getByLabelText(/视频文件：更换视频/), huge);
    expect(await screen.findByText(M.filmSize)).toBeInTheDocument();
    expect(page.callsTo('POST', '/admin/api/video-files/film')).toHaveLength(0);
  });

  it('a save sends the version read; a 409 keeps the typing and offers 重新读取', async () => {
    const page = renderConsole(
      '#/videos/9',
      {
        [`GET ${ONE}`]: () => ok(stored()),
        [`PUT ${ONE}`]: () => refused(409, VERSIONED_ITEM_MESSAGES.stale),
      },
      ['content'],
    );
    await form();
    await page.user.clear(box(/标题/));
    await page.user.type(box(/标题/), '浴佛节');
    await page.user.click(screen.getByRole('button', { name: '保存' }));
    expect(page.callsTo('PUT', ONE).map((call) => call.body)).toEqual([
      { version: 3, video: { ...stored().video, title: '浴佛节' } },
    ]);
    expect(await screen.findByText(VERSIONED_ITEM_MESSAGES.stale)).toBeInTheDocument();
    expect(box(/标题/)).toHaveValue('浴佛节');
    expect(screen.getByRole('button', { name: '重新读取' })).toBeInTheDocument();
  });

  it('发布 sends the version read; the state then reads 已发布', async () => {
    const page = renderConsole(
      '#/videos/9',
      {
        [`GET ${ONE}`]: () => ok(stored()),
        [`POST ${ONE}/publish`]: () => ok(stored({ published: true, version: 4 })),
      },
      ['content'],
    );
    await form();
    await page.user.click(screen.getByRole('button', { name: '发布' }));
    expect(await screen.findByText('已发布', { exact: true })).toBeInTheDocument();
    expect(page.callsTo('POST', `${ONE}/publish`).map((call) => call.body)).toEqual([
      { published: true, version: 3 },
    ]);
    await vi.waitFor(() => expect(toasts()).toContain('视频已发布，信众即可观看'));
  });
});
