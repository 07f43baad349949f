import type { Session } from '@contract/auth';
import { CEREMONY_MESSAGES, CEREMONY_NOTICES, CEREMONY_RULES } from '@contract/ceremony';
import type { SiteAnswer } from '@contract/site';
import { CEREMONY_SYSTEM_CLAUSES } from '@contract/site-notices';
import { modelCeremony } from '@machines/index';
import { defaultSiteConfig } from '@server/db/seed/site';
import { screen, within } from '@testing-library/react';
import { sessionStore } from '@web/api/session';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, fakeApi, ok, portalOk, refused } from '../../support/fake-api';
import { renderApp } from '../../support/render-app';
import { session } from '../../support/statecharts/fixtures/auth-dialog';
import { CEREMONY_DATE, ceremonyPrePay } from '../../support/statecharts/fixtures/ceremony-booking';
import { settle } from '../../support/statecharts/run-on-view';
import {
  bookingField,
  CEREMONY_CALENDAR_PATH,
  CEREMONY_NOW,
  CEREMONY_ORDER_PATH,
  ceremonyCalendar,
  ceremonyHash,
  dayButton,
  OTHER_SLOT,
  pickTime,
  SLOT,
  submitButton,
  waitForCalendar,
} from './ceremony-booking.flow';

const CAUSE = '祈愿先父往生净土';
/** 请选择时间: an alert under the calendar. */
const timeAlerts = () =>
  screen.queryAllByRole('alert').filter((a) => a.textContent === CEREMONY_MESSAGES.chooseTime);

/** The model ceremony's booking page, logged in or not; orders answer in turn. */
const openCeremony = async (
  {
    loggedIn = true,
    orderAnswers = [portalOk(ceremonyPrePay)] as FakeAnswer[],
    login = session,
    site = {},
  } = {} as {
    loggedIn?: boolean;
    orderAnswers?: FakeAnswer[];
    login?: Session;
    /** What the site settings say beyond the seed's (the temple's clauses of 佛事预约须知). */
    site?: Partial<SiteAnswer>;
  },
) => {
  vi.setSystemTime(CEREMONY_NOW);
  const api = fakeApi({
    'GET /api/yxs-app/site/config': () => ok({ ...defaultSiteConfig, demo: false, ...site }),
    'GET /portal/rs/fsapi/selectByFsType': () => portalOk(modelCeremony),
    [`GET ${CEREMONY_CALENDAR_PATH}`]: ceremonyCalendar,
    [`POST ${CEREMONY_ORDER_PATH}`]: () => orderAnswers.shift() ?? portalOk(ceremonyPrePay),
    'POST /portal/rs/payapi/v1/pay/payResult': () => ({ body: { code: 0, msg: '0' } }),
    'POST /api/login/mobile': () => ok(login, '登录成功'),
  });
  if (loggedIn) sessionStore.save(session);
  const app = renderApp(ceremonyHash);
  await vi.waitFor(() => submitButton(), { timeout: 5000 });
  await waitForCalendar();
  const { user } = app;
  const dialog = (name: string | RegExp) => screen.getByRole('dialog', { name });
  const isOpen = (name: string) => screen.queryByRole('dialog', { name }) !== null;
  const order = () => dialog('订单确认');
  const choose = async ({ tier = true, time = true } = {}) => {
    await user.click(within(bookingField('tabletType')).getByRole('radio', { name: /^往生莲位/ }));
    if (tier) await user.click(within(bookingField('tier')).getByRole('radio', { name: /^一堂/ }));
    if (time) await pickTime(user, CEREMONY_DATE, SLOT);
  };
  const submit = async () => {
    await user.click(submitButton());
    await settle();
  };
  const press = async (dialogName: string, button: string) => {
    await user.click(within(dialog(dialogName)).getByRole('button', { name: button }));
    await settle(10);
  };
  /** 提交 and 确定 in 温馨提示: the order dialog is open. */
  const toOrder = async () => {
    await submit();
    await press('温馨提示', '确定');
  };
  /** An entry (十方法界一切众生, 阳上 张小明), the cause and the agreement, in the order dialog. */
  const fillOrder = async () => {
    await user.click(within(order()).getByRole('button', { name: '添加' }));
    const entry = dialog(/往生牌位$/);
    const seats = within(entry).getByRole('group', { name: '往生牌位一' });
    const seat = within(seats).getByRole('combobox', { name: '牌位类型' });
    await user.selectOptions(seat, '十方法界一切众生');
    await user.type(within(entry).getByRole('textbox', { name: '阳上人一' }), '张小明');
    await user.click(within(entry).getByRole('button', { name: '确定' }));
    await settle();
    // Pasted: one change, not a render of the whole page (the calendar's 42 days) per character;
    // typing the cause a character at a time is the view paths' (cause.change).
    await user.click(within(order()).getByRole('textbox', { name: /缘由/ }));
    await user.paste(CAUSE);
    await user.click(within(order()).getByRole('checkbox', { name: /我已阅读并同意/ }));
  };
  /** What the order dialog holds: entries, cause, agreement. */
  const orderHolds = () => ({
    entries: within(order()).queryAllByRole('button', { name: /^编辑第/ }).length,
    cause: (within(order()).getByRole('textbox', { name: /缘由/ }) as HTMLTextAreaElement).value,
    agreed: (within(order()).getByRole('checkbox', { name: /我已阅读并同意/ }) as HTMLInputElement).checked,
  });
  const orders = () => api.calls.filter((c) => c.path === CEREMONY_ORDER_PATH);
  const calendarAsks = () => api.calls.filter((c) => c.path === CEREMONY_CALENDAR_PATH).length;
  return {
    ...app,
    dialog,
    isOpen,
    order,
    choose,
    submit,
    press,
    toOrder,
    fillOrder,
    orderHolds,
    orders,
    calendarAsks,
  };
};

// Each journey renders the lunar calendar and walks several dialogs: seconds each, more on a busy machine.
describe('ceremony booking through the page', { timeout: 30_000 }, () => {
  beforeEach(() =>
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] }),
  );
  afterEach(() => {
    vi.useRealTimers();
    sessionStore.clear();
  });

  it('nothing chosen: 请确认选项 beside the tablet type, 请选择时间 under the calendar; the first is focused', async () => {
    const page = await openCeremony({ loggedIn: false });
    await page.submit();
    const tablets = screen.getByRole('radiogroup', { name: '牌位类型' });
    expect(tablets).toHaveTextContent(CEREMONY_MESSAGES.unknownTier);
    expect(tablets).toContainElement(document.activeElement as HTMLElement);
    // The tier waits for the tablet type: one message, beside the first field.
    expect(screen.getAllByText(CEREMONY_MESSAGES.unknownTier)).toHaveLength(1);
    expect(screen.getByText('请先选择牌位类型')).toBeInTheDocument();
    const [time] = timeAlerts();
    expect(time?.parentElement).toContainElement(screen.getByRole('grid'));
    // A form problem comes before the login: no login dialog, nothing sent.
    expect(page.isOpen('验证码登录')).toBe(false);
    expect(page.orders()).toHaveLength(0);
  });

  it('the tablet type chosen: 请确认选项 beside the tier, focused, and 请选择时间; choosing a time takes its message away', async () => {
    const page = await openCeremony();
    await page.choose({ tier: false, time: false });
    await page.submit();
    const tiers = screen.getByRole('radiogroup', { name: '数量' });
    expect(tiers).toHaveTextContent(CEREMONY_MESSAGES.unknownTier);
    expect(tiers).toHaveAttribute('aria-invalid', 'true');
    expect(tiers).toContainElement(document.activeElement as HTMLElement);
    expect(timeAlerts()).toHaveLength(1);
    await pickTime(page.user, CEREMONY_DATE, SLOT);
    await settle();
    expect(timeAlerts()).toHaveLength(0);
    expect(tiers).toHaveTextContent(CEREMONY_MESSAGES.unknownTier);
    expect(page.isOpen('温馨提示')).toBe(false);
  });

  it('only the time missing: 请选择时间, focus on the calendar’s day; a date alone keeps the message', async () => {
    const page = await openCeremony();
    await page.choose({ time: false });
    await page.submit();
    expect(timeAlerts()).toHaveLength(1);
    expect(screen.getByRole('grid')).toContainElement(document.activeElement as HTMLElement);
    await page.user.click(dayButton('2026-12-08'));
    await settle();
    expect(timeAlerts()).toHaveLength(1);
  });

  it('温馨提示 取消: back on the screen with the choices kept; nothing sent', async () => {
    const page = await openCeremony();
    await page.choose();
    await page.submit();
    expect(page.dialog('温馨提示')).toHaveTextContent(CEREMONY_NOTICES.hint);
    await page.press('温馨提示', '取消');
    expect(page.isOpen('温馨提示')).toBe(false);
    expect(page.isOpen('订单确认')).toBe(false);
    expect(submitButton()).toBeEnabled();
    expect(screen.getByText(new RegExp(`已选：${CEREMONY_DATE} ${SLOT}`))).toBeInTheDocument();
    expect(page.orders()).toHaveLength(0);
  });

  it('佛事预约须知: the deposit’s clauses as the server applies them, then the temple’s own from the site settings', async () => {
    const own = ['佛事当日请提前半小时到客堂报到。', '请勿携带香烛入殿。'];
    const page = await openCeremony({ site: { ceremonyRules: own } });
    await page.choose();
    await page.toOrder();
    await page.user.click(within(page.order()).getByRole('button', { name: '《佛事预约须知》' }));
    const rules = page.dialog('佛事预约须知');
    const items = within(rules)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([...CEREMONY_SYSTEM_CLAUSES, ...own]);
    expect(items[0]).toContain(`定金${CEREMONY_RULES.money}元`);
    await page.press('佛事预约须知', '同意');
    expect(page.orderHolds().agreed).toBe(true);
  });

  it('订单确认 取消: the entries, the cause and the agreement go; the dialog opens again empty', async () => {
    const page = await openCeremony();
    await page.choose();
    await page.toOrder();
    await page.fillOrder();
    expect(page.orderHolds()).toEqual({ entries: 1, cause: CAUSE, agreed: true });
    await page.press('订单确认', '取消');
    expect(page.isOpen('订单确认')).toBe(false);
    await page.toOrder();
    expect(page.orderHolds()).toEqual({ entries: 0, cause: '', agreed: false });
    expect(within(page.order()).getByText('尚未添加明细，请点击“添加”。')).toBeInTheDocument();
    expect(page.orders()).toHaveLength(0);
  });

  it('预约须知 取消: back in the order dialog with the entry, the cause and the agreement; nothing sent', async () => {
    const page = await openCeremony();
    await page.choose();
    await page.toOrder();
    await page.fillOrder();
    await page.press('订单确认', '确定');
    expect(page.dialog('预约须知')).toHaveTextContent(CEREMONY_NOTICES.reservation);
    await page.press('预约须知', '取消');
    expect(page.isOpen('预约须知')).toBe(false);
    expect(page.orderHolds()).toEqual({ entries: 1, cause: CAUSE, agreed: true });
    expect(page.orders()).toHaveLength(0);
  });

  it('logged out: 提交 asks for the login with why; logged in, 温馨提示 opens and the order carries the new phone', async () => {
    const other = '13900001111';
    const page = await openCeremony({
      loggedIn: false,
      login: { ...session, userInfo: { ...session.userInfo, phone: other } },
    });
    await page.choose();
    await page.submit();
    const login = page.dialog('验证码登录');
    expect(within(login).getByRole('alert')).toHaveTextContent(CEREMONY_MESSAGES.loginFirst);
    expect(page.isOpen('温馨提示')).toBe(false);
    await page.user.type(within(login).getByRole('textbox', { name: '手机号' }), other);
    await page.user.type(within(login).getByRole('textbox', { name: '验证码' }), '123456');
    await page.user.click(within(login).getByRole('button', { name: '登录' }));
    await settle(10);
    expect(page.isOpen('验证码登录')).toBe(false);
    await page.press('温馨提示', '确定');
    await page.fillOrder();
    await page.press('订单确认', '确定');
    await page.press('预约须知', '确定，支付定金');
    const [sent] = page.orders();
    expect(sent?.body).toMatchObject({
      MOBILE: other,
      FS_DATE: CEREMONY_DATE,
      FS_TIME: SLOT,
      FS_CAUSE: CAUSE,
      WS_YS: '张小明',
    });
    expect(page.dialog('请扫码支付')).toBeInTheDocument();
  });

  it('the slot sold out meanwhile: the server’s words in the order dialog, all kept, and the calendar asked again', async () => {
    const page = await openCeremony({ orderAnswers: [refused(400, CEREMONY_MESSAGES.soldOut)] });
    await page.choose();
    await page.toOrder();
    await page.fillOrder();
    await page.press('订单确认', '确定');
    const asked = page.calendarAsks();
    await page.press('预约须知', '确定，支付定金');
    expect(within(page.order()).getByRole('alert')).toHaveTextContent(CEREMONY_MESSAGES.soldOut);
    expect(page.orderHolds()).toEqual({ entries: 1, cause: CAUSE, agreed: true });
    expect(page.isOpen('预约须知')).toBe(false);
    expect(page.isOpen('请扫码支付')).toBe(false);
    await vi.waitFor(() => expect(page.calendarAsks()).toBe(asked + 1));
    expect(page.orders()).toHaveLength(1);
  });

  it('sold out, 取消 and another time: the order dialog opens again with the entry and the cause', async () => {
    const page = await openCeremony({ orderAnswers: [refused(409, CEREMONY_MESSAGES.soldOut)] });
    await page.choose();
    await page.toOrder();
    await page.fillOrder();
    await page.press('订单确认', '确定');
    await page.press('预约须知', '确定，支付定金');
    expect(within(page.order()).getByRole('alert')).toHaveTextContent(CEREMONY_MESSAGES.soldOut);
    await page.press('订单确认', '取消');
    expect(page.isOpen('订单确认')).toBe(false);
    await pickTime(page.user, CEREMONY_DATE, OTHER_SLOT);
    await page.toOrder();
    expect(page.order()).toHaveTextContent(`${CEREMONY_DATE} ${OTHER_SLOT}`);
    expect(page.orderHolds()).toEqual({ entries: 1, cause: CAUSE, agreed: false });
    expect(within(page.order()).queryByRole('alert')).not.toBeInTheDocument();
    await page.user.click(within(page.order()).getByRole('checkbox', { name: /我已阅读并同意/ }));
    await page.press('订单确认', '确定');
    await page.press('预约须知', '确定，支付定金');
    expect(page.orders()).toHaveLength(2);
    expect(page.orders()[1]?.body).toMatchObject({ FS_TIME: OTHER_SLOT, FS_CAUSE: CAUSE, WS_YS: '张小明' });
    expect(page.orders()[1]?.headers.get('Idempotency-Key')).not.toBe(
      page.orders()[0]?.headers.get('Idempotency-Key'),
    );
  });

  it('the QR closed unpaid: back in the order dialog with all kept; 确定 again asks for the same order', async () => {
    const page = await openCeremony();
    await page.choose();
    await page.toOrder();
    await page.fillOrder();
    await page.press('订单确认', '确定');
    await page.press('预约须知', '确定，支付定金');
    const qr = await vi.waitFor(() => page.dialog('请扫码支付'));
    const asked = page.calendarAsks();
    await page.user.click(within(qr).getByRole('button', { name: /^关闭$/ }));
    await settle(10);
    expect(page.isOpen('请扫码支付')).toBe(false);
    expect(page.orderHolds()).toEqual({ entries: 1, cause: CAUSE, agreed: true });
    await vi.waitFor(() => expect(page.calendarAsks()).toBe(asked + 1));
    await page.press('订单确认', '确定');
    await page.press('预约须知', '确定，支付定金');
    const [first, again] = page.orders();
    expect(again?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'));
    // The same booking: only the sending instant (JF_DATE) may differ.
    const unstamped = (body: unknown) => ({ ...(body as object), JF_DATE: null });
    expect(unstamped(again?.body)).toEqual(unstamped(first?.body));
    await vi.waitFor(() => page.dialog('请扫码支付'));
  });

  it('a double click on 提交 opens 温馨提示 once and leaves it open', async () => {
    const page = await openCeremony();
    await page.choose();
    const submit = submitButton();
    await page.user.click(submit);
    await settle(10);
    // The second click lands once 温馨提示 is open: on its overlay, where 提交 was.
    const overlay = page.dialog('温馨提示').closest('.fixed') as HTMLElement;
    await page.user.click(overlay);
    await settle(10);
    expect(page.dialog('温馨提示')).toHaveTextContent(CEREMONY_NOTICES.hint);
    await page.press('温馨提示', '确定');
    expect(page.isOpen('订单确认')).toBe(true);
    expect(page.orders()).toHaveLength(0);
  });
});
