import {
  type CeremonyCatalogue,
  type CeremonySlotsAnswer,
  type CeremonyTypeAnswer,
  CEREMONY_CATALOGUE_MESSAGES as M,
} from '@contract/ceremony-catalogue';
import { VERSIONED_ITEM_MESSAGES } from '@contract/versioned-item';
import { screen, within } from '@testing-library/react';
import { toastQueue } from '@web/components/ui/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { heldCalls, ok, refused } from '../../support/fake-api';
import { renderConsole } from '../../support/fake-console-api';

const LIST = '/admin/api/ceremonies';
const TYPE = '/admin/api/ceremonies/types/1';
const SLOTS = '/admin/api/ceremonies/slots';

const slots = (over: Partial<CeremonySlotsAnswer> = {}): CeremonySlotsAnswer => ({
  version: 3,
  slots: [
    {
      timeLabel: '08:30-10:00',
      sessions: 2,
      withdrawn: false,
      liveOrders: 3,
      fullest: { day: '2027-04-02', held: 2 },
    },
    { timeLabel: '13:30-15:00', sessions: 3, withdrawn: false, liveOrders: 0, fullest: null },
  ],
  ...over,
});

const catalogue: CeremonyCatalogue = {
  types: [
    { fsType: '1', name: '往生普佛', image: '', prices: 6, withdrawnPrices: 1, fromYuan: 3800 },
    { fsType: '2', name: '延生普佛', image: '', prices: 6, withdrawnPrices: 0, fromYuan: 3800 },
  ],
  slots: slots(),
};

const stored = (over: Partial<CeremonyTypeAnswer> = {}): CeremonyTypeAnswer => ({
  fsType: '1',
  version: 5,
  type: {
    name: '往生普佛',
    image: '',
    particulars: '为亡故亲人专堂礼佛诵经。',
    prices: [
      { tabletType: '往生莲位', tier: '一堂', priceYuan: 3800, withdrawn: false, liveOrders: 2 },
      { tabletType: '往生莲位', tier: '三堂', priceYuan: 9800, withdrawn: false, liveOrders: 0 },
    ],
  },
  ...over,
});

const toasts = () => toastQueue.visibleToasts.map((t) => t.content.text);
const box = (name: string | RegExp, index = 0) =>
  screen.getAllByRole('textbox', { name })[index] as HTMLElement;

describe('佛事设置', { timeout: 30_000 }, () => {
  afterEach(() => {
    for (const t of toastQueue.visibleToasts) toastQueue.close(t.key);
  });

  it('lists the types with their prices and the slots with what bookings hold', async () => {
    renderConsole('#/ceremonies', { [`GET ${LIST}`]: () => ok(catalogue) }, ['content']);
    const table = await screen.findByRole('grid', { name: '佛事类型' }, { timeout: 15_000 });
    const line = within(table).getByRole('row', { name: /往生普佛/ });
    expect(line).toHaveTextContent('6 种价格，3800 元起（1 种停止预约）');
    expect(within(line).getByRole('link', { name: '编辑 往生普佛' })).toHaveAttribute(
      'href',
      '#/ceremonies/1',
    );
    expect(screen.getByText(/已有预约 3 场，最多的一天 2027-04-02 已约 2 场，不能删除/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '删除时段 1' })).toBeDisabled();
    expect(box(/时段 1/)).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: '删除时段 2' })).toBeEnabled();
  });

  it('slots judged by the contract: messages beside the fields, the first focused, nothing sent', async () => {
    const page = renderConsole('#/ceremonies', { [`GET ${LIST}`]: () => ok(catalogue) }, ['content']);
    await screen.findByRole('grid', { name: '佛事类型' }, { timeout: 15_000 });
    await page.user.click(screen.getByRole('button', { name: '添加时段' }));
    await page.user.type(box(/时段 3/), '下午');
    await page.user.clear(box(/每天场次/, 1));
    await page.user.type(box(/每天场次/, 1), '0');
    await page.user.click(screen.getByRole('button', { name: '保存时段' }));
    expect(box(/每天场次/, 1)).toHaveAccessibleDescription(M.sessionsInvalid);
    expect(box(/每天场次/, 1)).toHaveFocus();
    expect(box(/时段 3/)).toHaveAccessibleDescription(M.timeLabelInvalid);
    expect(page.callsTo('PUT', SLOTS)).toHaveLength(0);
    await page.user.type(box(/每天场次/, 1), '4');
    expect(box(/每天场次/, 1)).not.toHaveAttribute('aria-invalid');
  });

  it('the slots are sent with the version read; a refusal naming the day keeps them and offers 重新读取', async () => {
    const saves = heldCalls();
    const page = renderConsole(
      '#/ceremonies',
      { [`GET ${LIST}`]: () => ok(catalogue), [`PUT ${SLOTS}`]: saves.next },
      ['content'],
    );
    await screen.findByRole('grid', { name: '佛事类型' }, { timeout: 15_000 });
    await page.user.clear(box(/每天场次/, 0));
    await page.user.type(box(/每天场次/, 0), '1');
    await page.user.click(screen.getByRole('button', { name: '保存时段' }));
    // While it travels the button says so and takes no second press.
    expect(screen.getByRole('button', { name: '请稍候…' })).toHaveAttribute('aria-disabled', 'true');
    expect(page.callsTo('PUT', SLOTS).map((call) => call.body)).toEqual([
      {
        version: 3,
        slots: [
          { timeLabel: '08:30-10:00', sessions: 1, withdrawn: false },
          { timeLabel: '13:30-15:00', sessions: 3, withdrawn: false },
        ],
      },
    ]);
    const message = M.sessionsBelowHeld('08:30-10:00', '2027-04-02', 2);
    saves.answer(refused(409, message));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(box(/每天场次/, 0)).toHaveValue('1');
    expect(screen.getByRole('button', { name: '重新读取' })).toBeInTheDocument();
  });

  it('a type: a held price cannot be deleted; the save sends numbers and the version; 409 keeps the typing', async () => {
    const saves = heldCalls();
    const page = renderConsole(
      '#/ceremonies/1',
      { [`GET ${TYPE}`]: () => ok(stored()), [`PUT ${TYPE}`]: saves.next },
      ['content'],
    );
    await screen.findByRole('form', { name: '佛事类型' }, { timeout: 15_000 });
    expect(screen.getByText('已有预约 2 单，不能删除')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '删除价格 1' })).toBeDisabled();
    await page.user.clear(box(/价格（元）/, 0));
    await page.user.type(box(/价格（元）/, 0), '999');
    await page.user.click(screen.getByRole('button', { name: '保存' }));
    expect(box(/价格（元）/, 0)).toHaveAccessibleDescription(M.priceInvalid);
    expect(box(/价格（元）/, 0)).toHaveFocus();
    expect(page.callsTo('PUT', TYPE)).toHaveLength(0);

    await page.user.clear(box(/价格（元）/, 0));
    await page.user.type(box(/价格（元）/, 0), '4200');
    await page.user.click(screen.getByRole('button', { name: '删除价格 2' }));
    await page.user.click(screen.getByRole('checkbox', { name: /停止预约/ }));
    await page.user.click(screen.getByRole('button', { name: '保存' }));
    expect(page.callsTo('PUT', TYPE).map((call) => call.body)).toEqual([
      {
        version: 5,
        type: {
          name: '往生普佛',
          image: '',
          particulars: '为亡故亲人专堂礼佛诵经。',
          prices: [{ tabletType: '往生莲位', tier: '一堂', priceYuan: 4200, withdrawn: true }],
        },
      },
    ]);
    saves.answer(refused(409, VERSIONED_ITEM_MESSAGES.stale));
    expect(await screen.findByText(VERSIONED_ITEM_MESSAGES.stale)).toBeInTheDocument();
    expect(box(/价格（元）/, 0)).toHaveValue('4200');
    expect(screen.getByRole('button', { name: '重新读取' })).toBeInTheDocument();
  });

  it('a saved type says so', async () => {
    const page = renderConsole(
      '#/ceremonies/1',
      { [`GET ${TYPE}`]: () => ok(stored()), [`PUT ${TYPE}`]: () => ok(stored({ version: 6 })) },
      ['content'],
    );
    await screen.findByRole('form', { name: '佛事类型' }, { timeout: 15_000 });
    await page.user.click(screen.getByRole('button', { name: '保存' }));
    await vi.waitFor(() => expect(toasts()).toContain('佛事已保存，网站即刻生效'));
  });
});
