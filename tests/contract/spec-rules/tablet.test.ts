import {
  TABLET_MESSAGES,
  TABLET_RULES,
  type TabletCategory,
  type TabletFloorItem,
  tabletApi,
  tabletOrderRequest,
} from '@contract/tablet';
import {
  judgeTabletDialog,
  judgeTabletForm,
  type TabletForm,
  type TabletPlace,
  tabletDialogFields,
  tabletOrderOf,
} from '@contract/tablet-form';
import { ON_A_COMPUTER } from '@machines/payment.machine';
import { seatSelectionMachine } from '@machines/seat-selection.machine';
import { tabletBookingMachine } from '@machines/tablet-booking.machine';
import { fakeCheckout, type HeldOrder } from '@tests/support/fake-checkout';
import { useTestApp } from '@tests/support/test-app';
import * as v from 'valibot';
import { beforeAll, describe } from 'vitest';
import { type AnyActorRef, createActor, fromPromise } from 'xstate';
import { checkedOut, checkSpecRules, firstMessage, oneFreeSeat, type SpecRule, settle } from './harness';

/**
 * Memorial tablets (牌位供奉), 002 section 5: the selection page (`judgeTabletForm`) and the order
 * dialog's names (`judgeTabletDialog`), then the order's schema on the wire, through the
 * tablet-booking machine (a place on its map, 提交, the names, 确定) and the server's prePay.
 */
interface TabletCase {
  /** '1' longevity (延生禄位), '2' rebirth (往生, with 阳上); '' none chosen. Default '1'. */
  category?: TabletCategory | '';
  /** A choice left unchosen on the page (the seat: none picked on the map). */
  missing?: 'floor' | 'group' | 'seat';
  /** The 供奉人 fields (3 on the dialog) and the 阳上 fields (8, rebirth only). */
  names?: string[];
  descendants?: string[];
  /** What the wire carries where the page builds no order. */
  wire?: Record<string, unknown>;
}

const PHONE = '13700002105';
const PLACE: TabletPlace = { pwType: '2' };
const SEAT = '1_1';
const S5 = '002 §5 tablet names';
const B5 = '002 §5 booking';
const padded = (names: string[], length: number) => [...names, ...Array(length).fill('')].slice(0, length);

const rows: SpecRule<TabletCase>[] = [
  {
    spec: B5,
    rule: 'the category is chosen',
    message: TABLET_MESSAGES.chooseAll,
    breaks: { category: '', wire: { FS_TYPE: '' } },
  },
  {
    spec: B5,
    rule: 'the location (floor) is chosen',
    message: TABLET_MESSAGES.chooseAll,
    breaks: { missing: 'floor', wire: { PW_LOCATION: 0 } },
  },
  {
    spec: B5,
    rule: 'the location (group) is chosen',
    message: TABLET_MESSAGES.chooseAll,
    breaks: { missing: 'group', wire: { PW_GROUP: '' } },
  },
  {
    spec: B5,
    rule: 'the seat is chosen',
    message: TABLET_MESSAGES.chooseAll,
    breaks: { missing: 'seat', wire: { POSITION: '' } },
  },
  {
    spec: S5,
    rule: 'at least one name is required',
    message: TABLET_MESSAGES.nameRequired,
    breaks: { names: ['', ' ', ''] },
    satisfies: { names: ['', '', '陈大明'] },
  },
  {
    spec: S5,
    rule: 'names: Chinese or letters only',
    message: TABLET_MESSAGES.nameChars,
    breaks: { names: ['陈大明', '陈1'] },
    satisfies: { names: ['陈大明', 'Chen'] },
  },
  {
    spec: S5,
    rule: 'names: at most 20',
    message: TABLET_MESSAGES.nameLength,
    breaks: { names: ['陈'.repeat(21)] },
    satisfies: { names: ['陈'.repeat(20)] },
  },
  {
    spec: S5,
    rule: 'up to 3 tablet names',
    message: TABLET_MESSAGES.nameCount,
    breaks: { names: ['陈一', '陈二', '陈三', '陈四'] },
    machine: 'n/a: the dialog has three 供奉人 fields, so a fourth name cannot be entered',
  },
  {
    spec: S5,
    rule: 'type 2: the 阳上 entries are Chinese or letters',
    message: TABLET_MESSAGES.descendant,
    breaks: { category: '2', names: ['陈老先生'], descendants: ['陈小明', '陈2'] },
    satisfies: { category: '2', names: ['陈老先生'], descendants: ['陈小明', 'Chen'] },
  },
  {
    spec: S5,
    rule: 'type 2: up to 8 descendant names',
    message: TABLET_MESSAGES.descendantCount,
    breaks: { category: '2', names: ['陈老先生'], descendants: Array.from({ length: 9 }, () => '陈明') },
    machine: 'n/a: the dialog has eight 阳上 fields, so a ninth name cannot be entered',
  },
];

describe("tablet: the spec's rules on the contract, the machine and the server (PGlite)", () => {
  const t = useTestApp('pglite');
  let token = '';
  let floor: TabletFloorItem;
  let price = 0;

  beforeAll(async () => {
    token = await t.login(PHONE);
    const locations = await t.call('GET', `${tabletApi.locations.path}?pwType=${PLACE.pwType}`);
    const found = v.parse(tabletApi.locations.response, locations.body).data.find((f) => f.PW_LOCATION === 2);
    if (!found) throw new Error('the seeded floor 2 is gone');
    floor = found;
    const query = new URLSearchParams({ pwLocation: '2', pwType: PLACE.pwType, pwGroup: '1' });
    const seats = await t.call('GET', `${tabletApi.seats.path}?${query}`);
    price = v.parse(tabletApi.seats.response, seats.body).data.PW_PRICE;
  });

  const categoryOf = (c: TabletCase): TabletCategory | '' => c.category ?? '1';
  const formOf = (c: TabletCase): TabletForm => ({
    category: categoryOf(c),
    floor: c.missing === 'floor' ? null : floor,
    group:
      c.missing === 'group' || c.missing === 'floor'
        ? null
        : (floor.groups.find((g) => g.PW_GROUP === '1') ?? null),
    price,
  });
  const positionOf = (c: TabletCase) => (c.missing === 'seat' ? null : SEAT);
  const namesOf = (c: TabletCase) => c.names ?? ['陈大明'];
  const descendantsOf = (c: TabletCase) => c.descendants ?? (categoryOf(c) === '2' ? ['陈小明'] : []);
  /** The dialog's fields as the page shows them: 3 names, 8 阳上 (only what fits is typed). */
  const dialogOf = (c: TabletCase, category: TabletCategory) => ({
    category,
    names: namesOf(c).length > TABLET_RULES.maxNames ? namesOf(c) : padded(namesOf(c), TABLET_RULES.maxNames),
    descendants:
      descendantsOf(c).length > TABLET_RULES.maxDescendants
        ? descendantsOf(c)
        : padded(descendantsOf(c), TABLET_RULES.maxDescendants),
  });

  /** The order the page sends: the draft with the dialog's names, or a good draft with what the wire says. */
  const orderOf = (c: TabletCase) => {
    const judged = judgeTabletForm(PLACE, formOf(c), positionOf(c));
    const good = judgeTabletForm(PLACE, formOf({ category: c.category || '1' }), SEAT);
    if (good.outcome !== 'valid') throw new Error('the good tablet order is refused');
    if (judged.outcome !== 'valid' && !c.wire) throw new Error('a page without a draft needs its wire');
    const draft = judged.outcome === 'valid' ? judged.draft : good.draft;
    const { names, descendants } = dialogOf(c, draft.FS_TYPE);
    return { ...tabletOrderOf(draft, PHONE, names, descendants), ...c.wire };
  };

  checkSpecRules('memorial tablet (牌位)', rows, {
    app: t,
    token: () => token,
    contract: (c) => {
      const judged = judgeTabletForm(PLACE, formOf(c), positionOf(c));
      if (judged.outcome === 'invalid') return judged.error;
      const dialog = dialogOf(c, judged.draft.FS_TYPE);
      return (
        firstMessage(tabletDialogFields(dialog.category), judgeTabletDialog(dialog)) ??
        v.safeParse(tabletOrderRequest, orderOf(c)).issues?.[0]?.message ??
        null
      );
    },
    machine: async (c) => {
      const orders: HeldOrder[] = [];
      const free = oneFreeSeat(SEAT);
      const actor = createActor(
        tabletBookingMachine.provide({
          actors: {
            checkout: fakeCheckout(orders, () => false),
            seatSelection: seatSelectionMachine.provide({
              actors: { loadSeats: fromPromise(async () => free) },
            }),
          },
        }),
        { input: PLACE },
      ).start();
      const state = () => actor.getSnapshot();
      if (positionOf(c)) {
        const seats = state().children.seats as AnyActorRef;
        seats.send({ type: 'area.choose', area: `2|${PLACE.pwType}|1` });
        await settle();
        seats.send({ type: 'seat.select', position: SEAT });
      }
      actor.send({
        type: 'order.submit',
        device: ON_A_COMPUTER,
        form: formOf(c),
        mobile: PHONE,
        key: 'key-spec-tablet',
      });
      if (state().matches('editing')) return { message: state().context.error, proceeded: false };
      actor.send({ type: 'notice.confirm' });
      const category = state().context.draft?.FS_TYPE ?? '1';
      const { names, descendants } = dialogOf(c, category);
      for (const [index, value] of names.entries()) actor.send({ type: 'name.change', index, value });
      for (const [index, value] of descendants.entries())
        actor.send({ type: 'descendant.change', index, value });
      actor.send({ type: 'order.confirm' });
      const message = firstMessage(tabletDialogFields(category), state().context.fieldErrors);
      actor.send({ type: 'reservation.confirm' });
      const verdict = { message, proceeded: checkedOut(orders) };
      actor.stop();
      return verdict;
    },
    server: (c, as) => t.form(tabletApi.order.path, orderOf(c), as),
  });
});
