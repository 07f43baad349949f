import { CONTENT_IMAGE_MESSAGES } from '@contract/content-image';
import { MERIT_CATALOGUE_MESSAGES as M, type MeritAnswer, type MeritRow } from '@contract/merit-catalogue';
import { VERSIONED_ITEM_MESSAGES } from '@contract/versioned-item';
import { screen, within } from '@testing-library/react';
import { toastQueue } from '@web/components/ui/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { heldCalls, ok, refused } from '../../support/fake-api';
import { renderConsole } from '../../support/fake-console-api';

const LIST = '/admin/api/merit-items';
const ONE = '/admin/api/merit-items/7';
const ORDER = '/admin/api/merit-order';

const rows: MeritRow[] = [
  {
    id: 7,
    name: '供花供果',
    image: '',
    priceModel: '3',
    priceLabel: '¥50–¥100',
    published: true,
    liveOrders: 4,
  },
  {
    id: 9,
    name: '佛前供灯',
    image: '',
    priceModel: '1',
    priceLabel: '每份 ¥100',
    published: false,
    liveOrders: 0,
  },
];

const stored = (over: Partial<MeritAnswer> = {}): MeritAnswer => ({
  id: 7,
  version: 3,
  published: false,
  liveOrders: 4,
  item: {
    name: '供花供果',
    image: '',
    particulars: '以鲜花、时果供养诸佛菩萨。',
    priceModel: '3',
    unitPriceYuan: null,
    amountsYuan: [],
    choices: [
      { item: 'GH01', name: '鲜花供养', priceYuan: 100, withdrawn: false, liveOrders: 4 },
      { item: 'GH03', name: '净香供养', priceYuan: 50, withdrawn: false, liveOrders: 0 },
    ],
  },
  ...over,
});

const toasts = () => toastQueue.visibleToasts.map((t) => t.content.text);
const form = () => screen.findByRole('form', { name: '功德项目' }, { timeout: 15_000 });
const box = (name: string | RegExp, index = 0) =>
  screen.getAllByRole('textbox', { name })[index] as HTMLElement;

describe('功德项目', { timeout: 30_000 }, () => {
  afterEach(() => {
    for (const t of toastQueue.visibleToasts) toastQueue.close(t.key);
  });

  it('lists the items in the site order with model, price, state and orders; 上移 then 保存顺序 sends both orders', async () => {
    const page = renderConsole(
      '#/merit',
      { [`GET ${LIST}`]: () => ok(rows), [`PUT ${ORDER}`]: () => ok([rows[1], rows[0]]) },
      ['content'],
    );
    const table = await screen.findByRole('table', { name: '功德项目' }, { timeout: 15_000 });
    const line = within(table).getByRole('row', { name: /供花供果/ });
    expect(line).toHaveTextContent('按名目计价');
    expect(line).toHaveTextContent('¥50–¥100');
    expect(line).toHaveTextContent('已发布');
    expect(within(table).getByRole('row', { name: /佛前供灯/ })).toHaveTextContent('未发布');
    expect(within(line).getByRole('link', { name: '编辑 供花供果' })).toHaveAttribute('href', '#/merit/7');
    expect(screen.getByRole('button', { name: '保存顺序' })).toBeDisabled();
    await page.user.click(screen.getByRole('button', { name: '上移 佛前供灯' }));
    await page.user.click(screen.getByRole('button', { name: '保存顺序' }));
    expect(page.callsTo('PUT', ORDER).map((call) => call.body)).toEqual([{ from: [7, 9], to: [9, 7] }]);
    await vi.waitFor(() => expect(toasts()).toContain('顺序已保存，网站即刻按此顺序显示'));
  });

  it('a new item judged empty says each message beside its field, focuses the first, sends nothing', async () => {
    const page = renderConsole('#/merit/new', {}, ['content']);
    await form();
    await page.user.click(screen.getByRole('button', { name: '保存为草稿' }));
    expect(box(/功德项目名称/)).toHaveAccessibleDescription(M.nameEmpty);
    expect(box(/功德项目名称/)).toHaveFocus();
    expect(box(/功德项目介绍/)).toHaveAccessibleDescription(M.particularsEmpty);
    expect(box(/每份价格/)).toHaveAccessibleDescription(M.unitPriceInvalid);
    expect(page.callsTo('POST', LIST)).toHaveLength(0);
    await page.user.type(box(/功德项目名称/), '药师灯');
    expect(box(/功德项目名称/)).not.toHaveAttribute('aria-invalid');
  });

  it('shows only the chosen model’s price fields; amounts are judged beside their row and sent as numbers', async () => {
    const page = renderConsole('#/merit/new', { [`POST ${LIST}`]: () => ok(stored({ id: 8 })) }, ['content']);
    await form();
    await page.user.type(box(/功德项目名称/), '斋僧');
    await page.user.type(box(/功德项目介绍/), '供养常住僧众斋饭。');
    await page.user.click(screen.getByRole('radio', { name: /随喜金额/ }));
    expect(screen.queryByRole('textbox', { name: /每份价格/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /名目 1/ })).not.toBeInTheDocument();
    await page.user.type(box(/金额 1/), '5');
    await page.user.click(screen.getByRole('button', { name: '添加金额' }));
    await page.user.type(box(/金额 2/), '100');
    await page.user.click(screen.getByRole('button', { name: '保存为草稿' }));
    expect(box(/金额 1/)).toHaveAccessibleDescription(M.amountInvalid);
    expect(box(/金额 1/)).toHaveFocus();
    expect(page.callsTo('POST', LIST)).toHaveLength(0);
    await page.user.clear(box(/金额 1/));
    await page.user.type(box(/金额 1/), '50');
    await page.user.click(screen.getByRole('button', { name: '保存为草稿' }));
    expect(page.callsTo('POST', LIST).map((call) => call.body)).toEqual([
      {
        name: '斋僧',
        image: '',
        particulars: '供养常住僧众斋饭。',
        priceModel: '2',
        unitPriceYuan: null,
        amountsYuan: [50, 100],
        choices: [],
      },
    ]);
    await vi.waitFor(() => expect(toasts()).toContain('功德项目已保存为草稿，发布后信众即可供养'));
  });

  it('a choice orders hold cannot be deleted, only stopped; the save sends the version read', async () => {
    const saves = heldCalls();
    const page = renderConsole(
      '#/merit/7',
      { [`GET ${ONE}`]: () => ok(stored()), [`PUT ${ONE}`]: saves.next },
      ['content'],
    );
    await form();
    expect(screen.getByText('已有订单 4 单，不能删除')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '删除名目 鲜花供养' })).toBeDisabled();
    await page.user.click(screen.getByRole('button', { name: '删除名目 净香供养' }));
    expect(screen.queryByRole('textbox', { name: /名目 2/ })).not.toBeInTheDocument();
    await page.user.click(screen.getByRole('checkbox', { name: /停止供养/ }));
    await page.user.click(screen.getByRole('button', { name: '添加名目' }));
    await page.user.type(box(/名目 2/), '时果供养');
    await page.user.type(box(/价格（元）/, 1), '80');
    await page.user.click(screen.getByRole('button', { name: '保存' }));
    expect(page.callsTo('PUT', ONE).map((call) => call.body)).toEqual([
      {
        version: 3,
        item: {
          ...stored().item,
          choices: [
            { item: 'GH01', name: '鲜花供养', priceYuan: 100, withdrawn: true },
            { item: '', name: '时果供养', priceYuan: 80, withdrawn: false },
          ],
        },
      },
    ]);
    saves.answer(ok(stored({ version: 4 })));
    await vi.waitFor(() => expect(toasts()).toContain('功德项目已保存，网站即刻生效'));
  });

  it('a 409 keeps the form and offers 重新读取; a price typed as text is said beside it', async () => {
    const page = renderConsole(
      '#/merit/7',
      {
        [`GET ${ONE}`]: () => ok(stored()),
        [`PUT ${ONE}`]: () => refused(409, VERSIONED_ITEM_MESSAGES.stale),
      },
      ['content'],
    );
    await form();
    await page.user.clear(box(/价格（元）/));
    await page.user.type(box(/价格（元）/), '一百');
    await page.user.click(screen.getByRole('button', { name: '保存' }));
    expect(box(/价格（元）/)).toHaveAccessibleDescription(M.choicePriceInvalid);
    expect(box(/价格（元）/)).toHaveFocus();
    await page.user.clear(box(/价格（元）/));
    await page.user.type(box(/价格（元）/), '120');
    await page.user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText(VERSIONED_ITEM_MESSAGES.stale)).toBeInTheDocument();
    expect(box(/价格（元）/)).toHaveValue('120');
    expect(screen.getByRole('button', { name: '重新读取' })).toBeInTheDocument();
  });

  it('the server refusing the photograph says so beside the picture field, once', async () => {
    const page = renderConsole(
      '#/merit/7',
      {
        [`GET ${ONE}`]: () => ok(stored()),
        [`PUT ${ONE}`]: () => refused(400, CONTENT_IMAGE_MESSAGES.invalid),
      },
      ['content'],
    );
    await form();
    await page.user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText(CONTENT_IMAGE_MESSAGES.invalid)).toBeInTheDocument();
    expect(screen.getAllByText(CONTENT_IMAGE_MESSAGES.invalid)).toHaveLength(1);
    expect(screen.getByRole('group', { name: /功德项目图片/ })).toHaveTextContent(
      CONTENT_IMAGE_MESSAGES.invalid,
    );
  });

  it('发布 sends the version read; the state then reads 已发布 and offers 撤下', async () => {
    const page = renderConsole(
      '#/merit/7',
      {
        [`GET ${ONE}`]: () => ok(stored()),
        [`POST ${ONE}/publish`]: () => ok(stored({ published: true, version: 4 })),
      },
      ['content'],
    );
    await form();
    expect(screen.getByText('未发布', { exact: true })).toBeInTheDocument();
    await page.user.click(screen.getByRole('button', { name: '发布' }));
    expect(await screen.findByText('已发布', { exact: true })).toBeInTheDocument();
    expect(page.callsTo('POST', `${ONE}/publish`).map((call) => call.body)).toEqual([
      { published: true, version: 3 },
    ]);
    expect(screen.getByRole('button', { name: '撤下' })).toBeInTheDocument();
  });
});
