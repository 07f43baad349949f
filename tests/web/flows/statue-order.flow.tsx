import { IDEMPOTENCY_HEADER } from '@contract/payment';
import { SEAT_MESSAGES, SEAT_STATUS, type SeatItem, type SeatMap } from '@contract/seats';
import {
  STATUE_MESSAGES,
  type StatueGroup,
  type StatueItem,
  type StatueLocationItem,
  type StatuePreview,
} from '@contract/statue';
import { judgeStatueDialog, STATUE_RESERVATION_NOTICE } from '@contract/statue-form';
import { fireEvent, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { sessionStore } from '@web/api/session';
import { OWN_SEAT_NOTE } from '@web/shared/seat-map/seat-cell';
import { expect, vi } from 'vitest';
import { type FakeRoute, fakeApi, heldCalls, portalOk } from '../../support/fake-api';
import { expectAt, renderApp } from '../../support/render-app';
import { session } from '../../support/statecharts/fixtures/auth-dialog';
import {
  MODEL_SEAT,
  modelMaterial,
  modelStatue,
  modelStatueGroup,
  statuePrePay,
  statueReserved,
} from '../../support/statecharts/fixtures/statue-order';
import { settle, type ViewAdapter } from '../../support/statecharts/run-on-view';
import { endCheckout, PAY_DIALOG } from './checkout-gestures';
import { closeLogin, expectLoginAsked, logIn } from './ordering-gestures';
import { kept, waitForSubmit } from './tablet-booking.flow';

export const STATUE_ORDER_PATH = '/portal/rs/payapi/v1/pay/prePay';
export const STATUE_PREVIEW_PATH = '/portal/rs/fx-api/v1/fx/getFxPreviewData';
export const statueHash = `#/powerdekorDetail?id=1&name=${encodeURIComponent('大殿内')}`;
export const LOGIN_FIRST = STATUE_MESSAGES.loginFirst;
/** The model group's map: 大殿内, 樟木, 东侧. */
const MODEL_AREA = '1|1|A';

export const modelLocation: StatueLocationItem = {
  LOCATION: '1',
  NAME: '大殿内',
  ENNAME: 'Main Hall',
  IMAGE: '/images/statue.svg',
  PARTICULARS: '大殿内供奉圣像。',
};
/** A second group, for a group change (its own map). */
export const otherGroup: StatueGroup = { FX_GROUP: 'B', NAME: '西侧', NG_PRICE: 2000, CG_PRICE: 10000 };
export const modelPreview: StatuePreview = {
  fxMaterialList: [modelMaterial],
  fxGroupMap: { [modelStatueGroup.FX_GROUP]: modelStatueGroup, [otherGroup.FX_GROUP]: otherGroup },
  locationOffMap: {},
};
export const modelStatues: StatueItem[] = [modelStatue];

const seat = (ROW: number, COL: number, PW_STATUS: SeatItem['PW_STATUS']): SeatItem => ({
  POSITION: `${ROW}_${COL}`,
  ROW,
  COL,
  PW_STATUS,
});
/**
 * The model group's niches: row 3 has 3_9 sold, 3_10 free, 3_11 reserved and the model seat 3_12
 * free (unless `taken`); above it 2_12 offered and 1_12 closed. Everything else is an aisle.
 */
export const statueSeatMap = (taken = false): SeatMap => ({
  ROWS: 3,
  COLS: 12,
  seats: [
    seat(1, 12, SEAT_STATUS.blocked),
    seat(2, 12, SEAT_STATUS.soldOffered),
    seat(3, 9, SEAT_STATUS.soldNotOffered),
    seat(3, 10, SEAT_STATUS.free),
    seat(3, 11, SEAT_STATUS.reserved),
    seat(3, 12, taken ? SEAT_STATUS.reserved : SEAT_STATUS.free),
  ],
});

/**
 * The location's calls: the preview (materials, groups) and, with material and fxGroup, the
 * group's map (`mapFor`); every map asked for is recorded in `maps` ('1|1|A').
 */
export const statueRoutes = (maps: string[], mapFor: (area: string) => SeatMap = () => statueSeatMap()) => ({
  'GET /portal/rs/fxapi/findByFxList': () => portalOk({ ls: [modelLocation] }),
  'GET /portal/rs/fxapi/selectByLocation': () => portalOk(modelStatues),
  [`GET ${STATUE_PREVIEW_PATH}`]: (({ url }) => {
    const material = url.searchParams.get('material');
    if (!material) return portalOk(modelPreview);
    const area = `${url.searchParams.get('location')}|${material}|${url.searchParams.get('fxGroup')}`;
    maps.push(area);
    return portalOk({ fxOrderDataMap: mapFor(area) });
  }) satisfies FakeRoute,
});

/** A seat's cell by its row and column, whatever its state. */
export const seatCell = (position: string, hidden = false) => {
  const [row, col] = position.split('_');
  return screen.getByRole('gridcell', { name: new RegExp(`^第${row}排第${col}号 `), hidden });
};
/** A taken seat: clicking it changes nothing (the map sends its snapshot all the same). */
export const TAKEN_SEAT = '3_11';

/**
 * The 供奉选择 form and its radio groups by their labels, each looked up again only once it has
 * left the page. Queries stay within them: in jsdom a query after a render computes afresh the
 * style of every element it reads, and one over the whole page reads every radio or button of it.
 */
export const statueForm = () => {
  const form = kept(() => screen.getByRole('region', { name: '供奉选择' }));
  const groups = new Map<string, () => HTMLElement>();
  const group = (label: '材质类型' | '佛像类型' | '供奉期限' | '佛像方位') => {
    let find = groups.get(label);
    if (!find) {
      find = kept(() => within(form()).getByRole('radiogroup', { name: label }));
      groups.set(label, find);
    }
    return find();
  };
  /** 提交, in the form (`hidden` behind an open dialog). */
  const submit = (hidden = false) => within(form()).getByRole('button', { name: '提交', hidden });
  return { form, group, submit };
};

/** Material (when given), statue, term and group, each clicked only when it is another choice. */
export const makeChooser = (user: UserEvent, page = statueForm()) => {
  const chosen = { material: false, statue: false, gfType: '' as '' | '1' | '2', group: '' };
  const { group: groupOf } = page;
  /** A choice's radio, within its group. */
  const radio = (group: Parameters<typeof groupOf>[0], name: RegExp) =>
    user.click(within(groupOf(group)).getByRole('radio', { name }));
  return {
    chosen,
    async material() {
      if (chosen.material) return;
      await radio('材质类型', new RegExp(`^${modelMaterial.NAME}`));
      chosen.material = true;
    },
    async statue() {
      if (chosen.statue) return;
      await radio('佛像类型', new RegExp(`^${modelStatue.NAME}`));
      chosen.statue = true;
    },
    async term(gfType: '1' | '2') {
      if (chosen.gfType === gfType) return;
      await radio('供奉期限', gfType === '1' ? /^常供/ : /^年供/);
      chosen.gfType = gfType;
    },
    async group(group: StatueGroup = modelStatueGroup) {
      if (chosen.group === group.FX_GROUP) return;
      await radio('佛像方位', new RegExp(`^${group.NAME}`));
      chosen.group = group.FX_GROUP;
    },
  };
};

/** Waits for the group's map in view and not busy. */
export const waitForMap = () =>
  vi.waitFor(() => expect(screen.getByRole('grid', { name: '供奉位置' })).not.toHaveAttribute('aria-busy'));

/**
 * The 大殿内 enshrinement page in the whole app (樟木, 药师佛, 东侧 年供 ¥3,000 / 常供 ¥12,000 and
 * 西侧), logged in; the model group's map has the model seat 3_12 free. Orders, status queries
 * and logins are held until the path answers them.
 */
export const statueOrderView: ViewAdapter = async () => {
  const orders = heldCalls();
  const queries = heldCalls();
  const logins = heldCalls();
  const maps: string[] = [];
  // After a QR closed unpaid its order holds the model seat: the map says 已预定, the page says it
  // is the believer's (`mine`). Another checkout's answer ends that hold in this fake world.
  let ownHold = false;
  const api = fakeApi({
    ...statueRoutes(maps, () => statueSeatMap(ownHold)),
    [`POST ${STATUE_ORDER_PATH}`]: orders.next,
    'POST /portal/rs/payapi/v1/pay/payResult': queries.next,
    'POST /api/login/mobile': logins.next,
  });
  sessionStore.save(session);
  const app = renderApp(statueHash);
  await waitForSubmit();
  const { user } = app;
  const page = statueForm();
  const choose = makeChooser(user, page);
  const dialog = (name: string | RegExp) => screen.getByRole('dialog', { name });
  const open = (name: string | RegExp) => screen.queryByRole('dialog', { name });
  const { submit } = page;
  const submitBox = () => submit().parentElement as HTMLElement;
  const orderCalls = () => api.calls.filter((c) => c.path === STATUE_ORDER_PATH);
  /** The seats may have changed: the map is asked again. */
  const expectMapAgain = async (before: number) =>
    vi.waitFor(() => expect(maps.length).toBeGreaterThan(before));
  /** The map of the model group in view (material and group chosen). */
  const showMap = async () => {
    await choose.material();
    await choose.group();
    await settle();
    await waitForMap();
  };
  /**
   * A seat gesture. On the page the believer clicks; behind an open dialog the map takes no
   * gesture (a pointer there would dismiss the dialog), so the grid's own handler is called.
   */
  const clickSeat = async (position: string, onPage: boolean) => {
    if (onPage) await user.click(seatCell(position));
    else fireEvent.click(seatCell(position, true));
    await settle();
  };
  let confirms = 0;
  return {
    async exec(event, before) {
      const onPage = before.matches('editing');
      switch (event.type) {
        case 'order.submit': {
          const { form } = event;
          if (form.material) await choose.material();
          await choose.statue();
          await choose.term(form.gfType);
          await choose.group();
          await settle();
          if (event.mobile) sessionStore.save(session);
          else sessionStore.clear();
          if (!form.material && choose.chosen.material && before.context.position !== null) {
            // A chosen material cannot be taken back, the seat can: it is the missing choice for a
            // moment and is chosen again after the message (which only another choice clears).
            await clickSeat(MODEL_SEAT, true);
            await user.click(submit());
            await settle();
            await clickSeat(MODEL_SEAT, true);
          } else await user.click(submit());
          break;
        }
        case 'form.edit':
          // Another term is another choice: the message goes.
          await choose.term(choose.chosen.gfType === '2' ? '1' : '2');
          break;
        case 'choices.change': {
          // The page sends the material and group it shows; the machine passes their area to the
          // map. The model knows no map (the machine journeys assert that another area forgets the
          // seat); here, choosing material and group asks for the model area's map once, and the
          // same area again or none asks for nothing.
          const asked = maps.length;
          const otherTerm = () => choose.term(choose.chosen.gfType === '2' ? '1' : '2');
          if (choose.chosen.material && choose.chosen.group) {
            // The model's map is shown: another term sends the same area; map and seat stay. A
            // chosen radio cannot be taken back, so none cannot be sent any more: the same gesture
            // stands in for it, keeping the seat as the model (which knows no map) does.
            await otherTerm();
          } else if (event.material !== null && event.group !== null) {
            await choose.material();
            await choose.group();
            await settle();
            await waitForMap();
            expect(maps.slice(asked)).toEqual([MODEL_AREA]);
            break;
          } else if (choose.chosen.statue) await otherTerm();
          else await choose.statue();
          await settle();
          expect(maps).toHaveLength(asked);
          break;
        }
        case 'xstate.snapshot.seats': {
          if (onPage && !screen.queryByRole('grid', { name: '供奉位置' })) await showMap();
          const selected = event.snapshot.context.selected;
          // The same selection: a taken seat clicked, which changes nothing.
          await clickSeat(selected === before.context.position ? TAKEN_SEAT : MODEL_SEAT, onPage);
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
        case 'donor.change': {
          const box = within(dialog('订单确认')).getByRole('textbox', { name: '功德芳名' });
          // Writing what is already there still clears the last message: a character typed and taken back.
          if (before.context.donor === event.donor) await user.type(box, '愿{Backspace}');
          else {
            await user.clear(box);
            if (event.donor) await user.type(box, event.donor);
          }
          break;
        }
        case 'remark.change': {
          const box = within(dialog('订单确认')).getByRole('textbox', { name: /^备注/ });
          if (before.context.remark === event.remark) await user.type(box, '愿{Backspace}');
          else {
            await user.clear(box);
            if (event.remark) {
              await user.click(box);
              await user.paste(event.remark);
            }
          }
          break;
        }
        case 'order.confirm':
          // Only a confirmation whose 功德芳名 and 备注 pass asks the server.
          if (Object.keys(judgeStatueDialog(before.context)).length === 0) confirms += 1;
          await user.click(within(dialog('订单确认')).getByRole('button', { name: '确定' }));
          break;
        case 'order.cancel':
          await user.click(within(dialog('订单确认')).getByRole('button', { name: '取消' }));
          break;
        case 'reserved.close': {
          const asked = maps.length;
          await user.click(within(dialog('预定成功')).getByRole('button', { name: '确定' }));
          await settle(10);
          await expectMapAgain(asked);
          break;
        }
        case 'xstate.done.actor.checkout': {
          const asked = maps.length;
          ownHold = event.output.outcome === 'closed';
          await endCheckout(event.output, {
            orders,
            queries,
            user,
            prePay: statuePrePay,
            reservation: statueReserved,
            qrDelay: 2000,
          });
          // A refusal or a QR closed unpaid: the seats may have changed, the map is asked again.
          if (event.output.outcome === 'refused' || event.output.outcome === 'closed') {
            await settle(10);
            await expectMapAgain(asked);
          }
          break;
        }
        default:
          throw new Error(`no gesture for ${event.type}`);
      }
      await settle(10);
    },
    async check(snapshot) {
      const { context } = snapshot;
      const shown = ['温馨提示', '订单确认', '预定成功', PAY_DIALOG, '验证码登录'].filter((n) => open(n));
      if (snapshot.matches('editing')) {
        expect(shown).toEqual([]);
        expect(submit()).toBeEnabled();
        // The message is an alert beside 提交.
        const alert = within(submitBox()).queryByRole('alert');
        if (context.error) expect(alert).toHaveTextContent(context.error);
        else expect(alert).not.toBeInTheDocument();
      } else expect(submit(true)).toBeDisabled();
      // The seat: the map's own selection, 已选 in its name and under the map.
      const grid = screen.queryByRole('grid', { name: '供奉位置', hidden: true });
      if (snapshot.matches('paid')) {
        // The page is left.
      } else if (context.position) {
        expect(context.position).toBe(MODEL_SEAT);
        expect(seatCell(MODEL_SEAT, true)).toHaveAccessibleName(
          `第3排第12号 已选${ownHold ? OWN_SEAT_NOTE : ''}`,
        );
        expect(screen.getByText('已选：第3排第12号')).toBeInTheDocument();
      } else {
        if (grid)
          expect(seatCell(MODEL_SEAT, true)).toHaveAccessibleName(
            `第3排第12号 可选${ownHold ? OWN_SEAT_NOTE : ''}`,
          );
        expect(screen.queryAllByText(/^已选：/)).toHaveLength(0);
      }
      if (snapshot.matches('awaitingLogin')) expectLoginAsked(LOGIN_FIRST);
      if (snapshot.matches('notice')) {
        expect(shown).toEqual(['温馨提示']);
        expect(dialog('温馨提示')).toHaveTextContent(STATUE_RESERVATION_NOTICE);
      }
      if (snapshot.matches('ordering')) {
        expect(shown).toEqual(['订单确认']);
        const order = dialog('订单确认');
        expect(order).toHaveTextContent(`${modelMaterial.NAME}${modelStatue.NAME}`);
        expect(order).toHaveTextContent(context.draft.GF_TYPE_TEXT);
        expect(order).toHaveTextContent(`大殿内·${modelStatueGroup.NAME} 第3排第12号`);
        const donor = within(order).getByRole('textbox', { name: '功德芳名' });
        const remark = within(order).getByRole('textbox', { name: /^备注/ });
        expect(donor).toHaveValue(context.donor);
        expect(remark).toHaveValue(context.remark);
        for (const [box, message] of [
          [donor, context.fieldErrors.donor],
          [remark, context.fieldErrors.remark],
        ] as const) {
          if (message) {
            expect(box).toHaveAttribute('aria-invalid', 'true');
            expect(box).toHaveAccessibleDescription(message);
          } else expect(box).not.toHaveAttribute('aria-invalid', 'true');
        }
        const alert = within(order).queryByRole('alert');
        if (context.orderError) expect(alert).toHaveTextContent(context.orderError);
        else expect(alert).not.toBeInTheDocument();
      }
      if (snapshot.matches('ordering.confirming'))
        expect(within(dialog('订单确认')).getByRole('button', { name: '确定' })).toBeEnabled();
      if (snapshot.matches('ordering.checkingOut')) {
        // The checkout is making the order: the dialog stays, 确定 shows 请稍候…, 取消 cannot be pressed.
        const order = dialog('订单确认');
        expect(within(order).getByRole('button', { name: '请稍候…' })).toBeInTheDocument();
        expect(within(order).getByRole('button', { name: '取消' })).toBeDisabled();
        const sent = orderCalls().at(-1);
        expect(sent?.headers.get(IDEMPOTENCY_HEADER)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
        expect(sent?.body).toMatchObject({
          type: 7,
          LOCATION: '1',
          MATERIAL: modelMaterial.ID,
          STATUE: modelStatue.ID,
          FX_GROUP: modelStatueGroup.FX_GROUP,
          GF_TYPE: context.draft.GF_TYPE,
          POSITION: MODEL_SEAT,
          GFJ_TOTAL: context.draft.GFJ_TOTAL,
          GD_NAMES: context.donor.trim(),
          REMARK: context.remark,
          MOBILE: context.mobile,
        });
      }
      // An order is asked for only by a confirmation that passed, once each.
      expect(orderCalls()).toHaveLength(confirms);
      if (snapshot.matches('reserved')) {
        expect(shown).toEqual(['预定成功']);
        expect(dialog('预定成功')).toHaveTextContent(SEAT_MESSAGES.reserved);
      }
      if (snapshot.matches('paid'))
        await vi.waitFor(() => expectAt(`/success?no=${statuePrePay.out_trade_no}`));
    },
    unmount: app.unmount,
  };
};
