import { PAGE_SIZE } from '@contract/console';
import type { AuditEntry } from '@contract/staff';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok, refused } from '../../support/fake-api';
import { renderConsole } from '../../support/fake-console-api';

const AUDIT = '/admin/api/audit';

const entry = (id: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: '2026-11-22T01:30:00.000Z',
  staffId: 1,
  username: 'admin.li',
  action: 'staff.signedIn',
  subject: 'staff:1',
  before: null,
  after: null,
  ...over,
});

/** Page 1: an account's roles and lock changed, a clerk made, a code unknown to the console. */
const firstPage = [
  entry(45, {
    action: 'staff.updated',
    subject: 'staff:2',
    before: {
      displayName: '王居士',
      roles: ['clerk'],
      disabled: false,
      lockedUntil: '2026-11-22T02:00:00.000Z',
    },
    after: { displayName: '王居士', roles: ['clerk', 'finance'], disabled: false, lockedUntil: null },
  }),
  entry(44, {
    action: 'staff.created',
    subject: 'staff:9',
    after: { username: 'kt.chen', displayName: '陈居士', roles: ['clerk'] },
  }),
  entry(43, { action: 'ledger.exported', subject: 'ledger:2026', username: 'cw.zhao', after: 'csv' }),
];

const open = (hash = '#/audit') => {
  const asked: (string | null)[] = [];
  const page = renderConsole(
    hash,
    {
      [`GET ${AUDIT}`]: ({ url }) => {
        asked.push(url.searchParams.get('page'));
        const page = Number(url.searchParams.get('page') ?? '1');
        const rows =
          page === 1 ? firstPage : [entry(45 - PAGE_SIZE * (page - 1), { username: `page${page}` })];
        return ok({ rows, total: 45, page, pageSize: PAGE_SIZE });
      },
    },
    ['admin'],
  );
  return { ...page, asked };
};

const table = () => screen.findByRole('grid', { name: '操作记录' }, { timeout: 15_000 });
const row = (name: RegExp) => within(screen.getByRole('row', { name }));

describe('audit log', { timeout: 30_000 }, () => {
  it('each line says when, who, what in Chinese (else its code), on what, and what changed', async () => {
    open();
    await table();
    const updated = row(/修改工作人员/);
    expect(updated.getByText('2026-11-22 09:30:00')).toBeInTheDocument();
    expect(updated.getByText('admin.li')).toBeInTheDocument();
    expect(updated.getByText('staff:2')).toBeInTheDocument();
    expect(updated.getByText('roles: 客堂 → 客堂、财务')).toBeInTheDocument();
    expect(updated.getByText('lockedUntil: 2026-11-22 10:00:00 → —')).toBeInTheDocument();
    expect(updated.queryByText(/displayName/)).not.toBeInTheDocument();
    const created = row(/新建工作人员/);
    expect(created.getByText('roles: 客堂')).toBeInTheDocument();
    expect(created.getByText('username: kt.chen')).toBeInTheDocument();
    const unknown = row(/ledger\.exported/);
    expect(unknown.getByText('"csv"')).toBeInTheDocument();
    expect(screen.getByText('第 1 页，共 3 页')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '上一页' })).toBeDisabled();
  });

  it('下一页 moves the page in the address and asks the server for it; back returns', async () => {
    const page = open();
    await table();
    await page.user.click(screen.getByRole('button', { name: '下一页' }));
    await screen.findByText('page2');
    expect(window.location.hash).toBe('#/audit?page=2');
    expect(page.asked).toEqual(['1', '2']);
    expect(screen.getByText('第 2 页，共 3 页')).toBeInTheDocument();
    await page.user.click(screen.getByRole('button', { name: '上一页' }));
    await screen.findByText('roles: 客堂 → 客堂、财务');
    expect(window.location.hash).toBe('#/audit');
  });

  it('an address with a page opens that page; the last page has no 下一页', async () => {
    const page = open('#/audit?page=3');
    await table();
    await screen.findByText('page3');
    expect(page.asked).toEqual(['3']);
    expect(screen.getByText('第 3 页，共 3 页')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '下一页' })).toBeDisabled();
  });

  it('an unreadable page says so and shows the first; a log that cannot be read offers 重试', async () => {
    let fail = true;
    const page = renderConsole(
      '#/audit?page=abc',
      {
        [`GET ${AUDIT}`]: () =>
          fail ? refused(503, '服务暂不可用') : ok({ rows: [], total: 0, page: 1, pageSize: PAGE_SIZE }),
      },
      ['admin'],
    );
    await screen.findByText('服务暂不可用', {}, { timeout: 15_000 });
    expect(screen.getByText('地址中的页码不正确，已显示第一页')).toBeInTheDocument();
    fail = false;
    await page.user.click(screen.getByRole('button', { name: '重试' }));
    await vi.waitFor(() => expect(screen.getByText('暂无操作记录')).toBeInTheDocument());
  });
});
