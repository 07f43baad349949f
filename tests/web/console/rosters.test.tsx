import type { Roster, RosterEntry } from '@contract/console';
import { DEFAULT_TABLET_PHRASES } from '@contract/tablet-phrases';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok } from '../../support/fake-api';
import { renderConsole, rosterFacts } from '../../support/fake-console-api';

const roster: Roster = {
  title: '清明超荐法会',
  entries: [
    {
      outTradeNo: 'WF20261122100000000001',
      paid: true,
      ...rosterFacts(true),
      donor: '陈明',
      phone: '138****5678',
      group: '往生',
      tabletType: '小功德主',
      kind: '往生',
      tablets: ['陈 公讳 大明', '王氏2代'],
      ys: ['陈明', '陈华'],
      seat: '',
    },
    {
      outTradeNo: 'WF20261122100000000002',
      paid: true,
      ...rosterFacts(true),
      donor: '李华',
      phone: '139****0001',
      group: '延生',
      tabletType: '小功德主',
      kind: '延生',
      tablets: ['李华', '张丽', '李小明', '李小红', '李大'],
      ys: [],
      seat: '',
    },
    {
      outTradeNo: 'WF20261122100000000003',
      paid: false,
      ...rosterFacts(false),
      donor: '赵一',
      phone: '137****0002',
      group: '往生',
      tabletType: '小功德主',
      kind: '往生',
      tablets: ['赵氏历代祖先'],
      ys: ['赵一'],
      seat: '',
    },
  ],
  tabletPhrases: DEFAULT_TABLET_PHRASES,
};

const routes = {
  'GET /admin/api/rosters': () =>
    ok({
      assemblies: [
        { id: 12, name: '清明超荐法会', startDate: '2026-04-17', count: 3, hoeTypes: ['往生', '延生'] },
        {
          id: 13,
          name: '水陆普度大斋胜会',
          startDate: '2026-03-01',
          count: 0,
          hoeTypes: ['往生', '延生', '延往生'],
        },
        { id: 9, name: '盂兰盆法会', startDate: '2025-08-30', count: null, hoeTypes: ['往生'] },
      ],
      ceremonyDays: [{ day: '2026-11-25', count: 1 }],
      ceremonyDaysFrom: '2026-10-23',
    }),
  'GET /admin/api/rosters/assembly/12': () => ok(roster),
};

describe('rosters and tablet sheets', { timeout: 30_000 }, () => {
  it('the choices lead to each roster and its tablets', async () => {
    renderConsole('#/rosters', routes);
    const assemblies = within(await screen.findByRole('region', { name: '法会' }, { timeout: 15_000 }));
    expect(assemblies.getByText('2026-04-17 起 · 3 份报名')).toBeInTheDocument();
    expect(assemblies.getByRole('link', { name: '查看名册：清明超荐法会' })).toHaveAttribute(
      'href',
      '#/rosters/assembly/12',
    );
    expect(assemblies.getByRole('link', { name: '打印牌位：清明超荐法会' })).toHaveAttribute(
      'href',
      '#/print/assembly/12',
    );
    const days = within(screen.getByRole('region', { name: '佛事（按日）' }));
    expect(days.getByRole('link', { name: '查看名册：2026-11-25 佛事' })).toHaveAttribute(
      'href',
      '#/rosters/ceremony/2026-11-25',
    );
    // An assembly long ended is listed, not counted on every call.
    expect(assemblies.getByText('2025-08-30 起 · 已结束')).toBeInTheDocument();
  });

  it('an earlier ceremony day opens by its date; a date the calendar has not is refused beside the field', async () => {
    const page = renderConsole('#/rosters', routes);
    const field = await screen.findByRole(
      'textbox',
      { name: '2026-10-23 以前的佛事日' },
      { timeout: 15_000 },
    );
    const form = within(screen.getByRole('form', { name: '更早的佛事日' }));
    await page.user.type(field, '2026-02-30');
    await page.user.click(form.getByRole('button', { name: '查看名册' }));
    expect(field).toHaveAccessibleDescription('请按 2026-01-31 的格式填写日期');
    await page.user.clear(field);
    await page.user.type(field, '2026-03-15{Enter}');
    await vi.waitFor(() => expect(window.location.hash).toBe('#/rosters/ceremony/2026-03-15'));
  });

  it('a roster: every entry, unpaid said as ✘ 未付; the type filter asks for one type; CSV and print', async () => {
    const page = renderConsole('#/rosters/assembly/12', routes);
    const table = await screen.findByRole('grid', { name: '名册' }, { timeout: 15_000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('✔ 已付');
    expect(rows[2]).toHaveTextContent('✘ 未付');
    expect(rows[0]).toHaveTextContent('陈 公讳 大明');
    expect(screen.getByRole('link', { name: '导出CSV' })).toHaveAttribute(
      'href',
      '/admin/api/rosters/assembly/12.csv',
    );
    const print = vi.fn();
    vi.stubGlobal('print', print);
    await page.user.click(screen.getByRole('button', { name: '打印名册' }));
    expect(print).toHaveBeenCalledOnce();
    await page.user.click(screen.getByRole('link', { name: '往生' }));
    await vi.waitFor(() =>
      expect(
        page.api.calls.some((c) => c.path === '/admin/api/rosters/assembly/12' && c.method === 'GET'),
      ).toBe(true),
    );
    await vi.waitFor(() =>
      expect(screen.getByRole('link', { name: '往生' })).toHaveAttribute('aria-current', 'page'),
    );
    expect(screen.getByRole('link', { name: '导出CSV' })).toHaveAttribute(
      'href',
      `/admin/api/rosters/assembly/12.csv?hoeType=${encodeURIComponent('往生')}`,
    );
  });

  it("the type filter offers the assembly's own types only, in its order", async () => {
    renderConsole('#/rosters/assembly/12', routes);
    const filter = await screen.findByRole('navigation', { name: '按类型筛选' }, { timeout: 15_000 });
    expect(
      within(filter)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['全部类型', '往生', '延生']);
    expect(within(filter).getByRole('link', { name: '全部类型' })).toHaveAttribute('aria-current', 'page');
  });

  it('tablet sheets: paid only, four a sheet, one sheet shown; names exactly as entered; unpaid on request', async () => {
    const page = renderConsole('#/print/assembly/12', routes);
    await screen.findByText('第 1 / 1 张', {}, { timeout: 15_000 });
    const tablets = screen.getAllByRole('article');
    // 往生 陈 公讳 大明, 往生 王氏2代, 延生 of four names, 延生 of the fifth.
    expect(tablets.map((t) => t.getAttribute('aria-label'))).toEqual([
      '往生莲位：陈 公讳 大明',
      '往生莲位：王氏2代',
      '延生禄位：李华、张丽、李小明、李小红',
      '延生禄位：李大',
    ]);
    expect(tablets[0]).toHaveTextContent('佛力超荐陈 公讳 大明之莲位阳上陈明陈华敬荐');
    expect(tablets[2]).toHaveTextContent('佛光注照李华张丽李小明李小红长生禄位');
    expect(tablets[2]).not.toHaveTextContent('阳上');
    expect(tablets[0]?.style.writingMode).toBe('vertical-rl');
    expect(within(tablets[1] as HTMLElement).getByText('2').style.textCombineUpright).toBe('all');
    expect(screen.queryByText('未付款')).not.toBeInTheDocument();

    await page.user.click(screen.getByRole('checkbox', { name: '包括未付款' }));
    expect(screen.getByText('第 1 / 2 张')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '第2张' }).className).toContain('hidden print:grid');
    await page.user.click(screen.getByRole('button', { name: '下一页' }));
    expect(screen.getByText('第 2 / 2 张')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '第1张' }).className).toContain('hidden print:grid');
    expect(within(screen.getByRole('region', { name: '第2张' })).getByText('未付款')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '下一页' })).toBeDisabled();
  });

  it('tablet sheets: under each tablet, for the temple, the order, the dates beside its names and a ceremony’s cause, address and remark', async () => {
    const [deceased, blessing] = roster.entries as [RosterEntry, RosterEntry];
    const ceremonyDay: Roster = {
      ...roster,
      title: '2026-11-25 独姓佛事',
      entries: [
        {
          ...deceased,
          tablets: ['父母王德明', '王氏2代'],
          births: ['1940-01-02', ''],
          deaths: ['2020-05-06', ''],
          cause: '超荐先父母',
          address: '上海市静安区愚园路1号',
          remark: '',
        },
        { ...blessing, tablets: ['李华'], births: ['1950-03-04'], deaths: [''] },
      ],
    };
    renderConsole('#/print/ceremony/2026-11-25', {
      ...routes,
      'GET /admin/api/rosters/ceremony/2026-11-25': () => ok(ceremonyDay),
    });
    await screen.findByText('第 1 / 1 张', {}, { timeout: 15_000 });
    const facts = (name: string) =>
      within(screen.getByRole('list', { name: `登记信息：${name}` }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(facts('故父母王德明')).toEqual([
      `订单 ${deceased.outTradeNo}`,
      '父母王德明：出生 1940-01-02 · 往生 2020-05-06',
      '缘由：超荐先父母',
      '地址：上海市静安区愚园路1号',
    ]);
    // The entry's second name is a tablet of its own: its own dates (none), the same ceremony.
    expect(facts('王氏2代')).toEqual([
      `订单 ${deceased.outTradeNo}`,
      '缘由：超荐先父母',
      '地址：上海市静安区愚园路1号',
    ]);
    expect(facts('李华')).toEqual([`订单 ${blessing.outTradeNo}`, '李华：出生 1950-03-04']);
    // The tablet itself bears only its composed text.
    expect(screen.getByRole('article', { name: '往生莲位：故父母王德明' })).not.toHaveTextContent('1940');
  });
});
