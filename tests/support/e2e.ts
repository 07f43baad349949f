import { type APIRequestContext, expect, type Page } from '@playwright/test';

let counter = 0;
/** A phone no other test of this run uses: 137, seven digits of the time, a counter digit. */
export const uniquePhone = () => {
  counter += 1;
  return `137${String(Date.now()).slice(-7)}${counter % 10}`;
};

/** The code the dev SMS outbox holds for a phone, newest first. */
export const smsCode = async (request: APIRequestContext, phone: string): Promise<string> => {
  const res = await request.get(`/dev/sms/outbox?phone=${phone}`);
  const body = (await res.json()) as { data: { text: string }[] };
  const code = /\d{6}/.exec(body.data[0]?.text ?? '')?.[0];
  expect(code, `no SMS code for ${phone}`).toBeTruthy();
  return code ?? '';
};

/** Moves the server's clock forward (outside production only). */
export const advanceServerClock = async (request: APIRequestContext, seconds: number) => {
  const res = await request.post('/dev/clock/advance', { data: { seconds } });
  expect(res.ok()).toBe(true);
};

export const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(7)}`;

/** Registers a new believer through the register dialog; ends logged in. */
export const registerThroughDialog = async (
  page: Page,
  request: APIRequestContext,
  phone: string,
  name = '陈居士',
) => {
  await page.getByRole('button', { name: '注册' }).first().click();
  const dialog = page.getByRole('dialog', { name: '手机号注册' });
  await dialog.getByLabel('姓名').fill(name);
  await dialog.getByLabel('手机号').fill(phone);
  await dialog.getByRole('button', { name: '发送验证码' }).click();
  await expect(dialog.getByRole('button', { name: /秒后重发/ })).toBeDisabled();
  await dialog.getByLabel('验证码').fill(await smsCode(request, phone));
  await dialog.getByRole('button', { name: '注册并登录' }).click();
  await expect(dialog).toBeHidden();
};

/** The session the register call answers: the token and the believer's phone and type. */
export interface ApiSession {
  token: string;
  userInfo: { phone: string; userType: number };
}

/** A new believer (林慧), registered through the API with the code of the dev outbox; not logged in any page. */
export const registerViaApi = async (
  request: APIRequestContext,
  phone = uniquePhone(),
): Promise<{ phone: string; session: ApiSession }> => {
  await request.post('/api/register/verify', { data: { phone, type: 'register' } });
  const res = await request.post('/api/register', {
    data: { account: phone, captcha: await smsCode(request, phone), realName: '林慧' },
  });
  const { data } = (await res.json()) as { data: ApiSession };
  return { phone, session: data };
};

/** Writes the session where the login dialog keeps it (run in the page: evaluate or an init script). */
export const storeSession = (session: ApiSession) => {
  localStorage.setItem('token', session.token);
  localStorage.setItem('mobile', session.userInfo.phone);
  localStorage.setItem('userInfo', JSON.stringify(session.userInfo));
  localStorage.setItem('USER_TYPE', String(session.userInfo.userType));
};

/** A new believer, registered through the API, logged in in this page's storage. */
export const loginViaApi = async (page: Page, request: APIRequestContext, phone = uniquePhone()) => {
  const { session: data } = await registerViaApi(request, phone);
  await page.goto('/#/index');
  await page.evaluate(storeSession, data);
  return phone;
};

/**
 * An unpaid order resumed, never duplicated: `order` places it (ending with the QR dialog open),
 * the QR is closed unpaid, `afterClose` checks the page, and `orderAgain` (by default `order`;
 * from the flow's own dialog where the closed QR comes back to it) opens the same QR.
 * 我的订单 then lists that one order. Answers its number.
 */
export const expectSameOrderAfterClosedQr = async (
  page: Page,
  order: () => Promise<void>,
  afterClose: () => Promise<void>,
  orderAgain: () => Promise<void> = order,
): Promise<string> => {
  const qr = page.getByRole('dialog', { name: '请扫码支付' });
  await order();
  const first = (await qr.locator('[data-code-url]').getAttribute('data-code-url')) ?? '';
  const no = /WF\d+$/.exec(first)?.[0] ?? '';
  expect(no).not.toBe('');
  await qr.getByRole('button', { name: '关闭', exact: true }).click();
  await afterClose();
  await orderAgain();
  await expect(qr.locator('[data-code-url]')).toHaveAttribute('data-code-url', first);
  await qr.getByRole('button', { name: '关闭', exact: true }).click();
  await page.goto('/#/UserCenter');
  await page.getByRole('tab', { name: '我的订单' }).click();
  const table = page.getByRole('table', { name: '我的订单' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').filter({ hasText: no })).toHaveCount(1);
  return no;
};
