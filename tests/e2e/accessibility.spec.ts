import { expectNoAxeViolations } from '../support/axe';
import { loginViaApi } from '../support/e2e';
import { expect, test } from './workers';

/** Pages a believer sees, checked with axe (WCAG 2 A and AA, contrast included). */
const pages = [
  '/#/index',
  '/#/merit',
  '/#/meritDetail?id=5',
  '/#/BusinessClass',
  '/#/ceremony',
  '/#/powerdekor',
  '/#/consecrate',
  '/#/UserCenter',
  '/#/success',
  '/#/IntoWfs',
];

// One test per page: each has its own time, and the two workers share them.
for (const path of pages) {
  test(`${path} has no accessibility violations`, async ({ page, request }) => {
    await loginViaApi(page, request);
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: '主菜单' })).toBeVisible();
    await expect(page.getByRole('main')).not.toBeEmpty();
    await expectNoAxeViolations(page, path);
  });
}

test('the login dialog has no accessibility violations', async ({ page }) => {
  await page.goto('/#/index');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('dialog', { name: '验证码登录' })).toBeVisible();
  await expectNoAxeViolations(page, '验证码登录');
});

test('an assembly’s page, its order dialog and its entry dialog have no accessibility violations', async ({
  page,
  request,
}) => {
  const scan = (what: string) => expectNoAxeViolations(page, what);
  await loginViaApi(page, request);
  await page.goto('/#/BusinessClass');
  // A hash change resolves at once: the list first (the home carousel has a 盂兰盆报恩法会… news title).
  await expect(page.getByRole('heading', { level: 1, name: '法会报名', exact: true })).toBeVisible();
  await page.getByRole('link', { name: /^盂兰盆报恩法会/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: '盂兰盆报恩法会', exact: true })).toBeVisible();
  await page.getByRole('radio', { name: /^往生/ }).check({ force: true });
  await page.getByRole('radio', { name: /^小功德主/ }).check({ force: true });
  await scan('法会详情');
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page.getByRole('dialog', { name: '订单确认' })).toBeVisible();
  await scan('订单确认');
  await page.getByRole('dialog', { name: '订单确认' }).getByRole('button', { name: '添加' }).click();
  await expect(page.getByRole('dialog', { name: /往生牌位$/ })).toBeVisible();
  await scan('往生牌位');
});

test('the ceremony booking screen with its calendar and slots, and its dialogs, have no accessibility violations', async ({
  page,
  request,
}) => {
  const scan = (what: string) => expectNoAxeViolations(page, what);
  await loginViaApi(page, request);
  await page.goto('/#/ceremonyDetail?id=1');
  await expect(page.getByRole('grid')).toBeVisible();
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '请选择时间' })).toBeVisible();
  await scan('佛事预约（未选）');
  await page.getByRole('radio', { name: /^往生莲位/ }).check({ force: true });
  await page.getByRole('radio', { name: /^一堂/ }).check({ force: true });
  await page.getByRole('button', { name: '下个月' }).click();
  await page.locator('[role=gridcell] [role=button]:not([aria-disabled=true])').first().click();
  await page
    .getByRole('button', { name: /剩 \d 场$/ })
    .first()
    .click();
  await scan('佛事预约（已选时段）');
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page.getByRole('dialog', { name: '温馨提示' })).toBeVisible();
  await scan('温馨提示');
  await page.getByRole('dialog', { name: '温馨提示' }).getByRole('button', { name: '确定' }).click();
  const order = page.getByRole('dialog', { name: '订单确认' });
  await expect(order).toBeVisible();
  await order.getByRole('button', { name: '确定' }).click();
  await scan('订单确认');
  await order.getByRole('button', { name: '添加' }).click();
  await expect(page.getByRole('dialog', { name: /往生牌位$/ })).toBeVisible();
  await scan('往生牌位（佛事）');
});

test('the seat maps of a statue and of a tablet, with a seat chosen, have no accessibility violations', async ({
  page,
  request,
}) => {
  const scan = (what: string) => expectNoAxeViolations(page, what);
  await loginViaApi(page, request);
  await page.goto('/#/powerdekorDetail?id=2&name=大殿外');
  for (const group of ['材质类型', '佛像类型', '佛像方位'])
    await page.getByRole('radiogroup', { name: group }).getByRole('radio').first().check({ force: true });
  await page.getByRole('radio', { name: /^年供/ }).check({ force: true });
  await page
    .getByRole('gridcell', { name: / 可选$/ })
    .first()
    .click();
  await scan('圣像供奉');
  await page.goto('/#/consecrateDetail?type=2');
  for (const group of ['类别', '塔层', '区域'])
    await page.getByRole('radiogroup', { name: group }).getByRole('radio').first().check({ force: true });
  await page
    .getByRole('gridcell', { name: / 可选$/ })
    .first()
    .click();
  await scan('牌位供奉');
});
