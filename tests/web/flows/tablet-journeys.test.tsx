import { IDEMPOTENCY_HEADER } from '@contract/payment';
import { SEAT_MESSAGES, SEAT_STATUS } from '@contract/seats';
import { TABLET_MESSAGES } from '@contract/tablet';
import { TABLET_NOTICES } from '@contract/tablet-form';
import { screen, within } from '@testing-library/react';
import { sessionStore } from '@web/api/session';
import { OWN_SEAT_NOTE } from '@web/shared/seat-map/seat-cell';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, fakeApi, ok, portalOk, refused } from '../../support/fake-api';
import { renderApp } from '../../support/render-app';
import { session } from '../../support/statecharts/fixtures/auth-dialog';
import { modelSeatMap, modelSeatMapTaken } from '../../support/statecharts/fixtures/seat-selection';
import {
  modelTabletCategories,
  TABLET_PRICES,
  tabletPrePay,
  tabletReserved,
} from '../../support/statecharts/fixtures/tablet-booking';
import { settle } from '../../support/statecharts/run-on-view';
import {
  TABLET_ORDER_PATH,
  TABLET_SEATS_PATH,
  tabletHash,
  tabletPage,
  tabletRoutes,
  waitForSubmit,
} from './tablet-booking.flow';

/** The 小牌位 page, logged in or not; orders and seat maps answer in turn (then the model's). */
const openTablets = async (
  {
    loggedIn = true,
    orderAnswers = [portalOk(tabletPrePay)] as FakeAnswer[],
    maps = [] as (typeof modelSeatMap)[],
    paid = true,
    hash = tabletHash,
  } = {} as {
    loggedIn?: boolean;
    orderAnswers?: FakeAnswer[];
    maps?: (typeof modelSeatMap)[];
    paid?: boolean;
    hash?: string;
  },
) => {
  const api = fakeApi({
    ...tabletRoutes,
    [`GET ${TABLET_SEATS_PATH}`]: async (request) => {
      const answer = (await tabletRoutes[`GET ${TABLET_SEATS_PATH}`]?.(request)) as FakeAnswer;
      const map = maps.shift();
      return map ? portalOk({ ...(answer.body as { data: object }).data, pwOrderDataMap: map }) : answer;
    },
    [`POST ${TABLET_ORDER_PATH}`]: () => orderAnswers.shift() ?? portalOk(tabletPrePay),
    'POST /portal/rs/payapi/v1/pay/payResult': () => ({ body: { code: 0, msg: paid ? '1' : '0' } }),
    'POST /api/login/mobile': () => ok(session, '登录成功'),
  });
  if (loggedIn) sessionStore.save(session);
  const app = renderApp(hash);
  const { user } = app;
  // Queries within the part of the page they concern (see tabletPage).
  const { radio, cell, named, submit: submitButton } = tabletPage();
  const dialog = (name: string) => screen.getByRole('dialog', { name });
  const isOpen = (name: string) => screen.queryByRole('dialog', { name }) !== null;
  const order = () => dialog('订单确认');
  const choose = async ({ category = '延生禄位', group = '北', seat = true } = {}) => {
    if (category) await user.click(radio(category));
    await user.click(radio('一层'));
    await user.click(radio(group));
    await settle(10);
    if (seat) await user.click(cell(/^第1排第2号 /));
  };
  const submit = async () => {
    await user.click(submitButton());
    await settle(10);
  };
  const press = async (dialogName: string, button: string) => {
    await user.click(within(dialog(dialogName)).getByRole('button', { name: button }));
    await settle(10);
  };
  const name = (label: string) => named(order(), label);
  const orders = () => api.calls.filter((c) => c.path === TABLET_ORDER_PATH);
  const seatAsks = () => api.calls.filter((c) => c.path === TABLET_SEATS_PATH).length;
  return {
    ...app,
    dialog,
    isOpen,
    radio,
    cell,
    submitButton,
    order,
    choose,
    submit,
    press,
    name,
    orders,
    seatAsks,
  };
};

describe('memorial tablets through the pages', { timeout: 30_000 }, () => {
  beforeEach(() =>
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] }),
  );
  afterEach(() => {
    vi.useRealTimers();
    sessionStore.clear();
  });

  it('the list shows the types in reverse order; a click remembers it and opens its page', async () => {
    const page = await openTablets({ hash: '#/consecrate' });
    const cards = await vi.waitFor(() => screen.getAllByRole('link', { name: /^(小|大)牌位/ }));
    expect(cards.map((c) => c.textContent?.slice(0, 3))).toEqual(['小牌位', '大牌位']);
    await page.user.click(screen.getByRole('link', { name: /^大牌位/ }));
    await settle(10);
    expect(window.location.hash).toBe('#/consecrateDetail?type=1');
    expect(localStorage.getItem('pwType')).toBe('1');
    page.unmount();
  });

  it('without ?type the remembered type opens; with none the list', async () => {
    localStorage.setItem('pwType', '2');
    const first = await openTablets({ hash: '#/consecrateDetail' });
    await vi.waitFor(() => screen.getByRole('heading', { name: '小牌位', level: 1 }));
    first.unmount();
    localStorage.clear();
    const second = await openTablets({ hash: '#/consecrateDetail' });
    await vi.waitFor(() => expect(window.location.hash).toBe('#/consecrate'));
    second.unmount();
  });

  it('choices, price and names: 请选择类别和位置, the rules beside the fields, then the QR and /success', async () => {
    const page = await openTablets();
    await waitForSubmit();
    await page.submit();
    expect(screen.getByRole('alert')).toHaveTextContent(TABLET_MESSAGES.chooseAll);
    await page.choose({ seat: false });
    expect(screen.getByText(modelTabletCategories[0]?.PARTICULARS ?? '')).toBeInTheDocument();
    expect(screen.getByText('¥2,800')).toBeInTheDocument();
    await page.submit();
    expect(screen.getByRole('alert')).toHaveTextContent(TABLET_MESSAGES.chooseAll);
    // Choosing the seat answers the message: it goes at once, before 提交.
    await page.user.click(page.cell(/^第1排第2号 /));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await page.submit();
    expect(page.order()).toHaveTextContent('一层/北 第1排第2号');
    expect(page.name('供奉人一')).toBeRequired();
    expect(within(page.order()).getByText('供奉人一').closest('label')).toHaveTextContent('供奉人一*');
    expect(within(page.order()).queryByRole('textbox', { name: '阳上人一' })).not.toBeInTheDocument();
    await page.press('订单确认', '确定');
    const first = page.name('供奉人一');
    expect(first).toHaveAccessibleDescription(TABLET_MESSAGES.nameRequired);
    expect(first).toHaveFocus();
    await page.user.type(page.name('供奉人二'), 'Chen1');
    await page.press('订单确认', '确定');
    expect(page.name('供奉人二')).toHaveAccessibleDescription(TABLET_MESSAGES.nameChars);
    await page.user.clear(page.name('供奉人二'));
    await page.user.type(page.name('供奉人二'), '陈大明');
    await page.press('订单确认', '确定');
    expect(page.orders()).toHaveLength(1);
    expect(page.orders()[0]?.body).toMatchObject({
      type: 3,
      FS_TYPE: '1',
      PW_TYPE: '2',
      PW_LOCATION: 1,
      PW_GROUP: 'N',
      POSITION: '1_2',
      PW_PRICE: TABLET_PRICES.online,
      GFJ_TOTAL: TABLET_PRICES.online,
      FHTYPENAME: '延生禄位',
      SP_POSITION: '第1排第2号',
      MOBILE: session.userInfo.phone,
      zzList: [{ FG_ZZ: '陈大明' }],
      jyList: [],
      ysList: [],
    });
    await vi.waitFor(() => page.dialog('请扫码支付'));
    await vi.advanceTimersByTimeAsync(1000);
    await settle(10);
    await vi.waitFor(() => expect(window.location.hash).toBe(`#/success?no=${tabletPrePay.out_trade_no}`));
    page.unmount();
  });

  it('every choice the booking needs is marked required (*), the place too', async () => {
    const page = await openTablets();
    const form = await vi.waitFor(() => screen.getByRole('region', { name: '选择牌位' }));
    expect(within(form).getByText('带 * 的为必填项')).toBeInTheDocument();
    expect(within(form).getByText('区域').parentElement).toHaveTextContent('区域*');
    await page.user.click(page.radio('一层'));
    for (const name of ['类别', '塔层', '区域']) {
      const group = within(form).getByRole('radiogroup', { name });
      expect(group).toHaveAttribute('aria-required', 'true');
      expect(group).toHaveTextContent(`${name}*`);
    }
    expect(within(form).getByRole('heading', { name: '选择位置' })).toHaveTextContent('选择位置*');
    page.unmount();
  });

  it('logged out: 请先登录 in the login dialog, then the order dialog', async () => {
    const page = await openTablets({ loggedIn: false });
    await waitForSubmit();
    await page.choose();
    await page.submit();
    const login = page.dialog('验证码登录');
    expect(within(login).getByRole('alert')).toHaveTextContent(TABLET_MESSAGES.loginFirst);
    await page.user.type(within(login).getByRole('textbox', { name: '手机号' }), session.userInfo.phone);
    await page.user.type(within(login).getByRole('textbox', { name: '验证码' }), '123456');
    await page.user.click(within(login).getByRole('button', { name: '登录' }));
    await settle(10);
    expect(page.isOpen('订单确认')).toBe(true);
    page.unmount();
  });

  it('10000 and above: 温馨提示, order, 预定须知 (取消 keeps the names), 办理成功: 预定成功 and the map asked again', async () => {
    const page = await openTablets({
      orderAnswers: [portalOk(tabletReserved, '办理成功')],
      maps: [modelSeatMap, modelSeatMapTaken],
    });
    await waitForSubmit();
    await page.choose({ category: '往生莲位', group: '东' });
    expect(screen.getByText('¥12,000')).toBeInTheDocument();
    await page.submit();
    expect(page.dialog('温馨提示')).toHaveTextContent(TABLET_NOTICES.hint);
    await page.press('温馨提示', '确定');
    await page.user.type(page.name('供奉人一'), '陈老居士');
    await page.press('订单确认', '确定');
    expect(page.name('阳上人一')).toHaveAccessibleDescription(TABLET_MESSAGES.descendantRequired);
    expect(page.name('阳上人一')).toBeRequired();
    await page.user.type(page.name('阳上人一'), '陈大明');
    await page.press('订单确认', '确定');
    expect(page.dialog('预定须知')).toHaveTextContent(TABLET_NOTICES.reservation);
    await page.press('预定须知', '取消');
    expect(page.name('供奉人一')).toHaveValue('陈老居士');
    expect(page.orders()).toHaveLength(0);
    await page.press('订单确认', '确定');
    await page.press('预定须知', '确定');
    expect(page.orders()[0]?.body).toMatchObject({
      FS_TYPE: '2',
      GFJ_TOTAL: TABLET_PRICES.reserved,
      zzList: [],
      jyList: [{ FG_JY: '陈老居士', BIRTH_DAY: '' }],
      ysList: [{ YS: '陈大明' }],
    });
    expect(page.dialog('预定成功')).toHaveTextContent(SEAT_MESSAGES.reserved);
    const asked = page.seatAsks();
    await page.press('预定成功', '确定');
    expect(page.seatAsks()).toBe(asked + 1);
    expect(page.isOpen('订单确认')).toBe(false);
    expect(page.cell(/^第1排第1号 /)).toHaveAccessibleName(/已预定/);
    page.unmount();
  });

  it('a refusal (该位置已被选择) stays in the order dialog and the map drops the taken place', async () => {
    const page = await openTablets({
      orderAnswers: [refused(409, SEAT_MESSAGES.taken)],
      maps: [
        modelSeatMap,
        {
          ...modelSeatMap,
          seats: modelSeatMap.seats.map((s) =>
            s.POSITION === '1_2' ? { ...s, PW_STATUS: SEAT_STATUS.reserved } : s,
          ),
        },
      ],
    });
    await waitForSubmit();
    await page.choose();
    await page.submit();
    await page.user.type(page.name('供奉人一'), '陈大明');
    await page.press('订单确认', '确定');
    await settle(10);
    expect(within(page.order()).getByText(SEAT_MESSAGES.taken)).toBeInTheDocument();
    expect(page.name('供奉人一')).toHaveValue('陈大明');
    await page.press('订单确认', '取消');
    expect(screen.getByText('未选择座位')).toBeInTheDocument();
    expect(page.cell(/^第1排第2号 /)).toHaveAccessibleName(/已预定/);
    // 取消 cleared the names: the next order dialog starts empty.
    await page.user.click(page.cell(/^第1排第1号 /));
    await page.submit();
    expect(page.name('供奉人一')).toHaveValue('');
    page.unmount();
  });

  it('a QR closed unpaid comes back to 订单确认 with the names typed: the map asked again, nothing paid', async () => {
    const page = await openTablets({ paid: false });
    await waitForSubmit();
    await page.choose();
    await page.submit();
    await page.user.type(page.name('供奉人一'), '陈大明');
    await page.user.type(page.name('供奉人二'), '陈小明');
    await page.press('订单确认', '确定');
    const qr = await vi.waitFor(() => page.dialog('请扫码支付'));
    const asked = page.seatAsks();
    await page.user.click(within(qr).getByRole('button', { name: /^关闭$/ }));
    await settle(10);
    expect(page.isOpen('请扫码支付')).toBe(false);
    expect(page.name('供奉人一')).toHaveValue('陈大明');
    expect(page.name('供奉人二')).toHaveValue('陈小明');
    expect(page.name('供奉人三')).toHaveValue('');
    expect(within(page.order()).getByRole('button', { name: '确定' })).toBeEnabled();
    expect(page.seatAsks()).toBe(asked + 1);
    expect(window.location.hash).toBe(tabletHash);
    expect(page.orders()).toHaveLength(1);
    page.unmount();
  });

  it('a QR closed unpaid keeps the place its booking holds chosen, said to be theirs; 确定 again asks for the same booking', async () => {
    const held = {
      ...modelSeatMap,
      seats: modelSeatMap.seats.map((s) =>
        s.POSITION === '1_2' ? { ...s, PW_STATUS: SEAT_STATUS.reserved } : s,
      ),
    };
    const page = await openTablets({ paid: false, maps: [modelSeatMap, held, held] });
    await waitForSubmit();
    await page.choose();
    await page.submit();
    await page.user.type(page.name('供奉人一'), '陈大明');
    await page.press('订单确认', '确定');
    const qr = await vi.waitFor(() => page.dialog('请扫码支付'));
    await page.user.click(within(qr).getByRole('button', { name: /^关闭$/ }));
    await settle(10);
    // Behind the dialog the place is still theirs.
    expect(page.cell(/^第1排第2号 /, true)).toHaveAccessibleName(`第1排第2号 已选${OWN_SEAT_NOTE}`);

    await page.press('订单确认', '确定');
    expect(page.orders()).toHaveLength(2);
    expect(page.orders()[1]?.body).toEqual(page.orders()[0]?.body);
    expect(page.orders()[1]?.headers.get(IDEMPOTENCY_HEADER)).toBe(
      page.orders()[0]?.headers.get(IDEMPOTENCY_HEADER),
    );
    expect(page.orders()[1]?.body).toMatchObject({ POSITION: '1_2' });
    page.unmount();
  });
});
