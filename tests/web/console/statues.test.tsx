import {
  STATUE_CATALOGUE_MESSAGES as M,
  type NicheMap,
  type StatueLocationAnswer,
  type StatueLocationList,
} from '@contract/statue-catalogue';
import { VERSIONED_ITEM_MESSAGES } from '@contract/versioned-item';
import { screen, within } from '@testing-library/react';
import { toastQueue } from '@web/components/ui/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { heldCalls, ok, refused } from '../../support/fake-api';
import { renderConsole } from '../../support/fake-console-api';

const LIST = '/admin/api/statues';
const ONE = '/admin/api/statues/2';
const NICHES = '/admin/api/statues/2/groups/1/niches';

const list: StatueLocationList = [
  {
    location: '2',
    name: '大殿外',
    enName: 'OUTSIDE THE MAIN HALL',
    image: '',
    statues: [
      { name: '观世音菩萨', withdrawn: false },
      { name: '地藏王菩萨', withdrawn: true },
    ],
    materials: [{ name: '铜鎏金', withdrawn: false }],
    groups: [{ fxGroup: '1', name: '东廊', ngPriceYuan: 2000, cgPriceYuan: 8800, closed: true, niches: 120 }],
  },
];

const stored = (over: Partial<StatueLocationAnswer> = {}): StatueLocationAnswer => ({
  location: '2',
  version: 3,
  draft: {
    name: '大殿外',
    enName: 'OUTSIDE THE MAIN HALL',
    image: '',
    particulars: '大殿外廊与月台供奉之圣像。',
    statues: [
      { id: 4, name: '观世音菩萨', enName: 'Avalokitesvara', withdrawn: false },
      { id: 5, name: '地藏王菩萨', enName: 'Ksitigarbha', withdrawn: false },
    ],
    materials: [{ id: 3, name: '铜鎏金', withdrawn: false }],
    groups: [
      {
        fxGroup: '1',
        name: '东廊',
        ngPriceYuan: 2000,
        cgPriceYuan: 8800,
        closed: false,
        niches: 120,
        held: 2,
      },
    ],
  },
  statueOrders: { '4': 2 },
  materialOrders: { '3': 2 },
  ...over,
});

const map = (over: Partial<NicheMap> = {}): NicheMap => ({
  location: '2',
  fxGroup: '1',
  title: '圣像·大殿外东廊',
  version: 6,
  rows: 1,
  cols: 2,
  niches: [
    { id: 11, row: 1, col: 1, state: 'paid', ordered: true },
    { id: 12, row: 1, col: 2, state: 'free', ordered: false },
  ],
  ...over,
});

const toasts = () => toastQueue.visibleToasts.map((t) => t.content.text);
const form = () => screen.findByRole('form', { name: '供奉地点' }, { timeout: 15_000 });
const box = (name: string | RegExp, index = 0) =>
  screen.getAllByRole('textbox', { name })[index] as HTMLElement;

describe('佛像供奉', { timeout: 30_000 }, () => {
  afterEach(() => {
    for (const t of toastQueue.visibleToasts) toastQueue.close(t.key);
  });

  it('lists each location with its statues, materials and groups', async () => {
    renderConsole('#/statues', { [`GET ${LIST}`]: () => ok(list) }, ['content']);
    const heading = await screen.findByRole('heading', { name: '大殿外' }, { timeout: 15_000 });
    const card = heading.closest('li') as HTMLElement;
    expect(card).toHaveTextContent('观世音菩萨、地藏王菩萨（停止供奉）');
    expect(within(card).getByRole('row', { name: /东廊/ })).toHaveTextContent('暂停供奉');
    expect(within(card).getByRole('link', { name: '编辑 大殿外' })).toHaveAttribute('href', '#/statues/2');
    expect(within(card).getByRole('link', { name: '大殿外东廊 龛位' })).toHaveAttribute(
      'href',
      '#/statues/2/1',
    );
  });

  it('says each message beside its field and focuses the first; sends nothing', async () => {
    const page = renderConsole('#/statues/2', { [`GET ${ONE}`]: () => ok(stored()) }, ['content']);
    await form();
    await page.user.clear(box(/地点名称/));
    await page.user.clear(box(/年供价格/));
    await page.user.type(box(/年供价格/), '两千');
    await page.user.click(screen.getByRole('button', { name: '添加佛像' }));
    await page.user.click(screen.getByRole('button', { name: '保存' }));
    expect(box(/地点名称/)).toHaveAccessibleDescription(M.nameEmpty);
    expect(box(/地点名称/)).toHaveFocus();
    expect(box(/佛像 3/)).toHaveAccessibleDescription(M.statueNameEmpty);
    expect(box(/年供价格/)).toHaveAccessibleDescription(M.ngPriceInvalid);
    expect(page.callsTo('PUT', ONE)).toHaveLength(0);
  });

  it('a saved statue is withdrawn, never deleted; the save sends the version read and numbers', async () => {
    const saves = heldCalls();
    const page = renderConsole(
      '#/statues/2',
      { [`GET ${ONE}`]: () => ok(stored()), [`PUT ${ONE}`]: saves.next },
      ['content'],
    );
    await form();
    expect(screen.queryByRole('button', { name: /删除新佛像/ })).not.toBeInTheDocument();
    expect(screen.getAllByText('已有订单用到，停止供奉后仍保留')).toHaveLength(2);
    await page.user.click(screen.getAllByRole('checkbox', { name: /停止供奉/ })[1] as HTMLElement);
    await page.user.clear(box(/常供价格/));
    await page.user.type(box(/常供价格/), '9900');
    await page.user.click(screen.getByRole('checkbox', { name: /暂停供奉/ }));
    await page.user.click(screen.getByRole('button', { name: '保存' }));
    const [call] = page.callsTo('PUT', ONE);
    const { draft } = stored();
    expect(call?.body).toEqual({
      version: 3,
      location: {
        ...draft,
        statues: [draft.statues[0], { ...draft.statues[1], withdrawn: true }],
        groups: [{ fxGroup: '1', name: '东廊', ngPriceYuan: 2000, cgPriceYuan: 9900, closed: true }],
      },
    });
    saves.answer(ok(stored({ version: 4 })));
    await vi.waitFor(() => expect(toasts()).toContain('已保存，网站即刻生效'));
  });

  it('a 409 keeps the form and offers 重新读取', async () => {
    const page = renderConsole(
      '#/statues/2',
      {
        [`GET ${ONE}`]: () => ok(stored()),
        [`PUT ${ONE}`]: () => refused(409, VERSIONED_ITEM_MESSAGES.stale),
      },
      ['content'],
    );
    await form();
    await page.user.clear(box(/年供价格/));
    await page.user.type(box(/年供价格/), '2100');
    await page.user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText(VERSIONED_ITEM_MESSAGES.stale)).toBeInTheDocument();
    expect(box(/年供价格/)).toHaveValue('2100');
    expect(screen.getByRole('button', { name: '重新读取' })).toBeInTheDocument();
  });

  it('the niche map: a held niche cannot be removed, a free one can; a row is added with the version read', async () => {
    const page = renderConsole(
      '#/statues/2/1',
      {
        [`GET ${NICHES}`]: () => ok(map()),
        [`POST ${NICHES}/remove`]: () => ok(map({ version: 7, cols: 1, niches: [map().niches[0] as never] })),
        [`POST ${NICHES}`]: () => ok(map({ version: 8 })),
      },
      ['content'],
    );
    const held = await screen.findByRole('button', { name: '1排1号 已售未供' }, { timeout: 15_000 });
    await page.user.click(held);
    expect(screen.getByText('该龛位已有人供奉或预定，不能删除')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '删除此龛位' })).toBeDisabled();
    await page.user.click(screen.getByRole('button', { name: '1排2号 可选' }));
    await page.user.click(screen.getByRole('button', { name: '删除此龛位' }));
    await vi.waitFor(() => expect(toasts()).toContain('龛位已删除，网站即刻生效'));
    expect(page.callsTo('POST', `${NICHES}/remove`).map((c) => c.body)).toEqual([
      { nicheId: 12, version: 6 },
    ]);
    expect(screen.queryByRole('button', { name: '1排2号 可选' })).not.toBeInTheDocument();
    await page.user.click(screen.getByRole('button', { name: '增加一排' }));
    await vi.waitFor(() =>
      expect(page.callsTo('POST', NICHES).map((c) => c.body)).toEqual([{ add: 'row', version: 7 }]),
    );
  });
});
