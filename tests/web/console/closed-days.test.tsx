import { CLOSED_DAY_MESSAGES, type ClosedDayRow } from '@contract/closed-days';
import { screen, within } from '@testing-library/react';
import { toastQueue } from '@web/components/ui/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, heldCalls, ok, refused } from '../../support/fake-api';
import { renderConsole } from '../../support/fake-console-api';

const LIST = '/admin/api/closed-days';
const M = CLOSED_DAY_MESSAGES;

const rows: ClosedDayRow[] = [
  { day: '2026-12-24', reason: '寺院举办水陆法会', bookings: 2 },
  { day: '2027-01-01', reason: '元旦闭寺', bookings: 0 },
];

/** The 佛事日历 screen of a 内容 member: the list answered by `list`, closings and reopenings held. */
const open = (list: () => FakeAnswer = () => ok(rows)) => {
  const closes = heldCalls();
  const reopens = heldCalls();
  const page = renderConsole(
    '#/closed-days',
    {
      [`GET ${LIST}`]: list,
      [`POST ${LIST}`]: closes.next,
      [`POST ${LIST}/2026-12-24/reopen`]: reopens.next,
    },
    ['content'],
  );
  return { ...page, closes, reopens };
};

const table = () => screen.findByRole('grid', { name: '已关闭的日期' }, { timeout: 15_000 });
const form = () => screen.getByRole('form', { name: '关闭日期' });
const reason = () => screen.getByRole('textbox', { name: /关闭原因/ });
const segments = () => within(form()).getAllByRole('spinbutton');
const toasts = () => toastQueue.visibleToasts.map((t) => t.content.text);

/** Types `digits` into the date field from its first segment (年, 月, 日 in zh-CN). */
const typeDay = async (page: ReturnType<typeof open>, digits: string) => {
  const [first] = segments();
  if (!first) throw new Error('no date segment');
  await page.user.click(first);
  await page.user.keyboard(digits);
};

describe('佛事日历', { timeout: 30_000 }, () => {
  afterEach(() => {
    for (const t of toastQueue.visibleToasts) toastQueue.close(t.key);
  });

  it('lists the closed days with their weekday, reason and the bookings kept', async () => {
    open();
    const grid = await table();
    const [first, second] = within(grid).getAllByRole('row').slice(1);
    if (!first || !second) throw new Error('two rows expected');
    expect(within(first).getByText('2026-12-24（周四）')).toBeInTheDocument();
    expect(within(first).getByText('寺院举办水陆法会')).toBeInTheDocument();
    expect(within(first).getByText('已有预约 2 个')).toBeInTheDocument();
    expect(within(first).getByText('预约仍然有效，请联系这些信众')).toBeInTheDocument();
    expect(within(second).getByText('2027-01-01（周五）')).toBeInTheDocument();
    expect(within(second).queryByText(/已有预约/)).not.toBeInTheDocument();
    expect(within(second).getByRole('button', { name: '重新开放 2027-01-01' })).toBeInTheDocument();
  });

  it('no closed day says so; a failed read says why and 重试 reads again', async () => {
    let answer = (): FakeAnswer => refused(503, '服务暂不可用');
    const page = open(() => answer());
    await screen.findByText('服务暂不可用', {}, { timeout: 15_000 });
    answer = () => ok([]);
    await page.user.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('暂无关闭的日期')).toBeInTheDocument();
  });

  it('closing sends one POST with the day and the trimmed reason, then the toast, a clear form and a reload', async () => {
    let listed = rows;
    const page = open(() => ok(listed));
    await table();
    await typeDay(page, '20270210');
    await page.user.type(reason(), '  春节闭寺 ');
    await page.user.click(screen.getByRole('button', { name: '关闭' }));
    expect(page.callsTo('POST', LIST).map((call) => call.body)).toEqual([
      { day: '2027-02-10', reason: '春节闭寺' },
    ]);
    const pending = screen.getByRole('button', { name: '请稍候…' });
    expect(pending).toHaveAttribute('aria-disabled', 'true');
    await page.user.click(pending);
    expect(page.callsTo('POST', LIST)).toHaveLength(1);
    const reads = page.callsTo('GET', LIST).length;
    listed = [...rows, { day: '2027-02-10', reason: '春节闭寺', bookings: 0 }];
    page.closes.answer(ok(listed[2]));
    await vi.waitFor(() => expect(toasts()).toContain('已关闭该日，信众将看到关闭原因'));
    expect(await screen.findByText('2027-02-10（周三）')).toBeInTheDocument();
    expect(page.callsTo('GET', LIST).length).toBe(reads + 1);
    expect(reason()).toHaveValue('');
    expect(segments().every((segment) => segment.getAttribute('aria-valuetext') === '空')).toBe(true);
  });

  it('an empty reason and no day are said beside their fields, the day focused; nothing is sent', async () => {
    const page = open();
    await table();
    await page.user.type(reason(), '   ');
    await page.user.click(screen.getByRole('button', { name: '关闭' }));
    expect(reason()).toHaveAccessibleDescription(expect.stringContaining(M.reasonEmpty));
    expect(reason()).toHaveAttribute('aria-invalid', 'true');
    expect(within(form()).getByText(M.dayInvalid)).toBeInTheDocument();
    expect(segments()[0]).toHaveFocus();
    await typeDay(page, '20270210');
    await page.user.click(screen.getByRole('button', { name: '关闭' }));
    expect(reason()).toHaveFocus();
    expect(within(form()).queryByText(M.dayInvalid)).not.toBeInTheDocument();
    expect(page.callsTo('POST', LIST)).toHaveLength(0);
  });

  it("the server's refusal of a past day is said beside the day, and what was typed stays", async () => {
    const page = open();
    await table();
    await typeDay(page, '20250101');
    await page.user.type(reason(), '法会');
    await page.user.click(screen.getByRole('button', { name: '关闭' }));
    page.closes.answer(refused(400, M.dayPast));
    const message = await within(form()).findByText(M.dayPast);
    expect(message.id).not.toBe('');
    expect(segments()[0]).toHaveAttribute('aria-describedby', expect.stringContaining(message.id));
    expect(reason()).toHaveValue('法会');
    expect(toasts()).toEqual([]);
  });

  it('a day already closed is said beside the day; another refusal is a notice above 关闭', async () => {
    const page = open();
    await table();
    await typeDay(page, '20270210');
    await page.user.type(reason(), '法会');
    await page.user.click(screen.getByRole('button', { name: '关闭' }));
    page.closes.answer(refused(409, M.alreadyClosed));
    expect(await within(form()).findByText(M.alreadyClosed)).toBeInTheDocument();
    expect(within(form()).queryByRole('alert')).not.toBeInTheDocument();
    await page.user.click(screen.getByRole('button', { name: '关闭' }));
    page.closes.answer(refused(503, '服务暂不可用'));
    expect(await within(form()).findByRole('alert')).toHaveTextContent('服务暂不可用');
    expect(within(form()).queryByText(M.alreadyClosed)).not.toBeInTheDocument();
    expect(page.callsTo('POST', LIST)).toHaveLength(2);
  });

  it('a reopening refused stays in the dialog with its message and the list reloads', async () => {
    const page = open();
    await table();
    const reads = page.callsTo('GET', LIST).length;
    await page.user.click(screen.getByRole('button', { name: '重新开放 2026-12-24' }));
    const dialog = await screen.findByRole('dialog');
    await page.user.click(within(dialog).getByRole('button', { name: '确认重新开放' }));
    page.reopens.answer(refused(409, M.notClosed));
    expect(await within(dialog).findByText(M.notClosed)).toBeInTheDocument();
    await vi.waitFor(() => expect(page.callsTo('GET', LIST).length).toBe(reads + 1));
    expect(toasts()).toEqual([]);
  });

  it('重新开放 asks first: 取消 sends nothing, 确认 sends one reopen and reloads', async () => {
    let listed = rows;
    const page = open(() => ok(listed));
    await table();
    await page.user.click(screen.getByRole('button', { name: '重新开放 2026-12-24' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('2026-12-24（周四）');
    await page.user.click(within(dialog).getByRole('button', { name: '取消' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(page.callsTo('POST', `${LIST}/2026-12-24/reopen`)).toHaveLength(0);

    await page.user.click(screen.getByRole('button', { name: '重新开放 2026-12-24' }));
    await page.user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: '确认重新开放' }),
    );
    expect(page.callsTo('POST', `${LIST}/2026-12-24/reopen`).map((call) => call.body)).toEqual([{}]);
    listed = rows.slice(1);
    page.reopens.answer(ok(null));
    await vi.waitFor(() => expect(toasts()).toContain('已重新开放 2026-12-24（周四）'));
    await vi.waitFor(() => expect(screen.queryByText('2026-12-24（周四）')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(page.callsTo('POST', `${LIST}/2026-12-24/reopen`)).toHaveLength(1);
  });
});
