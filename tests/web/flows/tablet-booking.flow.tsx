import { IDEMPOTENCY_HEADER } from '@contract/payment';
import { SEAT_MESSAGES, SEAT_STATUS } from '@contract/seats';
import { TABLET_MESSAGES } from '@contract/tablet';
import { TABLET_NOTICES } from '@contract/tablet-form';
import { fireEvent, screen, within } from '@testing-library/react';
import { sessionStore } from '@web/api/session';
import { OWN_SEAT_NOTE } from '@web/shared/seat-map/seat-cell';
import { expect, vi } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { type FakeRoute, fakeApi, heldCalls, portalOk } from '../../support/fake-api';
import { expectAt, renderApp } from '../../support/render-app';
import { session } from '../../support/statecharts/fixtures/auth-dialog';
import { modelSeatMap } from '../../support/statecharts/fixtures/seat-selection';
import {
  MODEL_TABLET_SEAT,
  modelReservedGroup,
  modelTabletCategories,
  modelTabletFloor,
  modelTabletTypes,
  TABLET_PRICES,
  tabletPrePay,
  tabletReserved,
} from '../../support/statecharts/fixtures/tablet-booking';
import { settle, type ViewAdapter } from '../../support/statecharts/run-on-view';
import { endCheckout, PAY_DIALOG } from './checkout-gestures';
import { closeLogin, expectLoginAsked, logIn } from './ordering-gestures';

const PW = '/portal/rs/pw-api/v1/pw';
export const TABLET_ORDER_PATH = '/portal/rs/payapi/v1/pay/prePay';
export const TABLET_SEATS_PATH = `${PW}/getPwSeatData`;
export const tabletHash = '#/consecrateDetail?type=2';

/**
 * The places of a group: the model map (with the model place 已预定 in the group `held`, if
 * any); 东 costs ¥12,000 (a reservation), the others ¥2,800.
 */
export const tabletSeatsHeld =
  (held: () => string | null): FakeRoute =>
  ({ url }) =>
    portalOk({
      pwOrderDataMap:
        url.searchParams.get('pwGroup') === held()
          ? {
              ...modelSeatMap,
              seats: modelSeatMap.seats.map((s) =>
                s.POSITION === MODEL_TABLET_SEAT ? { ...s, PW_STATUS: SEAT_STATUS.reserved } : s,
              ),
            }
          : modelSeatMap,
      PW_PRICE:
        url.searchParams.get('pwGroup') === modelReservedGroup.PW_GROUP
          ? TABLET_PRICES.reserved
          : TABLET_PRICES.online,
    });
export const tabletSeats: FakeRoute = tabletSeatsHeld(() => null);

/** The tablet calls of the fake server, the seats answered at once. */
export const tabletRoutes = {
  [`GET ${PW}/getPwTypeList`]: () => portalOk({ ls: modelTabletTypes }),
  [`GET ${PW}/getPwCategoryList`]: () => portalOk({ ls: modelTabletCategories }),
  [`GET ${PW}/getPwLocationGroup`]: () => portalOk([modelTabletFloor]),
  [`GET ${TABLET_SEATS_PATH}`]: tabletSeats,
};

const [row, col] = MODEL_TABLET_SEAT.split('_');
const SEAT_CELL = new RegExp(`^第${row}排第${col}号 `);
const SEAT_TEXT = `已选：第${row}排第${col}号`;
const NUMBERS = ['一', '二', '三'];
const ORDINALS = [...NUMBERS, '四', '五', '六', '七', '八'];
/** The model area of 小牌位: 一层, type 2, 北. */
const MODEL_AREA = '1|2|N';

/**
 * An element looked up again only once it has left the page: the page's parts (the form, a radio
 * group) stay the same elements while their contents change.
 */
export const kept = (find: () => HTMLElement) => {
  let element: HTMLElement | null = null;
  return () => {
    if (!element?.isConnected) element = find();
    return element;
  };
};

/**
 * The 小牌位 page's queries, each within the part of the page it concerns. In jsdom a query after a
 * render computes afresh the style of every element it reads (its candidates, their labels and
 * ancestors); a query of the whole page reads every radio or button of it, and so costs several
 * times more than one within its group.
 */
export const tabletPage = () => {
  const form = kept(() => screen.getByRole('region', { name: '选择牌位' }));
  const groups = new Map<string, () => HTMLElement>();
  /** A radio group of the form by its label: 类别, 塔层, 区域. */
  const group = (label: '类别' | '塔层' | '区域') => {
    let find = groups.get(label);
    if (!find) {
      find = kept(() => within(form()).getByRole('radiogroup', { name: label }));
      groups.set(label, find);
    }
    return find();
  };
  const GROUP_OF: Record<string, '类别' | '塔层' | '区域'> = {
    延生禄位: '类别',
    往生莲位: '类别',
    一层: '塔层',
  };
  /** A choice's radio (its name begins with the choice), within its group. */
  const radio = (name: string) =>
    within(group(GROUP_OF[name] ?? '区域')).getByRole('radio', { name: new RegExp(`^${name}`) });
  /** 提交, in the form (`hidden` behind an open dialog). */
  const submit = (hidden = false) => within(form()).getByRole('button', { name: '提交', hidden });
  /** The seat map's cell whose name begins with `name` (`hidden` behind an open dialog). */
  const cell = (name: RegExp, hidden = false) => within(form()).getByRole('gridcell', { name, hidden });
  /** A text field of the 订单确认 dialog by its wrapper (data-field: name0…, ys0…) and name. */
  const field = (order: HTMLElement, key: string, name: string) =>
    within(order.querySelector(`[data-field="${key}"]`) as HTMLElement).getByRole('textbox', { name });
  /** A text field of the 订单确认 dialog by its name alone: 供奉人一 (name0) … 阳上人八 (ys7). */
  const named = (order: HTMLElement, name: string) =>
    field(order, `${name.startsWith('供奉人') ? 'name' : 'ys'}${ORDINALS.indexOf(name.slice(3))}`, name);
  return { form, group, radio, submit, cell, field, named };
};

/**
 * Waits for the page's 提交 (a text query computes no style: the page may take several polls to
 * come), then finds it by its role and name.
 */
export const waitForSubmit = async () => {
  await vi.waitFor(() => screen.getByText('提交', { selector: 'button' }), { timeout: 5000 });
  return screen.getByRole('button', { name: '提交' });
};

/**
 * The 小牌位 selection page in the whole app (一层 with 北 ¥2,800 and 东 ¥12,000, the model map);
 * orders, status queries and logins are held until the path answers them.
 */
export const tabletBookingView: ViewAdapter = async () => {
  const orders = heldCalls();
  const queries = heldCalls();
  const logins = heldCalls();
  // After a QR closed unpaid its order holds the model place (PW_GROUP `held`): that map says
  // 已预定, the page says it is the believer's (`mine`). Another checkout's answer ends the hold in
  // this fake world, and so does another group: the map forgets `mine` with its area, and the
  // model (which knows no map) keeps the place for when the believer comes back.
  let held: string | null = null;
  // Every map asked for, by its area key (floor|type|group: '1|2|N').
  const areas: string[] = [];
  const seatsHeld = tabletSeatsHeld(() => held);
  const api = fakeApi({
    ...tabletRoutes,
    [`GET ${TABLET_SEATS_PATH}`]: (call) => {
      const param = (name: string) => call.url.searchParams.get(name);
      areas.push([param('pwLocation'), param('pwType'), param('pwGroup')].join('|'));
      return seatsHeld(call);
    },
    [`POST ${TABLET_ORDER_PATH}`]: orders.next,
    'POST /portal/rs/payapi/v1/pay/payResult': queries.next,
    'POST /api/login/mobile': logins.next,
  });
  sessionStore.save(session);
  const app = renderApp(tabletHash);
  await waitForSubmit();
  const { user } = app;
  const dialog = (name: string | RegExp) => screen.getByRole('dialog', { name });
  const open = (name: string | RegExp) => screen.queryByRole('dialog', { name });
  const { radio, submit, cell, field } = tabletPage();
  const orderCalls = () => api.calls.filter((c) => c.path === TABLET_ORDER_PATH);
  const seatCalls = () => api.calls.filter((c) => c.path === TABLET_SEATS_PATH).length;
  const expectSeatsAgain = async (before: number) =>
    vi.waitFor(() => expect(seatCalls()).toBeGreaterThan(before));
  // What the believer has chosen on the screen (the view keeps it; the machine sees it on 提交).
  let category: '1' | '2' | '' = '';
  let floor = false;
  let group: string | null = null;
  let ordersExpected = 0;
  let creating = false;

  const chooseCategory = async (next: '1' | '2') => {
    await user.click(radio(next === '1' ? '延生禄位' : '往生莲位'));
    category = next;
  };
  /** 一层 and a group; another group's map forgets the place, so it is chosen again. */
  const chooseLocation = async (name: string, keepSeat: boolean) => {
    if (group === name) return;
    held = null;
    if (!floor) await user.click(radio('一层'));
    floor = true;
    await user.click(radio(name));
    group = name;
    await settle(10);
    if (keepSeat) await user.click(cell(SEAT_CELL));
  };
  const typeInto = async (box: HTMLElement, value: string, current: string) => {
    // Writing what is already there still sends a change: a character typed and taken back.
    if (value === current) await user.type(box, '愿{Backspace}');
    else {
      await user.clear(box);
      if (value) await user.type(box, value);
    }
  };

  return {
    async exec(event, before) {
      switch (event.type) {
        case 'order.submit': {
          const { form } = event;
          // A choice is clicked only when it is another (clicking the chosen radio changes nothing).
          if (form.category) {
            if (form.category !== category) await chooseCategory(form.category);
          } else if (category) throw new Error('the page cannot unchoose a category: start on a fresh page');
          await chooseLocation(form.group.NAME, before.context.position !== null);
          if (event.mobile) sessionStore.save(session);
          else sessionStore.clear();
          await user.click(submit());
          break;
        }
        case 'form.edit':
          // Any change of a choice clears the message: the other category.
          await chooseCategory(category === '1' ? '2' : '1');
          break;
        case 'choices.change': {
          // The page sends the floor and group it shows; the machine passes their area to the map.
          // The model knows no map (the machine journeys assert that another area forgets the
          // place); here, choosing 一层 and 北 asks for the model area's places once, and the same
          // area again or none asks for nothing.
          const asked = areas.length;
          if (group === '北' || (group && event.group === null)) {
            // Another category sends the same area; map and place stay. With one floor a chosen
            // group cannot be taken back, so none cannot be sent any more: the same gesture stands
            // in for it, keeping the place as the model (which knows no map) does.
            await chooseCategory(category === '1' ? '2' : '1');
          } else if (event.group !== null) {
            const first = group === null;
            await chooseLocation('北', before.context.position !== null);
            // A map seen before may come from the query cache.
            if (first) expect(areas.slice(asked)).toEqual([MODEL_AREA]);
            break;
          } else if (!floor) {
            // 一层 alone: its groups shown, no map yet.
            await user.click(radio('一层'));
            floor = true;
          } else await chooseCategory(category === '1' ? '2' : '1');
          await settle(10);
          expect(areas).toHaveLength(asked);
          break;
        }
        case 'xstate.snapshot.seats': {
          const selected = event.snapshot.context.selected;
          if (selected === before.context.position) break;
          if (!before.matches('editing')) {
            // Behind an open dialog the map takes no gesture: the cell's own handler is called.
            fireEvent.click(cell(SEAT_CELL, true));
            break;
          }
          if (!group) await chooseLocation('北', false);
          await user.click(cell(SEAT_CELL));
          break;
        }
        case 'xstate.done.actor.awaitLogin':
          await logIn(user, logins, event.output);
          break;
        case 'xstate.error.actor.awaitLogin':
          await closeLogin(user);
          break;
        case 'notice.confirm':
          await user.click(within(dialog('温馨提示')).getByRole('button', { name: '确定' }));
          break;
        case 'notice.cancel':
          await user.click(within(dialog('温馨提示')).getByRole('button', { name: '取消' }));
          break;
        case 'name.change': {
          const box = field(dialog('订单确认'), `name${event.index}`, `供奉人${NUMBERS[event.index]}`);
          await typeInto(box, event.value, before.context.names[event.index]);
          break;
        }
        case 'descendant.change': {
          const box = field(dialog('订单确认'), `ys${event.index}`, `阳上人${NUMBERS[event.index]}`);
          await typeInto(box, event.value, before.context.descendants[event.index]);
          break;
        }
        case 'order.confirm':
          await user.click(within(dialog('订单确认')).getByRole('button', { name: '确定' }));
          break;
        case 'order.cancel':
          await user.click(within(dialog('订单确认')).getByRole('button', { name: '取消' }));
          break;
        case 'reservation.confirm':
          await user.click(within(dialog('预定须知')).getByRole('button', { name: '确定' }));
          break;
        case 'reservation.cancel':
          await user.click(within(dialog('预定须知')).getByRole('button', { name: '取消' }));
          break;
        case 'reserved.close': {
          const asked = seatCalls();
          await user.click(within(dialog('预定成功')).getByRole('button', { name: '确定' }));
          await settle(10);
          await expectSeatsAgain(asked);
          break;
        }
        default: {
          // A refusal and a QR closed unpaid ask the map again.
          const asked = seatCalls();
          held =
            event.output.outcome === 'closed'
              ? (modelTabletFloor.groups.find((g) => g.NAME === group)?.PW_GROUP ?? null)
              : null;
          await endCheckout(event.output, {
            orders,
            queries,
            user,
            prePay: tabletPrePay,
            reservation: tabletReserved,
          });
          if (event.output.outcome === 'refused' || event.output.outcome === 'closed') {
            await settle(10);
            await expectSeatsAgain(asked);
          }
        }
      }
      await settle(10);
    },
    async check(snapshot: AnyMachineSnapshot) {
      const { context } = snapshot;
      // The checkout is making the order: the dialog that confirmed it stays, its button pending.
      const isCreating = snapshot.matches('ordering.checkingOut');
      if (isCreating && !creating) ordersExpected += 1;
      creating = isCreating;
      // The place the map shows is the machine's, whatever dialog is open.
      if (context.position) {
        expect(screen.getByText(SEAT_TEXT)).toBeInTheDocument();
        // The believer's own unpaid order's place says so.
        expect(cell(SEAT_CELL, true)).toHaveAccessibleName(
          `第${row}排第${col}号 已选${held ? OWN_SEAT_NOTE : ''}`,
        );
      } else expect(screen.queryByText(SEAT_TEXT)).not.toBeInTheDocument();
      if (snapshot.matches('editing')) {
        for (const name of ['温馨提示', '订单确认', '预定须知', '预定成功', PAY_DIALOG, '验证码登录'])
          expect(open(name)).not.toBeInTheDocument();
        expect(submit()).toBeEnabled();
        const alerts = screen
          .queryAllByRole('alert')
          .filter((a) => a.textContent === TABLET_MESSAGES.chooseAll);
        expect(alerts).toHaveLength(context.error ? 1 : 0);
      } else expect(submit(true)).toBeDisabled();
      if (snapshot.matches('awaitingLogin')) expectLoginAsked(TABLET_MESSAGES.loginFirst);
      if (snapshot.matches('notice')) {
        expect(dialog('温馨提示')).toHaveTextContent(TABLET_NOTICES.hint);
        expect(open('订单确认')).not.toBeInTheDocument();
      }
      if (snapshot.matches('ordering.confirming')) {
        const order = dialog('订单确认');
        expect(order).toHaveTextContent(`${context.draft.location} ${context.draft.SP_POSITION}`);
        context.names.forEach((name: string, i: number) => {
          const box = field(order, `name${i}`, `供奉人${NUMBERS[i]}`);
          expect(box).toHaveValue(name);
          const message = context.fieldErrors[`name${i}`];
          if (message) {
            expect(box).toHaveAttribute('aria-invalid', 'true');
            expect(box).toHaveAccessibleDescription(message);
          } else expect(box).not.toHaveAttribute('aria-invalid');
        });
        const descendants = within(order).queryAllByRole('textbox', { name: /^阳上人/ });
        expect(descendants).toHaveLength(context.draft.FS_TYPE === '2' ? 8 : 0);
        descendants.forEach((box, i) => {
          expect(box).toHaveValue(context.descendants[i]);
          const message = context.fieldErrors[`ys${i}`];
          if (message) expect(box).toHaveAccessibleDescription(message);
          else expect(box).not.toHaveAttribute('aria-invalid');
        });
        const refusal = within(order)
          .queryAllByRole('alert')
          .filter((a) => a.tagName === 'P' && a.textContent === context.orderError);
        expect(refusal).toHaveLength(context.orderError ? 1 : 0);
        expect(open('预定须知')).not.toBeInTheDocument();
      }
      if (snapshot.matches('ordering.reserving')) {
        expect(dialog('预定须知')).toHaveTextContent(TABLET_NOTICES.reservation);
        expect(open('订单确认')).not.toBeInTheDocument();
      }
      if (isCreating) {
        // Pending: the confirming dialog's 确定 shows 请稍候… and 取消 cannot be pressed.
        const pending = dialog(context.draft.GFJ_TOTAL >= 10_000 ? '预定须知' : '订单确认');
        expect(within(pending).getByRole('button', { name: '请稍候…' })).toBeInTheDocument();
        expect(within(pending).getByRole('button', { name: '取消' })).toBeDisabled();
        const sent = orderCalls().at(-1);
        expect(sent?.headers.get(IDEMPOTENCY_HEADER)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
        expect(sent?.body).toMatchObject({
          type: 3,
          FS_TYPE: context.draft.FS_TYPE,
          PW_TYPE: '2',
          PW_LOCATION: 1,
          POSITION: MODEL_TABLET_SEAT,
          GFJ_TOTAL: context.draft.GFJ_TOTAL,
          MOBILE: context.mobile,
        });
      }
      // An order is asked for once each time the flow enters checkingOut.
      expect(orderCalls()).toHaveLength(ordersExpected);
      if (snapshot.matches('reserved')) expect(dialog('预定成功')).toHaveTextContent(SEAT_MESSAGES.reserved);
      if (snapshot.matches('paid'))
        await vi.waitFor(() => expectAt(`/success?no=${tabletPrePay.out_trade_no}`));
    },
    unmount: app.unmount,
  };
};
