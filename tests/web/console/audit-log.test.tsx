import type { AuditEntry } from '@contract/staff';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok, refused } from '../../support/fake-api';
import { keysetPage, renderConsole } from '../../support/fake-console-api';

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

/** Cursors as the server writes them: a time in µs and an id. */
const P1 = '1763775000000000_26';
const P2 = '1763774000000000_6';
const Q2 = '1763775900000000_25';
const Q3 = '1763774900000000_5';

/**
 * 操作记录 over a fake log of three pages: the first (no cursor), the one after P1 and the
 * last, after P2; 上一页 from the last asks before Q3. `asked` keeps each call's query.
 */
const open = (hash = '#/audit') => {
  const asked: Record<string, string>[] = [];
  const page = renderConsole(
    hash,
    {
      [`GET ${AUDIT}`]: ({ url }) => {
        const query = Object.fromEntries(url.searchParams);
        asked.push(query);
        const place = query.after ?? (query.before === Q3 ? P1 : undefined);
        if (place === P1)
          return ok(keysetPage([entry(25, { username: 'page2' })], { total: 45, prev: Q2, next: P2 }));
        if (place === P2) return ok(keysetPage([entry(5, { username: 'page3' })], { total: 45, prev: Q3 }));
        return ok(keysetPage(firstPage, { total: 45, next: P1 }));
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
    expect(screen.getByText('共 45 条')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '上一页' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '第一页' })).toBeDisabled();
  });

  it('下一页 asks for the rows after the page’s last and keeps it in the address; 上一页 and 第一页 go back', async () => {
    const page = open();
    await table();
    await page.user.click(screen.getByRole('button', { name: '下一页' }));
    await screen.findByText('page2');
    expect(window.location.hash).toBe(`#/audit?after=${P1}`);
    await page.user.click(screen.getByRole('button', { name: '下一页' }));
    await screen.findByText('page3');
    expect(screen.getByRole('button', { name: '下一页' })).toBeDisabled();
    await page.user.click(screen.getByRole('button', { name: '上一页' }));
    await screen.findByText('page2');
    expect(window.location.hash).toBe(`#/audit?before=${Q3}`);
    await page.user.click(screen.getByRole('button', { name: '第一页' }));
    await screen.findByText('roles: 客堂 → 客堂、财务');
    expect(window.location.hash).toBe('#/audit');
    expect(page.asked).toEqual([{}, { after: P1 }, { after: P2 }, { before: Q3 }, {}]);
  });

  it('an address with a cursor opens that page (a reload keeps the place)', async () => {
    const page = open(`#/audit?after=${P2}`);
    await table();
    await screen.findByText('page3');
    expect(page.asked).toEqual([{ after: P2 }]);
    expect(screen.getByRole('button', { name: '上一页' })).toBeEnabled();
  });

  it('a cursor past the end (an old link) shows an empty page with 第一页 to come back', async () => {
    const page = renderConsole(
      '#/audit?after=1000000000000000_1',
      { [`GET ${AUDIT}`]: () => ok(keysetPage([])) },
      ['admin'],
    );
    await table();
    expect(screen.getByRole('button', { name: '上一页' })).toBeDisabled();
    await page.user.click(screen.getByRole('button', { name: '第一页' }));
    await vi.waitFor(() => expect(window.location.hash).toBe('#/audit'));
    expect(screen.getByRole('button', { name: '第一页' })).toBeDisabled();
  });

  it('filters by staff member, action, subject and days, each in the address; a day the calendar has not is refused beside its field', async () => {
    const page = open();
    await table();
    await page.user.type(screen.getByRole('textbox', { name: '工作人员（用户名）' }), 'kt.chen');
    await page.user.click(screen.getByRole('button', { name: /操作/ }));
    await page.user.click(await screen.findByRole('option', { name: '取消订单' }));
    await page.user.type(screen.getByRole('textbox', { name: '对象（可只填开头）' }), 'order:WF2026');
    await page.user.type(screen.getByRole('textbox', { name: '从（日期）' }), '2026-02-30');
    await page.user.click(screen.getByRole('button', { name: '筛选' }));
    expect(screen.getByRole('textbox', { name: '从（日期）' })).toHaveAccessibleDescription('筛选条件不正确');
    expect(page.asked).toEqual([{}]);
    await page.user.clear(screen.getByRole('textbox', { name: '从（日期）' }));
    await page.user.type(screen.getByRole('textbox', { name: '从（日期）' }), '2026-11-01');
    await page.user.type(screen.getByRole('textbox', { name: '到（日期）' }), '2026-11-30{Enter}');
    await vi.waitFor(() => expect(page.asked).toHaveLength(2));
    expect(page.asked[1]).toEqual({
      staff: 'kt.chen',
      action: 'order.cancelled',
      subject: 'order:WF2026',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(window.location.hash).toContain('action=order.cancelled');
    await page.user.click(screen.getByRole('button', { name: '清除' }));
    await vi.waitFor(() => expect(window.location.hash).toBe('#/audit'));
    expect(screen.getByRole('textbox', { name: '工作人员（用户名）' })).toHaveValue('');
  });

  it('an unreadable page says so and shows the first; a log that cannot be read offers 重试', async () => {
    let fail = true;
    const page = renderConsole(
      '#/audit?after=abc',
      {
        [`GET ${AUDIT}`]: () => (fail ? refused(503, '服务暂不可用') : ok(keysetPage([]))),
      },
      ['admin'],
    );
    await screen.findByText('服务暂不可用', {}, { timeout: 15_000 });
    expect(screen.getByText('地址中的筛选条件或页码不正确，已显示全部记录的第一页')).toBeInTheDocument();
    fail = false;
    await page.user.click(screen.getByRole('button', { name: '重试' }));
    await vi.waitFor(() => expect(screen.getByText('暂无操作记录')).toBeInTheDocument());
  });
});
