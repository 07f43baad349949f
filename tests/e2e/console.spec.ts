import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { generate } from 'otplib';
import sharp from 'sharp';
import * as v from 'valibot';
import { assemblyApi } from '../../src/contract/assembly';
import { addDaysYmd, ceremonyApi, closedDayRefusal } from '../../src/contract/ceremony';
import { SEAT_MESSAGES } from '../../src/contract/seats';
import { CONSOLE_NAV } from '../../src/web/admin/console-screens';
import { expectNoAxeViolations } from '../support/axe';
import { registerViaApi } from '../support/e2e';
import { sampleCeremonyOrder, sampleTabletOrder } from '../support/order-requests';
import { expect, test as shared, type WechatE2eServer } from './workers';

/**
 * Issue 24, end to end in Chromium against a real server whose gateway is WeChat Pay v3 against
 * the protocol-faithful fake (started here, in this worker): the first administrator made by the
 * command while the server runs, staff accounts with TOTP, a counter payment for a believer's
 * 7-day tablet reservation, the tablet print sheet of an assembly, a refund through the fake by
 * finance (and refused to a clerk), the audit log of it all, and a believer's pages that never
 * load the console's code.
 */
const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..');
let wechat: WechatE2eServer;

/** This file's own server (on WeChat Pay against the fake, a worker fixture of workers.ts); pages go to it. */
const test = shared.extend<{ wechatServer: WechatE2eServer }>({
  wechatServer: async ({ wechatWorker }, use) => {
    wechat = wechatWorker;
    await use(wechatWorker);
  },
  baseURL: async ({ wechatServer }, use) => {
    await use(wechatServer.server.url);
  },
});

test.describe.configure({ mode: 'serial' });

interface Account {
  username: string;
  password: string;
  secret: string;
}
const accounts: Record<'admin' | 'clerk' | 'finance' | 'all', Account> = {
  all: { username: 'quanquan', password: 'quanquan-lotus-2026', secret: '' },
  admin: { username: 'abbot', password: '', secret: '' },
  clerk: { username: 'kedang', password: 'kedang-lotus-2026', secret: '' },
  finance: { username: 'caiwu', password: 'caiwu-lotus-2026', secret: '' },
};

/** The TOTP code an authenticator shows now, by the server's clock (it may have been moved). */
const totp = async (request: APIRequestContext, secret: string) => {
  const { data } = (await (await request.get('/dev/clock')).json()) as { data: { now: string } };
  return generate({ secret, epoch: Math.floor(new Date(data.now).getTime() / 1000) });
};

/** Signs in through the console's page; a code is used once, so the clock moves a step first. */
const signIn = async (page: Page, request: APIRequestContext, who: Account) => {
  await request.post('/dev/clock/advance', { data: { seconds: 30 } });
  await page.goto('/admin/#/login');
  await page.getByLabel('用户名').fill(who.username);
  await page.getByLabel('密码').fill(who.password);
  await page.getByLabel('动态验证码').fill(await totp(request, who.secret));
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('navigation', { name: '工作台导航' })).toBeVisible();
};

const signOut = async (page: Page) => {
  await page.getByRole('button', { name: '退出' }).click();
  await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
};

/**
 * axe (WCAG 2 A and AA, contrast included) finds nothing on what the page shows now. React Aria's
 * own live region is left out: its passing announcements name an element by id (`role=img` with
 * `aria-labelledby`) that may be gone by the time axe reads them; they are for screen readers to
 * speak, not part of the page.
 */
const scan = async (page: Page, what: string) => {
  await expectNoAxeViolations(page, what, ['[data-live-announcer]']);
};

/** Presses `key` (Tab by default) until `target` has the focus (at most 20 times), as a keyboard user moves on. */
const tabTo = async (page: Page, target: Locator, key = 'Tab') => {
  for (let i = 0; i < 20 && !(await target.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press(key);
  await expect(target).toBeFocused();
};

/** A believer registered through the API: phone and token. */
const believer = async (request: APIRequestContext) => {
  const { phone, session } = await registerViaApi(request);
  return { phone, token: session.token };
};

/** An order as the pages send it (prePay's jsonObject): answers its number. */
const prePay = async (request: APIRequestContext, token: string, order: unknown) => {
  const res = await request.post('/portal/rs/payapi/v1/pay/prePay', {
    headers: { authorization: token },
    form: { jsonObject: JSON.stringify(order) },
  });
  const body = (await res.json()) as { msg: string; data: { out_trade_no: string } };
  expect(res.status(), body.msg).toBe(200);
  return body.data.out_trade_no;
};

/** The site in a page of its own, signed in as the believer (the session the login dialog stores). */
const signedInSite = async (browser: Browser, phone: string, token: string) => {
  const site = await browser.newPage();
  await site.goto('/#/index');
  await site.evaluate(
    ({ token, phone }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('mobile', phone);
      localStorage.setItem('userInfo', JSON.stringify({ phone, userType: 1 }));
      localStorage.setItem('USER_TYPE', '1');
    },
    { token, phone },
  );
  return site;
};

/**
 * A believer reserves a 大牌位 place of 16800 yuan on the site (no QR, held 7 days): answers the
 * believer's phone, the order's number, the seat and the site's page (still open, signed in).
 */
const reserveLargeTablet = async (browser: Browser, request: APIRequestContext) => {
  const { phone, token } = await believer(request);
  const site = await signedInSite(browser, phone, token);
  const openLargeFloorOne = async () => {
    await site.goto('/#/consecrate');
    await site.getByRole('link', { name: /^大牌位/ }).click();
    for (const group of ['类别', '塔层', '区域'])
      await site.getByRole('radiogroup', { name: group }).getByRole('radio').first().check({ force: true });
    await expect(site.getByRole('grid', { name: '大牌位座位图' })).toBeVisible();
  };
  await openLargeFloorOne();
  const seat = site.getByRole('gridcell', { name: / 可选$/ }).nth(4);
  const spot = ((await seat.getAttribute('aria-label')) ?? '').replace(/ 可选$/, '');
  await seat.click();
  await site.getByRole('button', { name: '提交' }).click();
  await site.getByRole('dialog', { name: '温馨提示' }).getByRole('button', { name: '确定' }).click();
  const order = site.getByRole('dialog', { name: '订单确认' });
  await order.getByRole('textbox', { name: '供奉人一' }).fill('陈德明');
  await order.getByRole('button', { name: '确定' }).click();
  const answer = site.waitForResponse((r) => r.url().endsWith('/portal/rs/payapi/v1/pay/prePay'));
  await site.getByRole('dialog', { name: '预定须知' }).getByRole('button', { name: '确定' }).click();
  const no = ((await (await answer).json()) as { data: { out_trade_no: string } }).data.out_trade_no;
  await expect(site.getByRole('dialog', { name: '预定成功' })).toContainText(SEAT_MESSAGES.reserved);
  return { phone, no, spot, site, openLargeFloorOne };
};

test('the first administrator is made by the command while the server runs, and makes a clerk and a finance member with TOTP', async ({
  page,
  request,
}) => {
  const { stdout } = await run(
    join(ROOT, 'node_modules/.bin/tsx'),
    ['src/server/staff.ts', 'create-admin', accounts.admin.username, '住持'],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: wechat.server.dataDir, NODE_ENV: 'test' } },
  );
  accounts.admin.password = /初始密码：(\S+)/.exec(stdout)?.[1] ?? '';
  accounts.admin.secret = /动态验证码密钥：(\S+)/.exec(stdout)?.[1] ?? '';
  expect(accounts.admin.secret).not.toBe('');

  await signIn(page, request, accounts.admin);
  await page.getByRole('navigation', { name: '工作台导航' }).getByRole('link', { name: '工作人员' }).click();
  for (const [key, name, role] of [
    ['clerk', '客堂师兄', '客堂'],
    ['finance', '财务居士', '财务'],
  ] as const) {
    await page.getByRole('button', { name: '新建工作人员' }).click();
    const dialog = page.getByRole('dialog', { name: '新建工作人员' });
    await dialog.getByLabel('用户名').fill(accounts[key].username);
    await dialog.getByLabel('姓名').fill(name);
    await dialog.getByLabel('初始密码').fill(accounts[key].password);
    await dialog.getByRole('checkbox', { name: role }).check({ force: true });
    await dialog.getByRole('button', { name: '新建' }).click();
    const enrolment = page.getByRole('dialog', { name: /动态验证码/ });
    await expect(enrolment.getByRole('img', { name: /二维码/ })).toBeVisible();
    const grouped = (await enrolment.getByTestId('totp-secret').textContent()) ?? '';
    accounts[key].secret = grouped.replace(/\s/g, '');
    expect(accounts[key].secret).toMatch(/^[A-Z2-7]{16,}$/);
    await enrolment.getByRole('button', { name: '完成' }).click();
    await expect(page.getByRole('row').filter({ hasText: accounts[key].username })).toContainText(role);
  }
  await signOut(page);
});

test('a clerk signs in with password and code and records payment at the counter for a 7-day tablet reservation', async ({
  page,
  browser,
  request,
}) => {
  const { phone, no, spot, site, openLargeFloorOne } = await reserveLargeTablet(browser, request);

  // The clerk takes 16800 yuan in cash at the counter.
  await signIn(page, request, accounts.clerk);
  await page.getByRole('navigation', { name: '工作台导航' }).getByRole('link', { name: '到寺付款' }).click();
  await page.getByRole('button', { name: `登记到寺付款 ${no}` }).click();
  const record = page.getByRole('dialog', { name: '登记到寺付款' });
  await record.getByRole('radio', { name: '现金' }).check({ force: true });
  await expect(record.getByLabel('收款金额（元）')).toHaveValue(/16800/);
  await record.getByLabel('收据编号').fill('KT-2026-0001');
  await record.getByLabel('备注（选填）').fill('陈居士本人到客堂交付');
  await scan(page, '登记到寺付款');
  await record.getByRole('button', { name: '下一步' }).click();
  const review = page.getByRole('dialog', { name: '请核对' });
  await expect(review).toContainText('KT-2026-0001');
  await scan(page, '请核对');
  await review.getByRole('button', { name: '确认登记' }).click();
  await expect(page.getByText(/已登记付款/)).toBeVisible();

  // The believer's order reads 已支付, the seat 已售未供, and the confirmation SMS is queued.
  await site.goto('/#/UserCenter');
  await site.getByRole('tab', { name: '我的订单' }).click();
  await expect(site.getByRole('row').filter({ hasText: no })).toContainText('已支付');
  await openLargeFloorOne();
  await expect(site.getByRole('gridcell', { name: `${spot} 已售未供` })).toBeVisible();
  const queued = (await (await request.get(`/dev/notifications?phone=${phone}`)).json()) as {
    data: { kind: string }[];
  };
  expect(queued.data.map((n) => n.kind)).toContain('payment_confirmed');
  await site.close();
});

test('a ceremony paid by its deposit: the clerk sees what the believer typed and the balance owed, records it, and the order is fully paid', async ({
  page,
  browser,
  request,
}, testInfo) => {
  // A believer books 延生普佛 (3800 yuan) with its cause, address, remark and a birth date, and pays
  // the 1000-yuan deposit by WeChat.
  const today = (
    (await (await request.get('/dev/clock')).json()) as { data: { now: string } }
  ).data.now.slice(0, 10);
  const calendar = (await (
    await request.get(
      `${ceremonyApi.calendar.path}?${new URLSearchParams({ startDate: addDaysYmd(today, 8), endDate: addDaysYmd(today, 60) })}`,
    )
  ).json()) as { data: { fsDataCcList: { DATE_STR: string; BOOKABLE: boolean }[] } };
  const day = (calendar.data.fsDataCcList.find((d) => d.BOOKABLE)?.DATE_STR ?? '')
    .split('-')
    .map((part, k) => (k === 0 ? part : part.padStart(2, '0')))
    .join('-');
  const { phone, token } = await believer(request);
  const no = await prePay(
    request,
    token,
    sampleCeremonyOrder({
      FS_DATE: day,
      FS_TYPE: '2',
      FS_CONTENT: '延生禄位',
      FS_CAUSE: '为父母祈福延寿',
      FS_ADDRESS: '上海市静安区愚园路1号',
      REMARK: '上午九点到寺',
      jyList: [],
      ysList: [],
      zzList: [{ ZZ1: '王德明', BIRTH_DAY1: '1948-03-02' }],
      MOBILE: phone,
    }),
  );
  await wechat.fake.pay(no);
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/dev/orders/${no}`)).json()) as { data: { state: number } }).data.state,
    )
    .toBe(1);

  // The believer's 我的订单 says what is still owed, and by when.
  const site = await signedInSite(browser, phone, token);
  await site.goto('/#/UserCenter');
  await site.getByRole('tab', { name: '我的订单' }).click();
  const row = site.getByRole('row').filter({ hasText: no });
  await expect(row).toContainText('已付定金 ¥1,000 · 待补 ¥2,800');
  await expect(row).toContainText(/请于 \d{4}-\d{2}-\d{2} 前到寺补缴/);
  await site.screenshot({ path: testInfo.outputPath('my-orders-deposit.png'), fullPage: true });

  // The clerk's order page: the money, and everything the believer typed.
  await signIn(page, request, accounts.clerk);
  await page.goto(`/admin/#/orders/${no}`);
  await expect(page.getByText('款项').locator('xpath=following-sibling::dd[1]')).toContainText(
    '已付定金 ¥1,000 · 待补 ¥2,800',
  );
  const facts = page.getByRole('region', { name: '佛事信息' });
  for (const text of ['为父母祈福延寿', '上海市静安区愚园路1号', '上午九点到寺'])
    await expect(facts).toContainText(text);
  await expect(page.getByRole('region', { name: '牌位与姓名' })).toContainText('王德明（出生 1948-03-02）');
  await page.screenshot({ path: testInfo.outputPath('order-page-deposit.png'), fullPage: true });

  // The day's roster and its CSV carry them too.
  await page.goto(`/admin/#/rosters/ceremony/${day}`);
  const entry = page.getByRole('row').filter({ hasText: no });
  for (const text of [
    '已付定金 ¥1,000 · 待补 ¥2,800',
    '王德明（出生 1948-03-02）',
    '缘由：为父母祈福延寿',
    '地址：上海市静安区愚园路1号',
    '备注：上午九点到寺',
  ])
    await expect(entry).toContainText(text);
  await page.screenshot({ path: testInfo.outputPath('ceremony-roster.png'), fullPage: true });
  const csv = await (await page.request.get(`/admin/api/rosters/ceremony/${day}.csv`)).text();
  expect(csv).toContain(
    `1948-03-02,,,,,,为父母祈福延寿,上海市静安区愚园路1号,上午九点到寺,"已付定金 ¥1,000 · 待补 ¥2,800"`,
  );

  // The tablet sheet: the tablet as composed, and under it what the believer typed, for the temple.
  await page.goto(`/admin/#/print/ceremony/${day}`);
  await expect(page.getByRole('article', { name: '延生禄位：王德明' })).toBeVisible();
  await expect(page.getByRole('list', { name: '登记信息：王德明' }).getByRole('listitem')).toHaveText([
    `订单 ${no}`,
    '王德明：出生 1948-03-02',
    '缘由：为父母祈福延寿',
    '地址：上海市静安区愚园路1号',
    '备注：上午九点到寺',
  ]);
  await page.screenshot({ path: testInfo.outputPath('ceremony-tablet-sheet.png'), fullPage: true });

  // The balance taken in cash on the day: recorded, audited, and the order is fully paid.
  await page.goto(`/admin/#/orders/${no}`);
  await page.getByRole('button', { name: '登记补缴余款' }).click();
  const record = page.getByRole('dialog', { name: '登记到寺付款' });
  await record.getByRole('radio', { name: '现金' }).check({ force: true });
  await expect(record.getByLabel('收款金额（元）')).toHaveValue('2800.00');
  await record.getByLabel('收据编号').fill('KT-2026-0088');
  await record.getByRole('button', { name: '下一步' }).click();
  await page.getByRole('dialog', { name: '请核对' }).getByRole('button', { name: '确认登记' }).click();
  await expect(page.getByText('款项').locator('xpath=following-sibling::dd[1]')).toHaveText('已付清 ¥3,800');
  await expect(page.getByRole('region', { name: '经过' })).toContainText('登记补缴余款');
  await expect(page.getByRole('button', { name: '登记补缴余款' })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('order-page-settled.png'), fullPage: true });
  await site.reload();
  await site.getByRole('tab', { name: '我的订单' }).click();
  await expect(site.getByRole('row').filter({ hasText: no })).not.toContainText('待补');
  const queued = (await (await request.get(`/dev/notifications?phone=${phone}`)).json()) as {
    data: { kind: string }[];
  };
  expect(queued.data.map((n) => n.kind)).toContain('balance_paid');
  await site.close();
  await signOut(page);
});

test('the clerk prints the tablet sheet of an assembly with two paid registrations: the preview’s text, one page a sheet, never the toast on screen', async ({
  page,
  request,
}, testInfo) => {
  // Two believers register for 盂兰盆报恩法会 and pay by WeChat (the fake pays; its notification settles).
  const list = v.parse(assemblyApi.list.response, await (await request.get(assemblyApi.list.path)).json());
  const item = list.data.ls.find((a) => a.HOE_NAME === '盂兰盆报恩法会');
  if (!item) throw new Error('the seed has 盂兰盆报恩法会');
  const q = new URLSearchParams({ hoeYear: String(item.HOE_YEAR), hoeName: item.HOE_NAME });
  const { data: detail } = v.parse(
    assemblyApi.detail.response,
    await (await request.get(`${assemblyApi.detail.path}?${q}`)).json(),
  );
  const register = async (hoeType: '往生' | '延生', names: Record<string, string>) => {
    const price = detail.tabletGdjList.find((p) => p.HOE_TYPE === hoeType);
    if (!price) throw new Error(`no ${hoeType} price`);
    const [start = '', end = ''] = detail.hoe.HOE_YL_TIME.split('至');
    const { phone, token } = await believer(request);
    const no = await prePay(request, token, {
      type: 1,
      HOE_NAME: detail.hoe.HOE_NAME,
      HOE_TYPE: hoeType,
      TABLET_TYPE: price.TABLET_TYPE,
      HOE_GDJ: price.GDJ,
      HOE_TIME: detail.hoe.HOE_NL_TIME,
      START_DATE: start,
      END_DATE: end,
      HOE_GDJ_TOTAL: price.TABLET_PRICE + price.GDJ,
      HOE_YEAR: detail.hoe.HOE_YEAR,
      DATA_SOURCE: '3',
      PAY_METHOD: '3',
      QUANTITY: 1,
      jyList: hoeType === '往生' ? [names] : [],
      zzList: hoeType === '延生' ? [names] : [],
      meritItemList: [],
      CHANNEL: 'pc',
      MOBILE: phone,
    });
    await wechat.fake.pay(no);
    await expect
      .poll(
        async () =>
          ((await (await request.get(`/dev/orders/${no}`)).json()) as { data: { state: number } }).data.state,
      )
      .toBe(1);
  };
  await register('往生', { JY1: '父母陈德', YS1: '陈明', YS2: '陈慧' });
  await register('延生', { ZZ1: '王小明', ZZ2: '王小红' });

  // A 大牌位 reservation (16800 yuan) the clerk releases just before printing: its toast is on screen.
  const holder = await believer(request);
  const reservation = await prePay(
    request,
    holder.token,
    sampleTabletOrder({
      PW_TYPE: '1',
      PW_LOCATION: 1,
      PW_GROUP: '6',
      location: '一层/六室',
      POSITION: '5_19',
      SP_POSITION: '5排19号',
      CZ_ROW: '5',
      PW_PRICE: 16800,
      GFJ_TOTAL: 16800,
      MOBILE: holder.phone,
    }),
  );

  await signIn(page, request, accounts.clerk);
  await page.goto(`/admin/#/orders/${reservation}`);
  await page.getByRole('button', { name: '释放/取消订单' }).click();
  const cancel = page.getByRole('dialog', { name: '释放/取消订单' });
  await cancel.getByRole('textbox', { name: /原因/ }).fill('信众来电取消');
  await cancel.getByRole('button', { name: '确认取消' }).click();
  const toast = page.getByText('订单已取消，名额已释放');
  // The pointer rests on the toast (React Aria keeps it while hovered); the keyboard goes on.
  await toast.hover();
  const nav = page.getByRole('navigation', { name: '工作台导航' });
  await nav.getByRole('link', { name: '名册与牌位' }).press('Enter');
  await page.getByRole('link', { name: '打印牌位：盂兰盆报恩法会' }).press('Enter');
  const sheet = page.getByRole('main');
  for (const name of ['父母陈德', '陈明', '陈慧', '王小明', '王小红'])
    await expect(sheet).toContainText(name);
  // Composed as the believer's preview composes it (the contract's tablet-text.ts).
  const deceased = page.getByRole('article', { name: /^往生莲位：故父母陈德/ });
  await expect(deceased).toHaveText('佛力超荐故父母陈德之莲位阳上陈明陈慧敬荐');
  await expect(deceased).toHaveCSS('writing-mode', 'vertical-rl');
  await expect(page.getByRole('article', { name: /^延生禄位：王小明、王小红/ })).toHaveText(
    '佛光注照王小明王小红长生禄位',
  );
  await expect(toast).toBeVisible();

  // The printed page, as Chromium prints it (kept with the run's results to be looked at): the
  // sheets and nothing else, one page a sheet, with the toast still on screen.
  const sheets = await page.getByRole('region', { name: /^第\d+张$/ }).count();
  await page.emulateMedia({ media: 'print' });
  await expect(toast).toBeHidden();
  await expect(nav).toBeHidden();
  // A page break between sheets only: none after the last one, which would leave a blank page.
  const allSheets = page.getByRole('region', { name: /^第\d+张$/ });
  await expect(allSheets.first()).not.toHaveCSS('break-before', 'page');
  await expect(allSheets.last()).not.toHaveCSS('break-after', 'page');
  await page.screenshot({ path: testInfo.outputPath('tablet-sheet-print.png'), fullPage: true });
  const pdf = await page.pdf({
    path: testInfo.outputPath('tablet-sheet.pdf'),
    format: 'A4',
    printBackground: true,
  });
  // A page object of the PDF is `/Type /Page` (the tree of them is `/Type /Pages`).
  expect(pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)).toHaveLength(sheets);
  await page.emulateMedia({ media: 'screen' });
  await page.getByRole('button', { name: '关闭提示' }).click();
  await expect(toast).toBeHidden();
  await signOut(page);
});

test('finance refunds a payment owed back once through WeChat Pay; a clerk cannot, in the console or by the API', async ({
  page,
  request,
}) => {
  // Paid at WeChat just before the hold ended, but the notification is late: meanwhile the hold
  // ended and another believer took the seat. The money is owed back (place_gone).
  const first = await believer(request);
  const second = await believer(request);
  const place = { POSITION: '3_3', SP_POSITION: '3排3号', CZ_ROW: '3' };
  const no = await prePay(request, first.token, sampleTabletOrder({ ...place, MOBILE: first.phone }));
  await wechat.fake.pay(no, { notify: false });
  await request.post('/dev/clock/advance', { data: { seconds: 16 * 60 } });
  await prePay(request, second.token, sampleTabletOrder({ ...place, MOBILE: second.phone }));
  await wechat.fake.deliver(no, 'genuine');

  // A clerk: no 退款 in the navigation, and the API refuses both the list and the refund.
  await signIn(page, request, accounts.clerk);
  await expect(
    page.getByRole('navigation', { name: '工作台导航' }).getByRole('link', { name: '退款' }),
  ).toHaveCount(0);
  const list = await page.request.get('/admin/api/refunds');
  expect(list.status()).toBe(403);
  const ask = await page.request.post(`/admin/api/refunds/${no}`, { data: { confirm: true } });
  expect(ask.status()).toBe(403);
  expect(((await ask.json()) as { msg: string }).msg).toBe('您的角色无权进行此操作');
  await signOut(page);

  await signIn(page, request, accounts.finance);
  await page.getByRole('navigation', { name: '工作台导航' }).getByRole('link', { name: '退款' }).click();
  await page.getByRole('button', { name: `退款 ${no}` }).click();
  const confirm = page.getByRole('dialog', { name: '确认退款' });
  await expect(confirm).toContainText('¥2,800.00');
  await confirm.getByRole('button', { name: '下一步' }).click();
  const again = page.getByRole('dialog', { name: '再次确认退款' });
  await scan(page, '再次确认退款');
  await again.getByLabel(/订单号后四位/).fill(no.slice(-4));
  await again.getByRole('button', { name: '确认退款' }).click();
  const done = page.getByRole('dialog', { name: '退款已提交' });
  await expect(done).toContainText(`RF`);
  await done.getByRole('button', { name: '关闭', exact: true }).click();
  expect(wechat.fake.refunds().filter((r) => r.outTradeNo === no)).toHaveLength(1);
  // Asked once: the row shows it under way and offers no second refund.
  await expect(page.getByRole('button', { name: `退款 ${no}` })).toBeDisabled();
  await signOut(page);
});

test('the audit log shows each action, with who did it', async ({ page, request }) => {
  await signIn(page, request, accounts.admin);
  await page.getByRole('navigation', { name: '工作台导航' }).getByRole('link', { name: '操作记录' }).click();
  const log = page.getByRole('grid', { name: /操作记录/ });
  for (const [who, what] of [
    ['abbot', '新建工作人员'],
    ['kedang', '登记到寺付款'],
    ['caiwu', '退款'],
    ['kedang', '登录'],
  ]) {
    await expect(
      log.getByRole('row').filter({ hasText: who }).filter({ hasText: what }).first(),
    ).toBeVisible();
  }
});

test("a believer's pages never load the console's code", async ({ browser }) => {
  const scriptsOf = async (paths: string[]) => {
    const page = await browser.newPage();
    const seen = new Set<string>();
    page.on('request', (r) => {
      if (r.resourceType() === 'script') seen.add(new URL(r.url()).pathname);
    });
    for (const path of paths) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    await page.close();
    return seen;
  };
  const site = await scriptsOf(['/#/index', '/#/BusinessClass', '/#/consecrate', '/#/UserCenter']);
  const console = await scriptsOf(['/admin/#/login']);
  const consoleOnly = [...console].filter((path) => !site.has(path));
  expect(consoleOnly.some((path) => /\/assets\/console-/.test(path))).toBe(true);
  expect([...site].filter((path) => /\/assets\/(console|sign-in-page)-/.test(path))).toEqual([]);
});

test('axe finds nothing on any console screen, its dialogs included', async ({ page, request }) => {
  // It walks every screen of the console and opens its dialogs: more than the default minute on 2 cores.
  test.setTimeout(180_000);
  // A member with every role sees every screen.
  await signIn(page, request, accounts.admin);
  const made = await page.request.post('/admin/api/staff', {
    data: {
      username: 'quanquan',
      displayName: '全体',
      password: 'quanquan-lotus-2026',
      roles: ['clerk', 'finance', 'content', 'admin'],
    },
  });
  accounts.all.secret = ((await made.json()) as { data: { totpSecret: string } }).data.totpSecret;
  const all = accounts.all;
  await signOut(page);
  await scan(page, '登录');
  await signIn(page, request, all);
  const nav = page.getByRole('navigation', { name: '工作台导航' });
  // Every screen of the navigation, the content screens as they come.
  for (const screen of CONSOLE_NAV.map((item) => item.label)) {
    await nav.getByRole('link', { name: screen }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Read in full (an image field's own status line stays, empty, for its uploads).
    await expect(page.getByRole('status').filter({ hasText: /^正在/ })).toHaveCount(0);
    await scan(page, screen);
  }
  await nav.getByRole('link', { name: '订单' }).click();
  await page.getByRole('grid').getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: /^订单 / })).toBeVisible();
  await scan(page, '订单详情');
  await nav.getByRole('link', { name: '名册与牌位' }).click();
  await page.getByRole('link', { name: '查看名册：盂兰盆报恩法会' }).click();
  await expect(page.getByRole('grid')).toBeVisible();
  await scan(page, '名册');
  await nav.getByRole('link', { name: '名册与牌位' }).click();
  await page.getByRole('link', { name: '打印牌位：盂兰盆报恩法会' }).click();
  await expect(page.getByRole('article').first()).toBeVisible();
  await scan(page, '牌位打印');
  await nav.getByRole('link', { name: '座位' }).click();
  await page.getByRole('button', { name: /座位图/ }).click();
  await page.getByRole('option').first().click();
  await expect(page.getByRole('grid')).toBeVisible();
  await scan(page, '座位图');
  await nav.getByRole('link', { name: '工作人员' }).click();
  await page.getByRole('button', { name: '新建工作人员' }).click();
  await expect(page.getByRole('dialog', { name: '新建工作人员' })).toBeVisible();
  await scan(page, '新建工作人员');
  await page.keyboard.press('Escape');
  await nav.getByRole('link', { name: '法会管理' }).click();
  await page.getByRole('link', { name: '新建法会' }).click();
  await page.getByRole('button', { name: '保存为草稿' }).click();
  await expect(page.getByText('请输入法会名称')).toBeVisible();
  await scan(page, '新建法会（未填）');
});

test('the console is worked with the keyboard alone: sign in, move between screens, open an order, a dialog and close it', async ({
  page,
  browser,
  request,
}) => {
  await request.post('/dev/clock/advance', { data: { seconds: 30 } });
  await page.goto('/admin/#/login');
  await expect(page.getByLabel('用户名')).toBeVisible();
  // Tab from the top of the page: the skip link, then the form's fields in order.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: '跳到主要内容' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('用户名')).toBeFocused();
  await page.keyboard.type(accounts.clerk.username);
  await page.keyboard.press('Tab');
  await page.keyboard.type(accounts.clerk.password);
  await page.keyboard.press('Tab');
  await page.keyboard.type(await totp(request, accounts.clerk.secret));
  await page.keyboard.press('Enter');
  const nav = page.getByRole('navigation', { name: '工作台导航' });
  await expect(nav).toBeVisible();

  // The navigation's links by Tab; Enter opens a screen.
  await tabTo(page, nav.getByRole('link', { name: '订单' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: '订单' })).toBeVisible();

  // The search box, typed into and sent with Enter; a found order opened with Enter.
  await page.getByLabel('订单号、手机号或姓名').focus();
  await page.keyboard.type('陈德明');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('grid').getByRole('row').filter({ hasText: '陈德明' }).first()).toBeVisible();
  // Tab moves past the filters into the table (its first row); Enter opens that row's order.
  await tabTo(page, page.getByRole('grid').getByRole('row').nth(1));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: /^订单 / })).toBeVisible();

  // 名册与牌位 → 打印牌位 by keyboard.
  await nav.getByRole('link', { name: '名册与牌位' }).focus();
  await page.keyboard.press('Enter');
  const print = page.getByRole('link', { name: '打印牌位：盂兰盆报恩法会' });
  await print.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('article').first()).toBeVisible();

  // A dialog opens with Enter on its button and closes with Escape, the focus back on the button.
  const { no, site } = await reserveLargeTablet(browser, request);
  await site.close();
  await nav.getByRole('link', { name: '到寺付款' }).focus();
  await page.keyboard.press('Enter');
  // A table is one Tab stop (its row); the arrow keys move along the row to the button in it.
  const record = page.getByRole('button', { name: `登记到寺付款 ${no}` });
  await tabTo(page, page.getByRole('grid').getByRole('row').filter({ hasText: no }));
  await tabTo(page, record, 'ArrowRight');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '登记到寺付款' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(record).toBeFocused();
});

test('an editor closes a ceremony day with a reason; believers see the day grey with that reason', async ({
  page,
  browser,
  request,
}) => {
  // A day the calendar offers now, two weeks ahead or more.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', dateStyle: 'short' }).format(
    new Date(((await (await request.get('/dev/clock')).json()) as { data: { now: string } }).data.now),
  );
  const range = await request.get(
    `${ceremonyApi.calendar.path}?startDate=${addDaysYmd(today, 14)}&endDate=${addDaysYmd(today, 40)}`,
  );
  const { data } = v.parse(ceremonyApi.calendar.response, await range.json());
  const day = data.fsDataCcList
    .filter((d) => d.BOOKABLE)
    .map((d) => d.DATE_STR.replace(/-(\d)(?=-|$)/g, '-0$1'))[0];
  if (!day) throw new Error('no bookable day ahead');

  await signIn(page, request, accounts.all);
  await page.getByRole('navigation', { name: '工作台导航' }).getByRole('link', { name: '佛事日历' }).click();
  const form = page.getByRole('form', { name: '关闭日期' });
  await form.getByRole('spinbutton').first().click();
  await page.keyboard.type(day.replace(/-/g, ''));
  await form.getByLabel('关闭原因').fill('寺院举办内部法务');
  await form.getByRole('button', { name: '关闭' }).click();
  await expect(page.getByRole('grid').getByRole('row').filter({ hasText: '寺院举办内部法务' })).toBeVisible();

  const site = await browser.newPage();
  await site.goto('/#/ceremony');
  await site.getByRole('link', { name: /^往生普佛/ }).click();
  await site.getByRole('radio', { name: /^往生莲位/ }).check({ force: true });
  await site.getByRole('radio', { name: /^一堂/ }).check({ force: true });
  const [y, m, d] = day.split('-').map(Number);
  const cell = site.getByRole('button', { name: new RegExp(`^${y}年${m}月${d}日 `) });
  // The calendar is its own chunk: until it has drawn a month, no cell is visible in any.
  await expect(site.getByRole('grid')).toBeVisible();
  for (let month = 0; month < 2 && !(await cell.isVisible()); month += 1)
    await site.getByRole('button', { name: '下个月' }).click();
  await expect(cell).toBeDisabled();
  await cell.hover();
  await expect(site.getByText(closedDayRefusal('寺院举办内部法务'))).toBeVisible();
  await site.close();
});

test('an editor creates an assembly with two types, places, a price map and a photograph, and publishes it; a believer registers and pays; a price change keeps the paid amount', async ({
  page,
  browser,
  request,
}) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', dateStyle: 'short' }).format(
    new Date(((await (await request.get('/dev/clock')).json()) as { data: { now: string } }).data.now),
  );
  const name = '药王菩萨祈福法会';
  await signIn(page, request, accounts.all);
  await page.getByRole('navigation', { name: '工作台导航' }).getByRole('link', { name: '法会管理' }).click();
  await page.getByRole('link', { name: '新建法会' }).click();
  const form = page.getByRole('form', { name: '法会' });
  await form.getByLabel('法会名称').fill(name);
  await form.getByLabel('开始日期（公历）').fill(addDaysYmd(today, 30));
  await form.getByLabel('结束日期（公历）').fill(addDaysYmd(today, 31));
  await expect(form.getByText(/^农历日期：农历/)).toBeVisible();
  const photo = await sharp({
    create: { width: 1200, height: 750, channels: 3, background: { r: 160, g: 110, b: 60 } },
  })
    .jpeg()
    .toBuffer();
  await form
    .getByLabel('法会图片：上传图片')
    .setInputFiles({ name: 'hall.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(form.getByRole('img', { name: '法会图片预览' })).toHaveAttribute(
    'src',
    /^\/uploads\/[0-9a-f]{24}-960\.webp$/,
  );
  await form.getByLabel('法会介绍').fill('礼诵《药师经》，为十方信众祈求身心安康、消灾延寿。');
  // The first type (往生) with 20 places and one tablet; then 延生 with 30.
  const places = form.getByLabel('名额');
  await places.first().fill('20');
  await form.getByLabel('牌位类型 1').first().fill('吉祥');
  await form.getByLabel('牌位价格（元）').first().fill('300');
  await form.getByRole('button', { name: '添加法会类型' }).click();
  await places.nth(1).fill('30');
  await form.getByLabel('牌位类型 1').nth(1).fill('吉祥');
  await form.getByLabel('牌位价格（元）').nth(1).fill('200');
  await form.getByRole('button', { name: '保存为草稿' }).click();
  await expect(page).toHaveURL(/#\/assemblies\/\d+$/);
  await expect(page.getByText('草稿', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: '发布' }).click();
  await expect(page.getByText('已发布', { exact: true })).toBeVisible();

  // A believer finds it on /BusinessClass with its photograph, registers for 往生 and pays.
  const { phone, token } = await believer(request);
  const site = await signedInSite(browser, phone, token);
  await site.goto('/#/BusinessClass');
  await expect(site.getByRole('heading', { level: 1, name: '法会报名', exact: true })).toBeVisible();
  const card = site.getByRole('link', { name: new RegExp(`^${name}`) });
  await expect(card.locator('img')).toHaveAttribute('src', /^\/uploads\/[0-9a-f]{24}-960\.webp$/);
  await card.click();
  await expect(site.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(site.locator('main img').first()).toHaveAttribute(
    'srcset',
    /\/uploads\/[0-9a-f]{24}-1600\.webp 1600w/,
  );
  await site.getByRole('radio', { name: /^往生/ }).check({ force: true });
  await site.getByRole('radio', { name: /^吉祥/ }).check({ force: true });
  await expect(site.getByText('合计：')).toContainText('300');
  await site.getByRole('button', { name: '提交' }).click();
  const order = site.getByRole('dialog', { name: '订单确认' });
  await order.getByRole('button', { name: '添加' }).click();
  const entry = site.getByRole('dialog', { name: /往生牌位$/ });
  await entry
    .getByRole('group', { name: '往生牌位一' })
    .getByRole('combobox', { name: '牌位类型' })
    .selectOption('十方法界一切众生');
  await entry.getByRole('textbox', { name: '阳上人一' }).fill('林慧');
  await entry.getByRole('button', { name: '确定' }).click();
  await order.getByText('我已阅读并同意').click();
  const answer = site.waitForResponse((r) => r.url().endsWith('/portal/rs/payapi/v1/pay/prePay'));
  await order.getByRole('button', { name: '确认支付' }).click();
  const no = ((await (await answer).json()) as { data: { out_trade_no: string } }).data.out_trade_no;
  await expect(site.getByRole('dialog', { name: '请扫码支付' })).toBeVisible();
  await wechat.fake.pay(no);
  await expect(site).toHaveURL(/#\/success\?no=WF\d+$/, { timeout: 10_000 });
  const paid = async () =>
    (
      (await (await request.get(`/dev/orders/${no}`)).json()) as {
        data: { state: number; amount_fen: number };
      }
    ).data;
  expect(await paid()).toMatchObject({ state: 1, amount_fen: 30_000 });

  // The editor raises 往生·吉祥 to 500: the paid order keeps 300, the page shows 500 to the next believer.
  await page.reload();
  await expect(form.getByText('已有报名 1 单（占名额 1），不能删除')).toBeVisible();
  await form.getByLabel('牌位价格（元）').first().fill('500');
  await form.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('法会已保存，网站即刻生效')).toBeVisible();
  expect(await paid()).toMatchObject({ state: 1, amount_fen: 30_000 });
  await site.goto('/#/BusinessClass');
  await expect(site.getByRole('heading', { level: 1, name: '法会报名', exact: true })).toBeVisible();
  await site.getByRole('link', { name: new RegExp(`^${name}`) }).click();
  await site.getByRole('radio', { name: /^往生/ }).check({ force: true });
  await site.getByRole('radio', { name: /^吉祥/ }).check({ force: true });
  await expect(site.getByText('合计：')).toContainText('500');
  await site.close();
});
