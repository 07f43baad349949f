import { NEWS_EDIT_MESSAGES as M, type NewsEditable, type NewsRow } from '@contract/news-editing';
import { VERSIONED_ITEM_MESSAGES } from '@contract/versioned-item';
import { screen, waitFor, within } from '@testing-library/react';
import { toastQueue } from '@web/components/ui/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { heldCalls, ok, refused } from '../../support/fake-api';
import { page, renderConsole } from '../../support/fake-console-api';

const NEWS = '/admin/api/news';
const CAROUSEL = '/admin/api/news-carousel';
const UPLOAD_ID = '0123456789abcdef01234567';

const row = (over: Partial<NewsRow> = {}): NewsRow => ({
  id: 11,
  menu: 2,
  title: '冬至普佛法会圆满',
  image: `/uploads/${UPLOAD_ID}`,
  link: '',
  newDate: '2026-12-21',
  state: 'published',
  publishAt: '2026-12-21T01:00:00.000Z',
  carouselPosition: null,
  updatedAt: '2026-12-21T01:00:00.000Z',
  updatedBy: '王师兄',
  ...over,
});

const stored = (over: Partial<NewsEditable['article']> = {}, version = 3): NewsEditable => ({
  id: 11,
  article: {
    menu: 2,
    title: '冬至普佛法会圆满',
    subTitle: '阖寺大众共修',
    businessMode: 'trend',
    image: `/uploads/${UPLOAD_ID}`,
    content: '<p>冬至日，本寺举行普佛法会。</p>',
    link: '',
    newDate: '2026-12-21',
    publish: 'now',
    publishAt: '',
    ...over,
  },
  state: 'published',
  version,
  updatedAt: '2026-12-21T01:00:00.000Z',
  updatedBy: '王师兄',
});

const carousel = [
  row({ id: 1, menu: 1, title: '新春祈福法会' }),
  row({ id: 2, menu: 1, title: '浴佛节', state: 'scheduled', publishAt: '2027-05-01T00:00:00.000Z' }),
  row({ id: 3, menu: 1, title: '盂兰盆法会' }),
];

const toasts = () => toastQueue.visibleToasts.map((t) => t.content.text);
const box = (name: string | RegExp) => screen.getByRole('textbox', { name });

describe('新闻动态', { timeout: 30_000 }, () => {
  afterEach(() => {
    for (const t of toastQueue.visibleToasts) toastQueue.close(t.key);
  });

  it('lists the articles with their state badges and who changed them; filters send their query', async () => {
    const queries: Record<string, string>[] = [];
    const view = renderConsole(
      '#/news',
      {
        [`GET ${NEWS}`]: ({ url }) => {
          queries.push(Object.fromEntries(url.searchParams));
          return ok(
            page([
              row(),
              row({ id: 12, title: '腊八施粥', state: 'scheduled', publishAt: '2027-01-15T00:00:00.000Z' }),
              row({ id: 13, title: '春节安排', state: 'draft', publishAt: null, menu: 1 }),
            ]),
          );
        },
        [`GET ${CAROUSEL}`]: () => ok(carousel),
      },
      ['content'],
    );
    const table = await screen.findByRole('grid', { name: '文章列表' }, { timeout: 15_000 });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/冬至普佛法会圆满.*寺院动态.*2026-12-21.*已发布.*王师兄/);
    expect(rows[2]).toHaveTextContent(/腊八施粥.*定时发布.*2027-01-15 08:00 发布/);
    expect(rows[3]).toHaveTextContent(/春节安排.*首页轮播.*草稿/);
    expect(within(table).getByRole('link', { name: '冬至普佛法会圆满' })).toHaveAttribute(
      'href',
      '#/news/11',
    );
    await view.user.click(screen.getByRole('radio', { name: '草稿' }));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ state: 'draft' }));
    await view.user.type(screen.getByRole('textbox', { name: '标题' }), '春节');
    await view.user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ q: '春节', state: 'draft' }));
  });

  it('says when there is nothing, and a failed read offers 重试', async () => {
    let fail = true;
    const view = renderConsole(
      '#/news',
      {
        [`GET ${NEWS}`]: () => (fail ? refused(503, '服务暂不可用') : ok(page([]))),
        [`GET ${CAROUSEL}`]: () => ok([]),
      },
      ['content'],
    );
    await screen.findByText('服务暂不可用', {}, { timeout: 15_000 });
    fail = false;
    await view.user.click(screen.getAllByRole('button', { name: '重试' })[0] as HTMLElement);
    expect(await screen.findByText('暂无文章，请点击“新建文章”')).toBeInTheDocument();
    expect(screen.getByText('首页轮播暂无文章')).toBeInTheDocument();
  });

  it('orders the carousel with 上移 / 下移 and saves the new order with the order read', async () => {
    const saves = heldCalls();
    const view = renderConsole(
      '#/news',
      {
        [`GET ${NEWS}`]: () => ok(page([])),
        [`GET ${CAROUSEL}`]: () => ok(carousel),
        [`PUT ${CAROUSEL}`]: saves.next,
      },
      ['content'],
    );
    const list = await screen.findByRole('list', { name: '首页轮播' }, { timeout: 15_000 });
    expect(screen.getByRole('button', { name: '上移 新春祈福法会' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '下移 盂兰盆法会' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '保存顺序' })).toBeDisabled();
    screen.getByRole('button', { name: '上移 盂兰盆法会' }).focus();
    await view.user.keyboard('{Enter}');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('新春祈福法会'),
      expect.stringContaining('盂兰盆法会'),
      expect.stringContaining('浴佛节'),
    ]);
    await view.user.click(screen.getByRole('button', { name: '保存顺序' }));
    expect(view.sent('PUT', '/news-carousel').map((c) => c.body)).toEqual([
      { from: [1, 2, 3], to: [1, 3, 2] },
    ]);
    saves.answer(refused(409, M.carouselChanged));
    expect(await screen.findByText(M.carouselChanged)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重新读取' })).toBeInTheDocument();
  });

  it('a new article judged empty says so beside 标题, 封面图片 and 正文, focuses 标题, and sends nothing', async () => {
    const view = renderConsole('#/news/new', {}, ['content']);
    await screen.findByRole('form', { name: '文章' }, { timeout: 15_000 });
    expect(screen.getByRole('toolbar', { name: '正文格式' })).toBeInTheDocument();
    for (const name of ['标题', '加粗', '列表', '链接', '插入图片', '撤销'])
      expect(within(screen.getByRole('toolbar')).getByRole('button', { name })).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: '保存' }));
    expect(box(/^标题/)).toHaveAccessibleDescription(M.titleEmpty);
    expect(box(/^标题/)).toHaveFocus();
    expect(screen.getByText(M.imageEmpty)).toBeInTheDocument();
    expect(screen.getByText(M.contentEmpty)).toBeInTheDocument();
    expect(view.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await view.user.click(screen.getByRole('radio', { name: '定时发布' }));
    await view.user.type(box(/定时发布时间/), '明天上午');
    await view.user.click(screen.getByRole('button', { name: '保存' }));
    expect(box(/定时发布时间/)).toHaveAccessibleDescription(/请选择定时发布的日期和时间/);
  });

  it('a link article with an uploaded cover is sent once, trimmed; the button waits, then the toast and the form of the saved article', async () => {
    const creates = heldCalls();
    const view = renderConsole(
      '#/news/new',
      {
        [`POST ${NEWS}`]: creates.next,
        'POST /admin/api/images': () => ok({ url: `/uploads/${UPLOAD_ID}` }),
        [`GET ${NEWS}/21`]: () => ok({ ...stored({ title: '转载：消防提示' }), id: 21 }),
        [`GET ${NEWS}`]: () => ok(page([])),
        [`GET ${CAROUSEL}`]: () => ok([]),
      },
      ['content'],
    );
    await screen.findByRole('form', { name: '文章' }, { timeout: 15_000 });
    await view.user.type(box(/^标题/), '  转载：消防提示 ');
    await view.user.type(box(/外部链接/), 'https://www.sara.gov.cn/');
    await view.user.upload(
      screen.getByLabelText(/封面图片：上传图片/),
      new File([new Uint8Array(100)], 'hall.jpg', { type: 'image/jpeg' }),
    );
    await screen.findByRole('button', { name: '移除图片' });
    await view.user.click(screen.getByRole('button', { name: '保存' }));
    const sent = view.sent('POST', '/news').map((c) => c.body as { article: Record<string, unknown> });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.article).toMatchObject({
      title: '转载：消防提示',
      link: 'https://www.sara.gov.cn/',
      image: `/uploads/${UPLOAD_ID}`,
      menu: 2,
      publish: 'now',
      content: '',
    });
    const pending = screen.getByRole('button', { name: '请稍候…' });
    await view.user.click(pending);
    expect(view.sent('POST', '/news')).toHaveLength(1);
    creates.answer(ok({ ...stored({ title: '转载：消防提示', link: 'https://www.sara.gov.cn/' }), id: 21 }));
    await vi.waitFor(() => expect(toasts()).toContain('文章已保存，网站即刻生效'));
    await screen.findByRole('heading', { name: '编辑文章' });
    expect(window.location.hash).toBe('#/news/21');
  });

  it('an edit refused as stale (409) keeps what was typed; 重新读取 shows the server’s and the next save sends its version', async () => {
    let version = 3;
    const saves = heldCalls();
    const view = renderConsole(
      '#/news/11',
      {
        [`GET ${NEWS}/11`]: () =>
          ok(stored({ subTitle: version === 3 ? '阖寺大众共修' : '他人修改' }, version)),
        [`PUT ${NEWS}/11`]: saves.next,
      },
      ['content'],
    );
    await screen.findByRole('form', { name: '文章' }, { timeout: 15_000 });
    expect(box(/^标题/)).toHaveValue('冬至普佛法会圆满');
    await view.user.clear(box(/副标题/));
    await view.user.type(box(/副标题/), '我的副标题');
    await view.user.click(screen.getByRole('button', { name: '保存' }));
    expect(view.sent('PUT', '/news/11').map((c) => (c.body as { version: number }).version)).toEqual([3]);
    saves.answer(refused(409, VERSIONED_ITEM_MESSAGES.stale));
    expect(await screen.findByText(VERSIONED_ITEM_MESSAGES.stale)).toBeInTheDocument();
    expect(box(/副标题/)).toHaveValue('我的副标题');
    version = 5;
    await view.user.click(screen.getByRole('button', { name: '重新读取' }));
    await waitFor(() => expect(box(/副标题/)).toHaveValue('他人修改'));
    await view.user.click(screen.getByRole('button', { name: '保存' }));
    expect(view.sent('PUT', '/news/11').map((c) => (c.body as { version: number }).version)).toEqual([3, 5]);
  });

  it('the preview shows the body as the site will: no script, no handler, no picture from elsewhere', async () => {
    const view = renderConsole(
      '#/news/11',
      {
        [`GET ${NEWS}/11`]: () =>
          ok(
            stored({
              content:
                '<p>正文</p><script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2"><p><img src="/uploads/0123456789abcdef01234567" alt="大殿"></p>',
            }),
          ),
      },
      ['content'],
    );
    await screen.findByRole('form', { name: '文章' }, { timeout: 15_000 });
    await view.user.click(screen.getByRole('button', { name: '预览' }));
    const preview = screen.getByRole('region', { name: '预览' });
    expect(within(preview).getByText('正文')).toBeInTheDocument();
    expect(preview.querySelector('script')).toBeNull();
    expect(preview.innerHTML).not.toMatch(/onerror|__pwned/);
    const pictures = preview.querySelectorAll('img');
    expect(pictures).toHaveLength(1);
    expect(pictures[0]?.getAttribute('srcset')).toContain(`${UPLOAD_ID}-480.webp 480w`);
    expect((window as { __pwned?: unknown }).__pwned).toBeUndefined();
  });

  it('a refusal above 保存 goes with the next press, even when the judgement then stops the save', async () => {
    const view = renderConsole(
      '#/news/11',
      {
        [`GET ${NEWS}/11`]: () => ok(stored()),
        [`PUT ${NEWS}/11`]: () => refused(503, '服务暂不可用，请稍后再试'),
      },
      ['content'],
    );
    await screen.findByRole('form', { name: '文章' }, { timeout: 15_000 });
    await view.user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('服务暂不可用，请稍后再试')).toBeInTheDocument();
    await view.user.clear(box(/^标题/));
    await view.user.click(screen.getByRole('button', { name: '保存' }));
    expect(box(/^标题/)).toHaveAccessibleDescription(M.titleEmpty);
    expect(screen.queryByText('服务暂不可用，请稍后再试')).not.toBeInTheDocument();
  });

  it('a field refused by the server is said beside that field, once, until 保存 again', async () => {
    let refuse = true;
    const view = renderConsole(
      '#/news/11',
      {
        [`GET ${NEWS}/11`]: () => ok(stored()),
        [`PUT ${NEWS}/11`]: () => (refuse ? refused(400, M.imageInvalid) : ok(stored({}, 6))),
      },
      ['content'],
    );
    await screen.findByRole('form', { name: '文章' }, { timeout: 15_000 });
    await view.user.click(screen.getByRole('button', { name: '保存' }));
    const group = screen.getByRole('group', { name: '封面图片' });
    expect(await within(group).findByText(M.imageInvalid)).toBeInTheDocument();
    // Said once, beside its field; 保存 again clears it before the server answers anew.
    expect(screen.getAllByText(M.imageInvalid)).toHaveLength(1);
    refuse = false;
    await view.user.click(screen.getByRole('button', { name: '保存' }));
    await vi.waitFor(() => expect(screen.queryByText(M.imageInvalid)).not.toBeInTheDocument());
  });
});
