import type { TabletCatalogue, TabletGroupAnswer } from '@contract/tablet-catalogue';
import { TABLET_CATALOGUE_MESSAGES as M } from '@contract/tablet-catalogue';
import { screen, within } from '@testing-library/react';
import { toastQueue } from '@web/components/ui/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, refused } from '../../support/fake-api';
import { renderConsole } from '../../support/fake-console-api';

const LIST = '/admin/api/tablets';
const ONE = '/admin/api/tablets/groups/2-3-1';

const group = (over: Partial<TabletGroupAnswer> = {}): TabletGroupAnswer => ({
  key: '2-3-1',
  pwType: '2',
  floor: 3,
  pwGroup: '1',
  name: '北',
  closed: false,
  version: 4,
  priceYuan: 2800,
  mixedPrices: false,
  rows: 1,
  cols: 3,
  seats: 3,
  held: 1,
  typeName: '小牌位',
  seatList: [
    { id: 11, row: 1, col: 1, state: 'free', priceYuan: 2800 },
    { id: 12, row: 1, col: 2, state: 'paid', priceYuan: 2800 },
    { id: 13, row: 1, col: 3, state: 'blocked', priceYuan: 2800 },
  ],
  ...over,
});
const text = (id: number, name: string) => ({
  id,
  version: 1,
  name,
  image: '',
  particulars: `${name}的介绍`,
});
const catalogue: TabletCatalogue = {
  types: [
    { ...text(1, '大牌位'), pwType: '1' },
    { ...text(2, '小牌位'), pwType: '2' },
  ],
  categories: [
    { ...text(1, '延生禄位'), fsType: '1' },
    { ...text(2, '往生莲位'), fsType: '2' },
  ],
  groups: [(({ typeName: _t, seatList: _s, ...row }) => row)(group())],
};

const toasts = () => toastQueue.visibleToasts.map((t) => t.content.text);
const box = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLElement;

describe('牌位供奉', { timeout: 30_000 }, () => {
  afterEach(() => {
    for (const t of toastQueue.visibleToasts) toastQueue.close(t.key);
  });

  it('lists types, categories and groups; a type’s empty description is said beside it and nothing is sent', async () => {
    const page = renderConsole('#/tablets', { [`GET ${LIST}`]: () => ok(catalogue) }, ['content']);
    const table = await screen.findByRole('grid', { name: '塔层与区域' }, { timeout: 15_000 });
    const line = within(table).getByRole('row', { name: /三层 北/ });
    expect(line).toHaveTextContent('2,800 元');
    expect(line).toHaveTextContent('1/3');
    expect(line).toHaveTextContent('开放');
    const card = screen.getByRole('form', { name: '牌位类型：大牌位' });
    const particulars = within(card).getByRole('textbox', { name: /介绍/ });
    await page.user.clear(particulars);
    await page.user.click(within(card).getByRole('button', { name: '保存牌位类型' }));
    expect(particulars).toHaveAccessibleDescription(M.particularsEmpty);
    expect(particulars).toHaveFocus();
    expect(page.callsTo('PUT', '/admin/api/tablets/types/1')).toHaveLength(0);
  });

  it('a group’s price typed as text is said beside it; the save sends numbers and the version read', async () => {
    const page = renderConsole(
      '#/tablets/groups/2-3-1',
      { [`GET ${ONE}`]: () => ok(group()), [`PUT ${ONE}`]: () => ok(group({ version: 5, priceYuan: 3000 })) },
      ['content'],
    );
    await screen.findByRole('form', { name: '区域' }, { timeout: 15_000 });
    await page.user.clear(box(/价格/));
    await page.user.type(box(/价格/), '三千');
    await page.user.click(screen.getByRole('button', { name: '保存' }));
    expect(box(/价格/)).toHaveAccessibleDescription(M.priceInvalid);
    expect(box(/价格/)).toHaveFocus();
    expect(page.callsTo('PUT', ONE)).toHaveLength(0);
    await page.user.clear(box(/价格/));
    await page.user.type(box(/价格/), '3000');
    await page.user.click(screen.getByRole('checkbox', { name: /开放给信众选择/ }));
    await page.user.click(screen.getByRole('button', { name: '保存' }));
    expect(page.callsTo('PUT', ONE).map((call) => call.body)).toEqual([
      { group: { name: '北', closed: true, priceYuan: 3000 }, version: 4 },
    ]);
    await vi.waitFor(() => expect(toasts()).toContain('区域已保存，网站即刻生效'));
  });

  it('a group priced at 10000 yuan and above says it is reserved 7 days and paid at the temple', async () => {
    renderConsole('#/tablets/groups/2-3-1', { [`GET ${ONE}`]: () => ok(group({ priceYuan: 12_000 })) }, [
      'content',
    ]);
    await screen.findByRole('form', { name: '区域' }, { timeout: 15_000 });
    expect(screen.getByText('10000元及以上：信众网上预定，保留7天，到寺院付款。')).toBeInTheDocument();
  });

  it('removes the chosen free places with the version read; a paid place cannot be chosen; a 409 offers 重新读取', async () => {
    const page = renderConsole(
      '#/tablets/groups/2-3-1',
      {
        [`GET ${ONE}`]: () => ok(group()),
        [`POST ${ONE}/seats/remove`]: () => refused(409, M.seatHeld('1排1号')),
      },
      ['content'],
    );
    const grid = await screen.findByRole('grid', { name: '北座位' }, { timeout: 15_000 });
    const paid = within(grid).getByRole('row', { name: /第1排第2列 已售未供/ });
    expect(paid).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: '删除所选位置' })).toBeDisabled();
    await page.user.click(within(grid).getByRole('row', { name: /第1排第1列 空位/ }));
    await page.user.click(within(grid).getByRole('row', { name: /第1排第3列 已封存/ }));
    await page.user.click(screen.getByRole('button', { name: '删除所选位置（2个）' }));
    expect(page.callsTo('POST', `${ONE}/seats/remove`).map((call) => call.body)).toEqual([
      { seatIds: [11, 13], version: 4 },
    ]);
    expect(await screen.findByText(M.seatHeld('1排1号'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重新读取' })).toBeInTheDocument();
  });
});
