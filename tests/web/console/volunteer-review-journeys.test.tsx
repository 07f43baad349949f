import { CONSOLE_MESSAGES } from '@contract/console';
import { VOLUNTEER_REVIEW_MESSAGES } from '@machines/volunteer-review.machine';
import { screen, within } from '@testing-library/react';
import type { VolunteerRow } from '@web/admin/screens/volunteers/volunteer-queries';
import { toastQueue } from '@web/components/ui/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, refused } from '../../support/fake-api';
import { approvedRow, openVolunteers, pendingRow } from './volunteer-review.flow';

const dialog = () => within(screen.getByRole('dialog'));

describe('reviewing volunteer applications on /volunteers', { timeout: 30_000 }, () => {
  afterEach(() => {
    for (const t of toastQueue.visibleToasts) toastQueue.close(t.key);
  });

  it('lists pending first; the detail shows every fact and the photo only when there is one', async () => {
    const page = await openVolunteers();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('待审核'),
      expect.stringContaining('已通过'),
    ]);
    const detail = within(screen.getByRole('region', { name: /申请详情 · 陈明/ }));
    expect(detail.getByRole('img', { name: '陈明的申请照片' })).toHaveAttribute(
      'src',
      '/admin/api/volunteers/7/photo',
    );
    expect(await detail.findByText('殿堂香灯')).toBeInTheDocument();
    expect(detail.getByText('2026-11-20 10:30:00')).toBeInTheDocument();
    await page.user.click(within(rows[1] as HTMLElement).getAllByRole('gridcell')[0] as HTMLElement);
    const other = within(await screen.findByRole('region', { name: /申请详情 · 李华/ }));
    expect(other.queryByRole('img')).not.toBeInTheDocument();
    expect(other.getByText('欢迎加入')).toBeInTheDocument();
    // A reviewed application has no 审核.
    expect(other.queryByRole('button', { name: '审核' })).not.toBeInTheDocument();
  });

  it('approve with a note: one request with the decision and the note; the row then reads 已通过 and a toast says SMS', async () => {
    let current: VolunteerRow = pendingRow;
    const page = await openVolunteers(() => [approvedRow, current]);
    await page.user.click(screen.getByRole('button', { name: '审核' }));
    await page.user.click(dialog().getByRole('radio', { name: '通过' }));
    dialog().getByRole('textbox').focus();
    await page.user.paste('资料齐全');
    await page.user.click(dialog().getByRole('button', { name: '下一步' }));
    expect(dialog().getByText('确认审核结果')).toBeInTheDocument();
    expect(page.sent()).toHaveLength(0);
    await page.user.click(dialog().getByRole('button', { name: '确认提交' }));
    expect(page.sent().map((call) => call.body)).toEqual([{ decision: 'approved', note: '资料齐全' }]);
    current = { ...pendingRow, status: 'approved', reviewNote: '资料齐全' };
    page.reviews.answer(ok(current));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText(VOLUNTEER_REVIEW_MESSAGES.reviewed)).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByRole('row', { name: /陈明/ })).toHaveTextContent('已通过'));
    expect(page.sent()).toHaveLength(1);
  });

  it('decline without a note: the message beside the note, the focus on it, nothing sent', async () => {
    const page = await openVolunteers();
    await page.user.click(screen.getByRole('button', { name: '审核' }));
    await page.user.click(dialog().getByRole('radio', { name: '不通过' }));
    await page.user.click(dialog().getByRole('button', { name: '下一步' }));
    const note = dialog().getByRole('textbox');
    await vi.waitFor(() => expect(note).toHaveFocus());
    expect(note).toHaveAttribute('aria-invalid', 'true');
    const describedBy = note.getAttribute('aria-describedby') ?? '';
    expect(describedBy).not.toBe('');
    expect(
      describedBy
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(),
    ).toContain(VOLUNTEER_REVIEW_MESSAGES.noteRequired);
    expect(page.sent()).toHaveLength(0);
  });

  it('a refusal: its words in the dialog; 返回修改 shows the decision and the note as they were entered', async () => {
    const page = await openVolunteers();
    await page.user.click(screen.getByRole('button', { name: '审核' }));
    await page.user.click(dialog().getByRole('radio', { name: '不通过' }));
    dialog().getByRole('textbox').focus();
    await page.user.paste('照片不清楚，请重新提交');
    await page.user.click(dialog().getByRole('button', { name: '下一步' }));
    await page.user.click(dialog().getByRole('button', { name: '确认提交' }));
    page.reviews.answer(refused(404, CONSOLE_MESSAGES.notFound));
    await vi.waitFor(() => expect(dialog().getByRole('alert')).toHaveTextContent(CONSOLE_MESSAGES.notFound));
    expect(dialog().getByText('照片不清楚，请重新提交')).toBeInTheDocument();
    await page.user.click(dialog().getByRole('button', { name: '返回修改' }));
    expect(dialog().getByRole('textbox')).toHaveValue('照片不清楚，请重新提交');
    expect(dialog().getByRole('radio', { name: '不通过' })).toBeChecked();
    expect(page.sent()).toHaveLength(1);
  });

  it('the list cannot be read: the page says so', async () => {
    const { renderConsole } = await import('../../support/fake-console-api');
    renderConsole('#/volunteers', { 'GET /admin/api/volunteers': () => refused(503, '服务暂不可用') });
    expect(await screen.findByText(/申请未能读取/, {}, { timeout: 15_000 })).toHaveTextContent(
      '服务暂不可用',
    );
  });
});
