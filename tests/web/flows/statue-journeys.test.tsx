import { IDEMPOTENCY_HEADER } from '@contract/payment';
import { SEAT_MESSAGES, type SeatMap } from '@contract/seats';
import { STATUE_MESSAGES } from '@contract/statue';
import { STATUE_RESERVATION_NOTICE } from '@contract/statue-form';
import { screen, within } from '@testing-library/react';
import { sessionStore } from '@web/api/session';
import { OWN_SEAT_NOTE } from '@web/shared/seat-map/seat-cell';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, fakeApi, portalOk, refused } from '../../support/fake-api';
import { renderApp } from '../../support/render-app';
import { session } from '../../support/statecharts/fixtures/auth-dialog';
import { statuePrePay, statueReserved } from '../../support/statecharts/fixtures/statue-order';
import { settle } from '../../support/statecharts/run-on-view';
import {
  makeChooser,
  otherGroup,
  STATUE_ORDER_PATH,
  seatCell,
  statueForm,
  statueHash,
  statueRoutes,
  statueSeatMap,
  waitForMap,
} from './statue-order.flow';
import { waitForSubmit } from './tablet-booking.flow';

const MODEL_AREA = '1|1|A';

/** The 大殿内 page, logged in; orders answer in turn; `mapFor` may change a map once an order is refused. */
const openStatue = async (
  { orderAnswers = [portalOk(statuePrePay)], mapFor } = {} as {
    orderAnswers?: FakeAnswer[];
    mapFor?: (area: string) => SeatMap;
  },
) => {
  const maps: string[] = [];
  const api = fakeApi({
    ...statueRoutes(maps, mapFor),
    [`POST ${STATUE_ORDER_PATH}`]: () => orderAnswers.shift() ?? portalOk(statuePrePay),
    'POST /portal/rs/payapi/v1/pay/payResult': () => ({ body: { code: 0, msg: '0' } }),
  });
  sessionStore.save(session);
  const app = renderApp(statueHash);
  await waitForSubmit();
  const { user } = app;
  // 提交 and the choices within the form (see statueForm).
  const form = statueForm();
  const choose = makeChooser(user, form);
  const { submit: submitButton } = form;
  const dialog = (name: string) => screen.getByRole('dialog', { name });
  const isOpen = (name: string) => screen.queryByRole('dialog', { name }) !== null;
  /** Everything but the seat, 年供 unless told; the model group's map in view. */
  const chooseAll = async (gfType: '1' | '2' = '2') => {
    await choose.material();
    await choose.statue();
    await choose.term(gfType);
    await choose.group();
    await settle();
    await waitForMap();
  };
  const clickSeat = async (position: string) => {
    await user.click(seatCell(position));
    await settle();
  };
  const submit = async () => {
    await user.click(submitButton());
    await settle(10);
  };
  const press = async (dialogName: string, button: string) => {
    await user.click(within(dialog(dialogName)).getByRole('button', { name: button }));
    await settle(10);
  };
  const typeDonor = (donor = '陈慧') =>
    user.type(within(dialog('订单确认')).getByRole('textbox', { name: '功德芳名' }), donor);
  const orders = () => api.calls.filter((c) => c.path === STATUE_ORDER_PATH);
  const selectedSeats = () => screen.queryAllByRole('gridcell', { name: /已选$/ });
  return {
    ...app,
    maps,
    choose,
    chooseAll,
    clickSeat,
    submit,
    press,
    typeDonor,
    dialog,
    isOpen,
    orders,
    selectedSeats,
    submitButton,
  };
};

describe('statue enshrinement through the page', { timeout: 30_000 }, () => {
  beforeEach(() =>
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] }),
  );
  afterEach(() => {
    vi.useRealTimers();
    sessionStore.clear();
  });

  it('another seat releases the first: it is 可选 again and the order carries the second', async () => {
    const page = await openStatue();
    await page.chooseAll();
    await page.clickSeat('3_10');
    expect(seatCell('3_10')).toHaveAccessibleName('第3排第10号 已选');
    await page.clickSeat('3_12');
    expect(seatCell('3_10')).toHaveAccessibleName('第3排第10号 可选');
    expect(seatCell('3_12')).toHaveAccessibleName('第3排第12号 已选');
    expect(page.selectedSeats()).toHaveLength(1);
    expect(screen.getByText('已选：第3排第12号')).toBeInTheDocument();

    await page.submit();
    expect(page.dialog('订单确认')).toHaveTextContent('大殿内·东侧 第3排第12号');
    await page.typeDonor();
    await page.press('订单确认', '确定');
    expect(page.orders()).toHaveLength(1);
    expect(page.orders()[0]?.headers.get(IDEMPOTENCY_HEADER)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(page.orders()[0]?.body).toMatchObject({
      POSITION: '3_12',
      FX_ZB: '第3排第12号',
      GF_TYPE: '2',
      GFJ_TOTAL: 3000,
      GD_NAMES: '陈慧',
    });
  });

  it('another group is another map: it is asked for, nothing is chosen on it, and 提交 says what is missing', async () => {
    const page = await openStatue();
    await page.chooseAll();
    await page.clickSeat('3_12');
    expect(page.selectedSeats()).toHaveLength(1);

    await page.choose.group(otherGroup);
    await settle();
    await waitForMap();
    expect(page.maps).toEqual([MODEL_AREA, '1|1|B']);
    expect(page.selectedSeats()).toHaveLength(0);
    expect(seatCell('3_12')).toHaveAccessibleName('第3排第12号 可选');
    expect(screen.getByText('未选择座位')).toBeInTheDocument();

    await page.submit();
    expect(screen.getByRole('alert')).toHaveTextContent(STATUE_MESSAGES.incomplete);
    expect(page.isOpen('订单确认')).toBe(false);
    expect(page.orders()).toHaveLength(0);
  });

  it('a choice or the seat missing: the message beside 提交, no dialog, nothing sent', async () => {
    const page = await openStatue();
    // No material: no map either.
    await page.choose.statue();
    await page.choose.term('2');
    await page.choose.group();
    await settle();
    expect(screen.getByText('请先选择位置')).toBeInTheDocument();
    expect(page.maps).toEqual([]);
    await page.submit();
    const submitBox = page.submitButton().parentElement as HTMLElement;
    expect(within(submitBox).getByRole('alert')).toHaveTextContent(STATUE_MESSAGES.incomplete);

    // Another choice clears the message; everything but the seat says it again.
    await page.choose.material();
    await settle();
    await waitForMap();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await page.submit();
    expect(within(submitBox).getByRole('alert')).toHaveTextContent(STATUE_MESSAGES.incomplete);

    for (const name of ['温馨提示', '订单确认', '验证码登录']) expect(page.isOpen(name)).toBe(false);
    expect(page.orders()).toHaveLength(0);

    // Choosing the seat answers the message: it goes (a taken seat is no choice and leaves it).
    await page.clickSeat('3_11');
    expect(within(submitBox).getByRole('alert')).toHaveTextContent(STATUE_MESSAGES.incomplete);
    await page.clickSeat('3_12');
    expect(within(submitBox).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('every choice the order needs is marked required (*), the seat too; statues read in Chinese only', async () => {
    await openStatue();
    const form = screen.getByRole('region', { name: '供奉选择' });
    expect(within(form).getByText('带 * 的为必填项')).toBeInTheDocument();
    expect(within(form).getAllByRole('radiogroup')).toHaveLength(4);
    for (const name of ['材质类型', '佛像类型', '供奉期限', '佛像方位']) {
      const group = within(form).getByRole('radiogroup', { name });
      expect(group).toHaveAttribute('aria-required', 'true');
      expect(group).toHaveTextContent(`${name}*`);
    }
    expect(within(form).getByRole('heading', { name: '供奉位置' })).toHaveTextContent('供奉位置*');
    const statue = within(form).getByRole('radio', { name: '药师佛' });
    expect(statue.closest('label')).toHaveTextContent(/^药师佛$/);
    expect(within(form).queryByText('Medicine Buddha')).not.toBeInTheDocument();
  });

  it('常供 ¥12,000: 温馨提示, then 预定成功 with no QR; its 确定 asks the map again', async () => {
    const page = await openStatue({ orderAnswers: [portalOk(statueReserved, '办理成功')] });
    await page.chooseAll('1');
    await page.clickSeat('3_12');
    await page.submit();
    expect(page.dialog('温馨提示')).toHaveTextContent(STATUE_RESERVATION_NOTICE);
    expect(page.isOpen('订单确认')).toBe(false);
    await page.press('温馨提示', '确定');
    expect(page.dialog('订单确认')).toHaveTextContent('¥12,000');
    await page.typeDonor();
    await page.press('订单确认', '确定');
    expect(page.orders()[0]?.body).toMatchObject({ GF_TYPE: '1', GFJ_TOTAL: 12000, POSITION: '3_12' });

    expect(page.dialog('预定成功')).toHaveTextContent(SEAT_MESSAGES.reserved);
    // The QR would open 2 s after an online answer: a reservation has none.
    await vi.advanceTimersByTimeAsync(3000);
    await settle();
    expect(page.isOpen('请扫码支付')).toBe(false);
    expect(page.isOpen('订单确认')).toBe(false);

    const asked = page.maps.length;
    await page.press('预定成功', '确定');
    await vi.waitFor(() => expect(page.maps.length).toBeGreaterThan(asked));
    expect(page.isOpen('预定成功')).toBe(false);
    expect(page.submitButton()).toBeEnabled();
    expect(page.orders()).toHaveLength(1);
  });

  it('the seat taken meanwhile: 该位置已被选择 in the dialog, the map asked again shows it taken', async () => {
    let refusedOnce = false;
    const page = await openStatue({
      orderAnswers: [refused(409, SEAT_MESSAGES.taken)],
      mapFor: () => statueSeatMap(refusedOnce),
    });
    await page.chooseAll();
    await page.clickSeat('3_12');
    await page.submit();
    await page.typeDonor();
    refusedOnce = true;
    const asked = page.maps.length;
    await page.press('订单确认', '确定');

    const order = page.dialog('订单确认');
    expect(within(order).getByRole('alert')).toHaveTextContent(SEAT_MESSAGES.taken);
    expect(within(order).getByRole('button', { name: '确定' })).toBeEnabled();
    await vi.waitFor(() => expect(page.maps.length).toBeGreaterThan(asked));
    await settle();
    // Behind the dialog the map now says the seat is taken, and it is no longer the believer's.
    expect(seatCell('3_12', true)).toHaveAccessibleName('第3排第12号 已预定');
    expect(screen.queryAllByRole('gridcell', { name: /已选$/, hidden: true })).toHaveLength(0);

    await page.press('订单确认', '取消');
    expect(screen.getByText('未选择座位')).toBeInTheDocument();
    await page.submit();
    expect(screen.getByRole('alert')).toHaveTextContent(STATUE_MESSAGES.incomplete);
    expect(page.orders()).toHaveLength(1);
  });

  it('keyboard only: Tab reaches the map on a free seat, arrows move, Enter chooses', async () => {
    const page = await openStatue();
    await page.chooseAll();
    const { user } = page;
    // One tab stop for the whole map (roving tabindex): the first free seat.
    for (let i = 0; i < 20 && document.activeElement?.getAttribute('role') !== 'gridcell'; i += 1)
      await user.tab();
    expect(document.activeElement).toBe(seatCell('3_10'));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(seatCell('3_11'));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(seatCell('3_12'));
    // A taken seat takes no Enter; a free one does.
    await user.keyboard('{ArrowLeft}{Enter}');
    await settle();
    expect(page.selectedSeats()).toHaveLength(0);
    await user.keyboard('{ArrowRight}{Enter}');
    await settle();
    expect(seatCell('3_12')).toHaveAccessibleName('第3排第12号 已选');
    expect(document.activeElement).toBe(seatCell('3_12'));
    expect(screen.getByText('已选：第3排第12号')).toBeInTheDocument();
  });

  it('a QR closed unpaid: back in 订单确认 with 功德芳名 and 备注; its seat stays theirs; 确定 asks for the same order', async () => {
    let closed = false;
    const page = await openStatue({ mapFor: () => statueSeatMap(closed) });
    await page.chooseAll();
    await page.clickSeat('3_12');
    await page.submit();
    await page.typeDonor();
    await page.user.type(
      within(page.dialog('订单确认')).getByRole('textbox', { name: '备注（选填）' }),
      '阖家平安',
    );
    await page.press('订单确认', '确定');
    await vi.advanceTimersByTimeAsync(2000);
    const qr = await vi.waitFor(() => page.dialog('请扫码支付'));
    // The unpaid order now holds 3_12: the map asked again says 已预定.
    closed = true;
    const asked = page.maps.length;
    await page.user.click(within(qr).getByRole('button', { name: /^关闭$/ }));
    await settle(10);
    await vi.waitFor(() => expect(page.maps.length).toBeGreaterThan(asked));
    await settle();
    expect(page.isOpen('请扫码支付')).toBe(false);
    const order = page.dialog('订单确认');
    expect(within(order).getByRole('textbox', { name: '功德芳名' })).toHaveValue('陈慧');
    expect(within(order).getByRole('textbox', { name: '备注（选填）' })).toHaveValue('阖家平安');
    // Behind the dialog the seat is still chosen, said to be theirs.
    expect(seatCell('3_12', true)).toHaveAccessibleName(`第3排第12号 已选${OWN_SEAT_NOTE}`);

    await page.press('订单确认', '确定');
    expect(page.orders()).toHaveLength(2);
    expect(page.orders()[1]?.body).toEqual(page.orders()[0]?.body);
    expect(page.orders()[1]?.headers.get(IDEMPOTENCY_HEADER)).toBe(
      page.orders()[0]?.headers.get(IDEMPOTENCY_HEADER),
    );
    expect(page.orders()[1]?.body).toMatchObject({ POSITION: '3_12', GD_NAMES: '陈慧', REMARK: '阖家平安' });
  });
});
