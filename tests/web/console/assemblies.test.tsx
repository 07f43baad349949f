import {
  type AssemblyAnswer,
  type AssemblyRow,
  ASSEMBLY_CATALOGUE_MESSAGES as M,
} from '@contract/assembly-catalogue';
import { VERSIONED_ITEM_MESSAGES } from '@contract/versioned-item';
import { screen, within } from '@testing-library/react';
import { toastQueue } from '@web/components/ui/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { heldCalls, ok, refused } from '../../support/fake-api';
import { renderConsole } from '../../support/fake-console-api';

const LIST = '/admin/api/assemblies';
const ONE = '/admin/api/assemblies/7';

const row: AssemblyRow = {
  id: 7,
  name: '观音菩萨圣诞法会',
  year: 2027,
  startDate: '2027-03-27',
  endDate: '2027-03-27',
  lunarTime: '农历二月十九',
  image: '',
  published: true,
  types: [
    { hoeType: '往生', places: 60, held: 12, withdrawn: false },
    { hoeType: '延生', places: null, held: 3, withdrawn: true },
  ],
};

const stored = (over: Partial<AssemblyAnswer> = {}): AssemblyAnswer => ({
  id: 7,
  version: 4,
  published: false,
  year: 2027,
  lunarTime: '农历二月十九',
  assembly: {
    name: '观音菩萨圣诞法会',
    startDate: '2027-03-27',
    endDate: '2027-03-27',
    image: '',
    particulars: '礼诵《普门品》。',
    flags: {
      leaderTablet: false,
      newYearEve: false,
      sevenGenerations: false,
      wisdom: false,
      freeAmount: false,
      waterLand: false,
    },
    types: [
      {
        hoeType: '往生',
        places: 60,
        withdrawn: false,
        held: 12,
        liveOrders: 10,
        prices: [{ tabletType: '吉祥', tabletPriceYuan: 300, gdjYuan: 0 }],
      },
      {
        hoeType: '延生',
        places: null,
        withdrawn: false,
        held: 0,
        liveOrders: 0,
        prices: [{ tabletType: '吉祥', tabletPriceYuan: 300, gdjYuan: 0 }],
      },
    ],
  },
  ...over,
});

const toasts = () => toastQueue.visibleToasts.map((t) => t.content.text);
const form = () => screen.findByRole('form', { name: '法会' }, { timeout: 15_000 });
const box = (name: string | RegExp, index = 0) =>
  screen.getAllByRole('textbox', { name })[index] as HTMLElement;

describe('法会管理', { timeout: 30_000 }, () => {
  afterEach(() => {
    for (const t of toastQueue.visibleToasts) toastQueue.close(t.key);
  });

  it('lists the assemblies with their dates, places taken and state', async () => {
    renderConsole('#/assemblies', { [`GET ${LIST}`]: () => ok([row]) }, ['content']);
    const table = await screen.findByRole('grid', { name: '法会' }, { timeout: 15_000 });
    const line = within(table).getByRole('row', { name: /观音菩萨圣诞法会/ });
    expect(line).toHaveTextContent('农历二月十九');
    expect(line).toHaveTextContent('往生 12/60；延生 已报 3，不限（停止报名）');
    expect(line).toHaveTextContent('已发布');
    expect(within(line).getByRole('link', { name: '编辑 观音菩萨圣诞法会' })).toHaveAttribute(
      'href',
      '#/assemblies/7',
    );
  });

  it('a new assembly judged empty says every message beside its field, focuses the first, sends nothing', async () => {
    const page = renderConsole('#/assemblies/new', {}, ['content']);
    await form();
    await page.user.click(screen.getByRole('button', { name: '保存为草稿' }));
    expect(box(/法会名称/)).toHaveAccessibleDescription(M.nameEmpty);
    expect(box(/法会名称/)).toHaveFocus();
    expect(box(/法会介绍/)).toHaveAccessibleDescription(M.particularsEmpty);
    expect(box(/牌位类型 1/)).toHaveAccessibleDescription(M.tabletTypeEmpty);
    expect(box(/牌位价格/)).toHaveAccessibleDescription(M.priceInvalid);
    expect(page.callsTo('POST', LIST)).toHaveLength(0);
    await page.user.type(box(/法会名称/), '药师法会');
    expect(box(/法会名称/)).not.toHaveAttribute('aria-invalid');
  });

  it('a type registrations hold cannot be deleted; the other can; the save sends the version read and numbers', async () => {
    const saves = heldCalls();
    const page = renderConsole(
      '#/assemblies/7',
      { [`GET ${ONE}`]: () => ok(stored()), [`PUT ${ONE}`]: saves.next },
      ['content'],
    );
    await form();
    expect(screen.getByText('已有报名 10 单（占名额 12），不能删除')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '删除法会类型 往生' })).toBeDisabled();
    await page.user.click(screen.getByRole('button', { name: '删除法会类型 延生' }));
    expect(screen.queryByRole('button', { name: '删除法会类型 延生' })).not.toBeInTheDocument();
    await page.user.clear(box(/牌位价格/));
    await page.user.type(box(/牌位价格/), '500');
    await page.user.click(screen.getByRole('checkbox', { name: /停止报名/ }));
    await page.user.click(screen.getByRole('button', { name: '保存' }));
    const [call] = page.callsTo('PUT', ONE);
    expect(call?.body).toEqual({
      version: 4,
      assembly: {
        ...stored().assembly,
        types: [
          {
            hoeType: '往生',
            places: 60,
            withdrawn: true,
            prices: [{ tabletType: '吉祥', tabletPriceYuan: 500, gdjYuan: 0 }],
          },
        ],
      },
    });
    saves.answer(ok(stored({ version: 5 })));
    await vi.waitFor(() => expect(toasts()).toContain('法会已保存，网站即刻生效'));
  });

  it('a 409 keeps the form and offers 重新读取; a price typed as text is said beside it', async () => {
    const page = renderConsole(
      '#/assemblies/7',
      {
        [`GET ${ONE}`]: () => ok(stored()),
        [`PUT ${ONE}`]: () => refused(409, VERSIONED_ITEM_MESSAGES.stale),
      },
      ['content'],
    );
    await form();
    await page.user.clear(box(/牌位价格/));
    await page.user.type(box(/牌位价格/), '三百');
    await page.user.click(screen.getByRole('button', { name: '保存' }));
    expect(box(/牌位价格/)).toHaveAccessibleDescription(M.priceInvalid);
    expect(box(/牌位价格/)).toHaveFocus();
    await page.user.clear(box(/牌位价格/));
    await page.user.type(box(/牌位价格/), '350');
    await page.user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText(VERSIONED_ITEM_MESSAGES.stale)).toBeInTheDocument();
    expect(box(/牌位价格/)).toHaveValue('350');
    expect(screen.getByRole('button', { name: '重新读取' })).toBeInTheDocument();
  });

  it('发布 sends the version read; the state then reads 已发布', async () => {
    const page = renderConsole(
      '#/assemblies/7',
      {
        [`GET ${ONE}`]: () => ok(stored()),
        [`POST ${ONE}/publish`]: () => ok(stored({ published: true, version: 5 })),
      },
      ['content'],
    );
    await form();
    expect(screen.getByText('草稿', { exact: true })).toBeInTheDocument();
    await page.user.click(screen.getByRole('button', { name: '发布' }));
    expect(await screen.findByText('已发布', { exact: true })).toBeInTheDocument();
    expect(page.callsTo('POST', `${ONE}/publish`).map((call) => call.body)).toEqual([
      { published: true, version: 4 },
    ]);
    expect(screen.getByRole('button', { name: '撤下' })).toBeInTheDocument();
  });
});
