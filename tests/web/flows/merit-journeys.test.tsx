import { MERIT_MESSAGES, type MeritItem } from '@contract/merit';
import { OVER_LIMIT_MESSAGE } from '@contract/money';
import { IDEMPOTENCY_HEADER } from '@contract/payment';
import { modelMeritItem } from '@machines/index';
import { screen, within } from '@testing-library/react';
import { sessionStore } from '@web/api/session';
import { toastQueue } from '@web/components/ui/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, fakeApi, ok, portalOk, refused } from '../../support/fake-api';
import { renderApp } from '../../support/render-app';
import { session } from '../../support/statecharts/fixtures/auth-dialog';
import { prePay } from '../../support/statecharts/fixtures/merit-order';
import { passSecond, settle } from '../../support/statecharts/run-on-view';

const lamp = modelMeritItem;
const joy: MeritItem = {
  ...lamp,
  ID: 5,
  GD_NAME: '随喜功德',
  PRICE_MODEL: '2',
  GD_TYPE: '2',
  GD_PRICE: [50, 100, 200],
};
const flowers: MeritItem = {
  ...lamp,
  ID: 7,
  GD_NAME: '供花供果',
  PRICE_MODEL: '3',
  GD_TYPE: '3',
  GD_PRICE: null,
  GDM: [
    { MERIT_ITEM: 'GH01', CNNAME: '鲜花供养', EXTINT1: 100 },
    { MERIT_ITEM: 'GH02', CNNAME: '时果供养', EXTINT1: 100 },
  ],
};
const ORDER = '/portal/rs/payapi/v1/pay/prePay';

/** The detail page of `item` in the whole app; order creation answers `orderAnswers` in turn. */
const openItem = async (
  item: MeritItem,
  { loggedIn = true, orderAnswers = [portalOk(prePay)] as FakeAnswer[] } = {},
) => {
  const api = fakeApi({
    'GET /portal/rs/gdapi/selectById': () => portalOk(item),
    'GET /portal/rs/wish-api/v1/wish/getWishList': () => portalOk([]),
    'POST /portal/rs/payapi/v1/pay/prePay': () => orderAnswers.shift() ?? portalOk(prePay),
    'POST /portal/rs/payapi/v1/pay/payResult': () => ({ body: { code: 0, msg: '1' } }),
    'POST /api/login/mobile': () => ok(session, '登录成功'),
  });
  if (loggedIn) sessionStore.save(session);
  const app = renderApp(`#/meritDetail?id=${item.ID}`);
  await vi.waitFor(() => screen.getByRole('button', { name: '提交' }), { timeout: 5000 });
  const orders = () => api.calls.filter((c) => c.path === ORDER);
  const submit = async () => {
    await app.user.click(screen.getByRole('button', { name: '提交' }));
    await settle();
  };
  const confirm = async () => {
    await app.user.click(
      within(screen.getByRole('dialog', { name: '订单确认' })).getByRole('button', { name: '确认支付' }),
    );
    await settle(10);
  };
  return { ...app, api, orders, submit, confirm };
};

describe('merit ordering through the page', () => {
  beforeEach(() =>
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] }),
  );
  afterEach(() => {
    vi.useRealTimers();
    for (const t of toastQueue.visibleToasts) toastQueue.close(t.key);
  });

  it('price model 1: quantity × price, confirmed and paid, ends on the success page of the order', async () => {
    const page = await openItem(lamp);
    expect(screen.getByRole('button', { name: '增加 数量' })).toBeInTheDocument();
    await page.user.click(screen.getByRole('button', { name: '增加 数量' }));
    await page.user.click(screen.getByRole('button', { name: '增加 数量' }));
    await page.user.type(screen.getByRole('textbox', { name: '功德芳名' }), '林慧');
    expect(screen.getByText('¥300')).toBeInTheDocument();
    await page.submit();
    const dialog = screen.getByRole('dialog', { name: '订单确认' });
    expect(within(dialog).getByText('佛前供灯')).toBeInTheDocument();
    expect(within(dialog).getByText('3')).toBeInTheDocument();
    await page.confirm();
    expect(page.orders()).toHaveLength(1);
    expect(page.orders()[0]?.body).toMatchObject({
      type: 5,
      GD_FM: '林慧',
      MOBILE: session.userInfo.phone,
      meritItemList: [{ GD_NAME: '佛前供灯', QUANTITY: 3, GDJ: 300 }],
    });
    expect(page.orders()[0]?.headers.get(IDEMPOTENCY_HEADER)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(screen.getByRole('dialog', { name: '请扫码支付' })).toBeInTheDocument();
    await passSecond();
    await vi.waitFor(() => expect(window.location.hash).toBe(`#/success?no=${prePay.out_trade_no}`));
  });

  it('price model 2: a typed amount; a card is not chosen while another amount is typed', async () => {
    const page = await openItem(joy);
    const card = screen.getByRole('radio', { name: '¥100' });
    await page.user.click(card);
    expect(card).toBeChecked();
    await page.user.type(screen.getByRole('textbox', { name: '其他金额（元）' }), '100');
    // 100 is also a card, but it was typed: no card is chosen.
    for (const radio of screen.getAllByRole('radio')) expect(radio).not.toBeChecked();
    await page.user.clear(screen.getByRole('textbox', { name: '其他金额（元）' }));
    await page.user.type(screen.getByRole('textbox', { name: '其他金额（元）' }), '66');
    await page.user.type(screen.getByRole('textbox', { name: '功德芳名' }), '林慧');
    await page.submit();
    expect(within(screen.getByRole('dialog', { name: '订单确认' })).getByText('¥66')).toBeInTheDocument();
    await page.confirm();
    expect(page.orders()[0]?.body).toMatchObject({
      customAmount: 66,
      meritItemList: [{ QUANTITY: 1, GDJ: 66 }],
    });
  });

  it('price model 2: nothing chosen or typed: the message under the cards, the first card focused', async () => {
    const page = await openItem(joy);
    await page.user.type(screen.getByRole('textbox', { name: '功德芳名' }), '林慧');
    await page.submit();
    expect(screen.getByRole('radiogroup', { name: '功德金' })).toHaveAccessibleDescription(
      MERIT_MESSAGES.chooseAmount,
    );
    expect(screen.getByRole('radio', { name: '¥50' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: '其他金额（元）' })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('price model 2: a typed amount below 10 is raised to 10 on leaving the field', async () => {
    const { user } = await openItem(joy);
    const amount = screen.getByRole('textbox', { name: '其他金额（元）' });
    await user.type(amount, '5');
    await user.tab();
    expect(amount).toHaveValue('10');
  });

  it('price model 2: above 10000 stays as typed and gives the advice to go to the temple; no order', async () => {
    const page = await openItem(joy);
    const amount = screen.getByRole('textbox', { name: '其他金额（元）' });
    await page.user.type(amount, '12000');
    await page.user.type(screen.getByRole('textbox', { name: '功德芳名' }), '林慧');
    expect(amount).toHaveValue('12000');
    await page.submit();
    expect(
      within(screen.getByRole('dialog', { name: '温馨提示' })).getByText(OVER_LIMIT_MESSAGE),
    ).toBeInTheDocument();
    expect(page.orders()).toHaveLength(0);
  });

  it('price model 3: the confirmation says which offering was chosen', async () => {
    const page = await openItem(flowers);
    await page.submit();
    expect(screen.getByRole('radiogroup', { name: '功德名' })).toHaveAccessibleDescription(
      MERIT_MESSAGES.chooseName,
    );
    await page.user.click(screen.getByRole('radio', { name: /时果供养/ }));
    await page.user.type(screen.getByRole('textbox', { name: '功德芳名' }), '林慧');
    await page.submit();
    const dialog = screen.getByRole('dialog', { name: '订单确认' });
    expect(within(dialog).getByText('供花供果 · 时果供养')).toBeInTheDocument();
    await page.confirm();
    expect(page.orders()[0]?.body).toMatchObject({ meritItemList: [{ GD_ITEM: 'GH02', GDJ: 100 }] });
  });

  it('a form problem is shown beside its field and focused; no toast, no order', async () => {
    const page = await openItem(lamp);
    await page.submit();
    const donor = screen.getByRole('textbox', { name: '功德芳名' });
    expect(donor).toHaveAttribute('aria-invalid', 'true');
    expect(donor).toHaveAccessibleDescription(MERIT_MESSAGES.donorEmpty);
    expect(donor).toHaveFocus();
    expect(toastQueue.visibleToasts).toHaveLength(0);
    await page.user.type(donor, '林');
    expect(donor).not.toHaveAttribute('aria-invalid', 'true');
    expect(page.orders()).toHaveLength(0);
  });

  it('logged out with a form problem: the problem first, no login dialog', async () => {
    const page = await openItem(lamp, { loggedIn: false });
    await page.submit();
    expect(screen.getByRole('textbox', { name: '功德芳名' })).toHaveAccessibleDescription(
      MERIT_MESSAGES.donorEmpty,
    );
    expect(screen.queryByRole('dialog', { name: '验证码登录' })).not.toBeInTheDocument();
  });

  it('logged out: the login dialog says why, and after logging in the confirmation opens by itself', async () => {
    const page = await openItem(lamp, { loggedIn: false });
    await page.user.type(screen.getByRole('textbox', { name: '功德芳名' }), '林慧');
    await page.submit();
    const login = screen.getByRole('dialog', { name: '验证码登录' });
    expect(within(login).getByRole('alert')).toHaveTextContent(MERIT_MESSAGES.loginFirst);
    await page.user.type(within(login).getByRole('textbox', { name: '手机号' }), session.userInfo.phone);
    await page.user.type(within(login).getByRole('textbox', { name: '验证码' }), '123456');
    await page.user.click(within(login).getByRole('button', { name: '登录' }));
    await settle(10);
    const dialog = screen.getByRole('dialog', { name: '订单确认' });
    expect(within(dialog).getByText('林慧')).toBeInTheDocument();
    expect(page.orders()).toHaveLength(0);
  });

  it('a refused order shows the server’s message in the confirmation (no toast); the retry sends the same key', async () => {
    const page = await openItem(lamp, {
      orderAnswers: [refused(400, '该功德项目暂停供养，请稍后再试'), portalOk(prePay)],
    });
    await page.user.type(screen.getByRole('textbox', { name: '功德芳名' }), '林慧');
    await page.submit();
    await page.confirm();
    const dialog = screen.getByRole('dialog', { name: '订单确认' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('该功德项目暂停供养，请稍后再试');
    expect(within(dialog).getByRole('button', { name: '确认支付' })).toBeEnabled();
    expect(toastQueue.visibleToasts).toHaveLength(0);
    await page.confirm();
    const keys = page.orders().map((o) => o.headers.get(IDEMPOTENCY_HEADER));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(screen.getByRole('dialog', { name: '请扫码支付' })).toBeInTheDocument();
  });

  it('a new confirmation sends a new key', async () => {
    const page = await openItem(lamp);
    await page.user.type(screen.getByRole('textbox', { name: '功德芳名' }), '林慧');
    await page.submit();
    await page.user.click(
      within(screen.getByRole('dialog', { name: '订单确认' })).getByRole('button', { name: '取消' }),
    );
    await settle();
    await page.submit();
    await page.confirm();
    await page.user.click(
      within(screen.getByRole('dialog', { name: '请扫码支付' })).getByRole('button', { name: /^关闭$/ }),
    );
    await settle();
    await page.submit();
    await page.confirm();
    const keys = page.orders().map((o) => o.headers.get(IDEMPOTENCY_HEADER));
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });
});
