import { advanceServerClock, masked, registerThroughDialog, smsCode, uniquePhone } from '../support/e2e';
import { expect, test } from './workers';

test('a believer registers, logs out, logs in with an SMS code, and a revoked token sends them to /login', async ({
  page,
  request,
}) => {
  const phone = uniquePhone();
  await page.goto('/#/index');
  await expect(page.getByRole('link', { name: '法会报名' }).first()).toBeVisible();
  await expect(page.getByText('沪ICP备')).toBeVisible();

  await registerThroughDialog(page, request, phone);
  const account = page.getByRole('button', { name: new RegExp(masked(phone).replace(/\*/g, '\\*')) });
  await expect(account).toBeVisible();

  await account.click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
  await expect(account).toBeHidden();

  // The next code may be sent 60 s after the last one: the server's clock moves, the test does not wait.
  await advanceServerClock(request, 61);
  await page.getByRole('button', { name: '登录' }).click();
  const dialog = page.getByRole('dialog', { name: '验证码登录' });
  await dialog.getByLabel('手机号').fill(`${phone.slice(0, 3)} ${phone.slice(3)}`);
  await expect(dialog.getByLabel('手机号')).toHaveValue(phone);
  await dialog.getByRole('button', { name: '发送验证码' }).click();
  // The countdown starts once the server has sent the code: only then does the outbox hold it.
  await expect(dialog.getByRole('button', { name: /秒后重发/ })).toBeDisabled();
  await dialog.getByLabel('验证码').fill(await smsCode(request, phone));
  await dialog.getByRole('button', { name: '登录', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(account).toBeVisible();

  await account.click();
  await page.getByRole('menuitem', { name: '个人中心' }).click();
  await expect(page).toHaveURL(/#\/UserCenter/);
  await expect(page.getByRole('tabpanel')).toContainText(masked(phone));

  const revoked = await request.post('/dev/auth/revoke', { data: { phone } });
  expect(revoked.ok()).toBe(true);
  await page.reload();
  await expect(page).toHaveURL(/#\/login\?redirect=.*UserCenter/);
  await expect(page.getByRole('dialog', { name: '验证码登录' })).toBeVisible();
  // The session is gone: the header offers login and registration again.
  await expect(page.getByRole('button', { name: '注册', exact: true })).toBeVisible();
  await expect(account).toBeHidden();
});

test('a visitor opening a login-only page returns home and sees why', async ({ page }) => {
  await page.goto('/#/wfVideo');
  await expect(page).toHaveURL(/#\/index$/);
  const dialog = page.getByRole('dialog', { name: '验证码登录' });
  await expect(dialog.getByRole('alert')).toHaveText('此内容需登录后查看。');
});

test('a malformed phone is refused in the dialog before any code is sent', async ({ page }) => {
  await page.goto('/#/index');
  await page.getByRole('button', { name: '登录' }).click();
  const dialog = page.getByRole('dialog', { name: '验证码登录' });
  await dialog.getByLabel('手机号').fill('1234');
  await dialog.getByRole('button', { name: '发送验证码' }).click();
  await expect(dialog.getByText('请填写正确的手机号码')).toBeVisible();
  await expect(dialog.getByRole('button', { name: '发送验证码' })).toBeEnabled();
});

test('right after registering, the login dialog’s send button counts down the server’s remaining seconds', async ({
  page,
  request,
}) => {
  const phone = uniquePhone();
  await page.goto('/#/index');
  await registerThroughDialog(page, request, phone);
  await page.getByRole('button', { name: new RegExp(masked(phone).replace(/\*/g, '\\*')) }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await page.getByRole('button', { name: '登录' }).click();
  const dialog = page.getByRole('dialog', { name: '验证码登录' });
  await dialog.getByLabel('手机号').fill(phone);
  await dialog.getByRole('button', { name: '发送验证码' }).click();
  // The server says to wait (a code went out moments ago): the button counts that down, no toast.
  const countdown = dialog.getByRole('button', { name: /^(5\d|60)秒后重发$/ });
  await expect(countdown).toBeDisabled();
  await expect(page.getByText(/验证码已发送，请\d+秒后再试/)).toHaveCount(0);
});

test('an empty login form: each message under its field, nothing sent', async ({ page }) => {
  await page.goto('/#/index');
  await page.getByRole('button', { name: '登录' }).click();
  const dialog = page.getByRole('dialog', { name: '验证码登录' });
  await dialog.getByRole('button', { name: '登录', exact: true }).click();
  await expect(dialog.getByLabel('手机号')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('请填写手机号码')).toBeVisible();
  await expect(dialog.getByText('验证码不能为空')).toBeVisible();
  await expect(dialog.getByLabel('手机号')).toBeFocused();
});
