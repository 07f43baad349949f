import { CEREMONY_SYSTEM_CLAUSES } from '@contract/site-notices';
import { SITE_SETTINGS_MESSAGES, type SiteSettingsAnswer } from '@contract/site-settings';
import { DEFAULT_TABLET_PHRASES } from '@contract/tablet-phrases';
import { VERSIONED_ITEM_MESSAGES } from '@contract/versioned-item';
import { screen, within } from '@testing-library/react';
import { toastQueue } from '@web/components/ui/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { heldCalls, ok, refused } from '../../support/fake-api';
import { renderConsole } from '../../support/fake-console-api';

const SITE = '/admin/api/site';
const M = SITE_SETTINGS_MESSAGES;

const RULES = Array.from({ length: 7 }, (_, i) => `慈云寺报名须知第${i + 1}条。`);
const CEREMONY = ['佛事当日请提前到客堂报到。', '请仔细核对牌位姓名。'];

const stored = (over: Partial<SiteSettingsAnswer['settings']> = {}, version = 3): SiteSettingsAnswer => ({
  settings: {
    templeName: '慈云寺',
    templeNameEn: 'Ciyun Temple',
    address: '某市某区寺前路1号',
    phone: '0571-8888 0000',
    receptionPhone: '0571-8888 0001',
    wechat: 'ciyun-kt',
    icpLicence: '浙ICP备00000000号',
    policeLicence: '',
    religiousLicence: '（浙）-0000-0000',
    friendlyLinks: [
      { name: '中国佛教协会', url: 'https://www.chinabuddhism.com.cn' },
      { name: '某省佛教协会', url: 'https://www.example.org' },
    ],
    mobileSiteUrl: '',
    registrationRules: RULES,
    ceremonyRules: CEREMONY,
    tabletPhrases: DEFAULT_TABLET_PHRASES,
    ...over,
  },
  version,
  edited: ['templeName'],
});

/** The 站点信息 screen of a 内容 member over `get` (the reads) and held saves. */
const open = (get: () => ReturnType<typeof ok> = () => ok(stored())) => {
  const saves = heldCalls();
  const page = renderConsole('#/site', { [`GET ${SITE}`]: get, [`PUT ${SITE}`]: saves.next }, ['content']);
  return { ...page, saves };
};

const form = () => screen.findByRole('form', { name: '站点信息' }, { timeout: 15_000 });
const box = (name: string | RegExp) => screen.getByRole('textbox', { name });
const save = () => screen.getByRole('button', { name: '保存' });
/** A clause's textarea in its notice's group (报名须知 / 佛事预约须知), by its number as the page shows it. */
const clause = (notice: RegExp, n: number) =>
  within(screen.getByRole('group', { name: notice })).getByRole('textbox', { name: `第 ${n} 条` });
const REG = /^报名须知/;
const CER = /^佛事预约须知/;
const toasts = () => toastQueue.visibleToasts.map((t) => t.content.text);

describe('站点信息', { timeout: 30_000 }, () => {
  afterEach(() => {
    for (const t of toastQueue.visibleToasts) toastQueue.close(t.key);
  });

  it('shows the values read, the required fields marked, the env note and the mobile hint', async () => {
    open();
    await form();
    expect(
      screen.getByText('环境变量中的设置只作为默认值：在此保存过的项目以此处为准。'),
    ).toBeInTheDocument();
    expect(box(/寺院名称/)).toHaveValue('慈云寺');
    expect(box(/寺院名称/)).toBeRequired();
    expect(box(/寺院地址/)).toHaveValue('某市某区寺前路1号');
    expect(box(/联系电话/)).toBeRequired();
    expect(box(/客堂电话/)).toHaveValue('0571-8888 0001');
    expect(box(/英文名称/)).not.toBeRequired();
    expect(box(/互联网宗教信息服务许可证/)).toHaveValue('（浙）-0000-0000');
    expect(box(/链接 2 名称/)).toHaveValue('某省佛教协会');
    expect(box(/链接 1 网址/)).toHaveValue('https://www.chinabuddhism.com.cn');
    expect(box(/手机版网址/)).toHaveAccessibleDescription('留空则不跳转手机版');
  });

  it('a settings read that fails says so, and 重试 reads again', async () => {
    let fail = true;
    const page = open(() => (fail ? refused(503, '服务暂不可用') : ok(stored())));
    await screen.findByText('服务暂不可用', {}, { timeout: 15_000 });
    fail = false;
    await page.user.click(screen.getByRole('button', { name: '重试' }));
    await form();
    expect(box(/寺院名称/)).toHaveValue('慈云寺');
  });

  it('a required field emptied is said beside it and focused; nothing is sent', async () => {
    const page = open();
    await form();
    await page.user.clear(box(/寺院地址/));
    await page.user.clear(box(/客堂电话/));
    await page.user.click(save());
    expect(box(/寺院地址/)).toHaveAccessibleDescription(M.addressEmpty);
    expect(box(/寺院地址/)).toHaveAttribute('aria-invalid', 'true');
    expect(box(/寺院地址/)).toHaveFocus();
    expect(box(/客堂电话/)).toHaveAccessibleDescription(M.phoneEmpty);
    expect(box(/寺院名称/)).not.toHaveAttribute('aria-invalid');
    expect(page.callsTo('PUT', SITE)).toHaveLength(0);
    await page.user.type(box(/寺院地址/), '新地址');
    expect(box(/寺院地址/)).not.toHaveAttribute('aria-invalid');
  });

  it("a bad link's message is beside that link's input, focused; nothing is sent", async () => {
    const page = open();
    await form();
    await page.user.clear(box(/链接 2 网址/));
    await page.user.type(box(/链接 2 网址/), 'http://www.example.org');
    await page.user.click(save());
    expect(box(/链接 2 网址/)).toHaveAccessibleDescription(M.linkUrlInvalid);
    expect(box(/链接 2 网址/)).toHaveFocus();
    expect(box(/链接 2 名称/)).not.toHaveAttribute('aria-invalid');
    expect(box(/链接 1 网址/)).not.toHaveAttribute('aria-invalid');
    expect(page.callsTo('PUT', SITE)).toHaveLength(0);
  });

  it('a valid save sends one PUT with the trimmed settings and the version read, then the toast and the answer', async () => {
    const page = open();
    await form();
    await page.user.clear(box(/寺院名称/));
    await page.user.type(box(/寺院名称/), '  慈云禅寺 ');
    await page.user.type(box(/手机版网址/), ' https://m.example.org ');
    await page.user.click(save());
    const sent = stored({ templeName: '慈云禅寺', mobileSiteUrl: 'https://m.example.org' });
    expect(page.callsTo('PUT', SITE).map((call) => call.body)).toEqual([
      { settings: sent.settings, version: 3 },
    ]);
    const pending = screen.getByRole('button', { name: '请稍候…' });
    expect(pending).toHaveAttribute('aria-disabled', 'true');
    await page.user.click(pending);
    expect(page.callsTo('PUT', SITE)).toHaveLength(1);
    page.saves.answer(ok({ ...sent, version: 4 }));
    await vi.waitFor(() => expect(toasts()).toContain('站点信息已保存，网站即刻生效'));
    expect(box(/寺院名称/)).toHaveValue('慈云禅寺');
    // The next save goes with the new version.
    await page.user.click(save());
    expect(page.callsTo('PUT', SITE).map((call) => (call.body as { version: number }).version)).toEqual([
      3, 4,
    ]);
  });

  it('a 409 keeps what was typed and says so; 重新读取 shows the server values and the next save sends their version', async () => {
    let version = 3;
    const page = open(() => ok(stored({ wechat: version === 3 ? 'ciyun-kt' : 'ciyun-new' }, version)));
    await form();
    await page.user.clear(box(/客堂微信/));
    await page.user.type(box(/客堂微信/), 'mine');
    await page.user.click(save());
    page.saves.answer(refused(409, VERSIONED_ITEM_MESSAGES.stale));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(VERSIONED_ITEM_MESSAGES.stale);
    expect(box(/客堂微信/)).toHaveValue('mine');
    expect(toasts()).toEqual([]);
    version = 5;
    await page.user.click(screen.getByRole('button', { name: '重新读取' }));
    await vi.waitFor(() => expect(box(/客堂微信/)).toHaveValue('ciyun-new'));
    expect(screen.queryByText(VERSIONED_ITEM_MESSAGES.stale)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '重新读取' })).not.toBeInTheDocument();
    await page.user.click(save());
    expect(page.callsTo('PUT', SITE).map((call) => (call.body as { version: number }).version)).toEqual([
      3, 5,
    ]);
  });

  it('links are added up to 8 and removed by number; what is sent follows the rows', async () => {
    const page = open();
    await form();
    await page.user.click(screen.getByRole('button', { name: '删除链接 1' }));
    expect(box(/链接 1 名称/)).toHaveValue('某省佛教协会');
    expect(screen.queryByRole('textbox', { name: /链接 2 名称/ })).not.toBeInTheDocument();
    const add = screen.getByRole('button', { name: '添加链接' });
    expect(add).toHaveFocus();
    await page.user.click(add);
    expect(box(/链接 2 名称/)).toHaveFocus();
    await page.user.keyboard('佛学院');
    await page.user.type(box(/链接 2 网址/), 'https://fxy.example.org');
    for (let n = 3; n <= 8; n += 1) await page.user.click(add);
    expect(add).toBeDisabled();
    expect(screen.getByRole('button', { name: '删除链接 8' })).toBeInTheDocument();
    for (let n = 8; n >= 3; n -= 1)
      await page.user.click(screen.getByRole('button', { name: `删除链接 ${n}` }));
    expect(add).not.toBeDisabled();
    await page.user.click(save());
    expect(page.callsTo('PUT', SITE).map((call) => (call.body as { settings: unknown }).settings)).toEqual([
      {
        ...stored().settings,
        friendlyLinks: [
          { name: '某省佛教协会', url: 'https://www.example.org' },
          { name: '佛学院', url: 'https://fxy.example.org' },
        ],
      },
    ]);
  });

  it('a new link left empty is said beside its name, and within its row only', async () => {
    const page = open();
    await form();
    await page.user.click(screen.getByRole('button', { name: '添加链接' }));
    await page.user.click(save());
    const row = within(screen.getByRole('textbox', { name: /链接 3 名称/ }).closest('li') as HTMLElement);
    expect(row.getByRole('textbox', { name: /名称/ })).toHaveAccessibleDescription(M.linkNameEmpty);
    expect(row.getByRole('textbox', { name: /名称/ })).toHaveFocus();
    expect(row.getByRole('textbox', { name: /网址/ })).toHaveAccessibleDescription(M.linkUrlInvalid);
    expect(page.callsTo('PUT', SITE)).toHaveLength(0);
  });

  it('须知: the seven clauses of 报名须知 to edit, the system’s clauses of 佛事预约须知 to read, the temple’s numbered after them', async () => {
    open();
    await form();
    for (const [index, text] of RULES.entries()) expect(clause(REG, index + 1)).toHaveValue(text);
    expect(clause(REG, 1)).toBeRequired();
    const ceremony = screen.getByRole('group', { name: CER });
    for (const text of CEREMONY_SYSTEM_CLAUSES) expect(within(ceremony).getByText(text)).toBeInTheDocument();
    expect(within(ceremony).getAllByRole('textbox')).toHaveLength(CEREMONY.length);
    const first = CEREMONY_SYSTEM_CLAUSES.length + 1;
    expect(clause(CER, first)).toHaveValue(CEREMONY[0]);
    expect(clause(CER, first + 1)).toHaveValue(CEREMONY[1]);
    // 报名须知 stays seven: no clause is added or removed there.
    const registration = screen.getByRole('group', { name: REG });
    expect(within(registration).queryByRole('button')).not.toBeInTheDocument();
  });

  it('a clause emptied, one on two lines and one too long: each message beside its clause, the first focused; nothing sent', async () => {
    const page = open();
    await form();
    const first = CEREMONY_SYSTEM_CLAUSES.length + 1;
    await page.user.clear(clause(REG, 2));
    await page.user.type(clause(REG, 5), '{Enter}另起一行');
    await page.user.clear(clause(CER, first + 1));
    await page.user.click(clause(CER, first + 1));
    await page.user.paste('字'.repeat(201));
    await page.user.click(save());
    expect(clause(REG, 2)).toHaveAccessibleDescription(M.clauseEmpty);
    expect(clause(REG, 2)).toHaveAttribute('aria-invalid', 'true');
    expect(clause(REG, 2)).toHaveFocus();
    expect(clause(REG, 5)).toHaveAccessibleDescription(M.clauseInvalid);
    expect(clause(REG, 1)).not.toHaveAttribute('aria-invalid');
    expect(clause(CER, first + 1)).toHaveAccessibleDescription(M.clauseTooLong);
    expect(clause(CER, first)).not.toHaveAttribute('aria-invalid');
    expect(page.callsTo('PUT', SITE)).toHaveLength(0);
    await page.user.type(clause(REG, 2), '新的条文。');
    expect(clause(REG, 2)).not.toHaveAttribute('aria-invalid');
    expect(clause(REG, 5)).toHaveAttribute('aria-invalid', 'true');
  });

  it('the same clause twice is said under its notice; nothing is sent', async () => {
    const page = open();
    await form();
    await page.user.clear(clause(REG, 7));
    await page.user.click(clause(REG, 7));
    await page.user.paste(RULES[0] ?? '');
    await page.user.click(save());
    expect(within(screen.getByRole('group', { name: REG })).getByText(M.clausesRepeated)).toBeInTheDocument();
    expect(clause(REG, 1)).toHaveFocus();
    expect(page.callsTo('PUT', SITE)).toHaveLength(0);
  });

  it('the temple’s clauses of 佛事预约须知 are added up to 10 and removed, never below one; what is sent follows the rows', async () => {
    const page = open();
    await form();
    const first = CEREMONY_SYSTEM_CLAUSES.length + 1;
    await page.user.click(screen.getByRole('button', { name: `删除第 ${first} 条` }));
    expect(clause(CER, first)).toHaveValue(CEREMONY[1]);
    const remove = screen.getByRole('button', { name: `删除第 ${first} 条` });
    expect(remove).toBeDisabled();
    const add = screen.getByRole('button', { name: '添加一条' });
    expect(add).toHaveFocus();
    await page.user.click(add);
    expect(clause(CER, first + 1)).toHaveFocus();
    await page.user.keyboard('  入殿请勿喧哗。 ');
    for (let n = 3; n <= 10; n += 1) await page.user.click(add);
    expect(add).toBeDisabled();
    for (let n = 10; n >= 3; n -= 1)
      await page.user.click(screen.getByRole('button', { name: `删除第 ${first + n - 1} 条` }));
    expect(add).not.toBeDisabled();
    await page.user.clear(clause(REG, 3));
    await page.user.type(clause(REG, 3), '新的第三条。');
    await page.user.click(save());
    expect(page.callsTo('PUT', SITE).map((call) => (call.body as { settings: unknown }).settings)).toEqual([
      {
        ...stored().settings,
        registrationRules: RULES.map((text, at) => (at === 2 ? '新的第三条。' : text)),
        ceremonyRules: [CEREMONY[1], '入殿请勿喧哗。'],
      },
    ]);
  });

  it('a new clause left empty is said beside it, and the server’s clause refusal shows on the page', async () => {
    const page = open();
    await form();
    const first = CEREMONY_SYSTEM_CLAUSES.length + 1;
    await page.user.click(screen.getByRole('button', { name: '添加一条' }));
    await page.user.click(save());
    expect(clause(CER, first + 2)).toHaveAccessibleDescription(M.clauseEmpty);
    expect(clause(CER, first + 2)).toHaveFocus();
    expect(page.callsTo('PUT', SITE)).toHaveLength(0);
    await page.user.click(screen.getByRole('button', { name: `删除第 ${first + 2} 条` }));
    await page.user.click(save());
    page.saves.answer(refused(400, M.ceremonyRulesTooMany));
    expect(await screen.findByRole('alert')).toHaveTextContent(M.ceremonyRulesTooMany);
  });
});
