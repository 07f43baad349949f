import { RENEWAL_MESSAGES, renewalApi, renewalOrderRequest } from '@contract/renewal';
import {
  GF_TYPES,
  STATUE_MESSAGES,
  type StatueGroup,
  type StatueItem,
  type StatueMaterial,
  statueApi,
} from '@contract/statue';
import { judgeStatueDialog, judgeStatueForm, type StatueForm, type StatuePlace } from '@contract/statue-form';
import { modelEnshrinement, renewalOrderOf } from '@machines/enshrinement-renewal.machine';
import { ON_A_COMPUTER } from '@machines/payment.machine';
import { seatSelectionMachine } from '@machines/seat-selection.machine';
import { statueOrderMachine } from '@machines/statue-order.machine';
import { fakeCheckout, type HeldOrder } from '@tests/support/fake-checkout';
import { useTestApp } from '@tests/support/test-app';
import * as v from 'valibot';
import { beforeAll, describe } from 'vitest';
import { type AnyActorRef, createActor, fromPromise } from 'xstate';
import { checkedOut, checkSpecRules, firstMessage, oneFreeSeat, type SpecRule, settle } from './harness';

/**
 * Statue enshrinement (圣像供奉), 001 section 5: the detail page's choices (`judgeStatueForm`)
 * and the order dialog's 功德芳名 and 备注 (`judgeStatueDialog`), through the statue-order
 * machine (a seat on its map, 提交, the dialog, 确定) and the server's prePay.
 */
interface StatueCase {
  /** A choice left unchosen on the page (the seat: none picked on the map). */
  missing?: 'material' | 'statue' | 'gfType' | 'group' | 'seat';
  donor?: string;
  remark?: string;
  /** What the wire carries where the page builds no order. */
  wire?: Record<string, unknown>;
}

const PHONE = '13700002104';
const PLACE: StatuePlace = { location: '2', locationName: '大殿外' };
const SEAT = '1_1';
const S5 = '001 §5 statue order';
const D5 = '001 §5 statue order dialog';

const rows: SpecRule<StatueCase>[] = [
  {
    spec: S5,
    rule: 'the material is chosen',
    message: STATUE_MESSAGES.incomplete,
    breaks: { missing: 'material', wire: { MATERIAL: 0 } },
  },
  {
    spec: S5,
    rule: 'the statue is chosen',
    message: STATUE_MESSAGES.incomplete,
    breaks: { missing: 'statue', wire: { STATUE: 0 } },
  },
  {
    spec: S5,
    rule: 'the term (常供 / 年供) is chosen',
    message: STATUE_MESSAGES.incomplete,
    breaks: { missing: 'gfType', wire: { GF_TYPE: '' } },
  },
  {
    spec: S5,
    rule: 'the position group is chosen',
    message: STATUE_MESSAGES.incomplete,
    breaks: { missing: 'group', wire: { FX_GROUP: '' } },
  },
  {
    spec: S5,
    rule: 'the position is chosen (a seat on the map)',
    message: STATUE_MESSAGES.incomplete,
    breaks: { missing: 'seat', wire: { POSITION: '' } },
  },
  {
    spec: D5,
    rule: 'the donor names (GD_NAMES) are required',
    message: STATUE_MESSAGES.donorEmpty,
    breaks: { donor: ' ' },
  },
  {
    spec: D5,
    rule: 'the donor names: 7 Chinese or English characters',
    message: STATUE_MESSAGES.donor,
    breaks: { donor: '陈'.repeat(8) },
    satisfies: { donor: '陈'.repeat(7) },
  },
  {
    spec: D5,
    rule: 'the donor names: Chinese or English only',
    message: STATUE_MESSAGES.donor,
    breaks: { donor: '陈居士7' },
    satisfies: { donor: 'Chen' },
  },
  {
    spec: D5,
    rule: 'the remark: at most 300',
    message: STATUE_MESSAGES.remark,
    breaks: { remark: '愿'.repeat(301) },
    satisfies: { remark: '愿'.repeat(300) },
  },
];

describe("statue: the spec's rules on the contract, the machine and the server (PGlite)", () => {
  const t = useTestApp('pglite');
  let token = '';
  let choices: { material: StatueMaterial; statue: StatueItem; group: StatueGroup };

  beforeAll(async () => {
    token = await t.login(PHONE);
    const statues = await t.call('GET', `${statueApi.statues.path}?location=${PLACE.location}`);
    const preview = await t.call('GET', `${statueApi.preview.path}?location=${PLACE.location}`);
    const { fxMaterialList, fxGroupMap } = v.parse(statueApi.preview.response, preview.body).data;
    const statue = v.parse(statueApi.statues.response, statues.body).data.find((s) => s.ID === 4);
    const material = fxMaterialList.find((m) => m.ID === 3);
    const group = fxGroupMap['1'];
    if (!statue || !material || !group) throw new Error('the seeded statue, material or group is gone');
    choices = { material, statue, group };
  });

  const formOf = (c: StatueCase): StatueForm => ({
    material: c.missing === 'material' ? null : choices.material,
    statue: c.missing === 'statue' ? null : choices.statue,
    gfType: c.missing === 'gfType' ? '' : (GF_TYPES[1] as StatueForm['gfType']),
    group: c.missing === 'group' ? null : choices.group,
  });
  const positionOf = (c: StatueCase) => (c.missing === 'seat' ? null : SEAT);
  const dialogOf = (c: StatueCase) => ({ donor: c.donor ?? '陈居士', remark: c.remark ?? '' });

  /** The order the page sends: the draft with the dialog's fields, or a good draft with what the wire says. */
  const orderOf = (c: StatueCase) => {
    const judged = judgeStatueForm(PLACE, formOf(c), positionOf(c));
    const good = judgeStatueForm(PLACE, formOf({}), SEAT);
    if (good.outcome !== 'valid') throw new Error('the good statue order is refused');
    if (judged.outcome !== 'valid' && !c.wire) throw new Error('a page without a draft needs its wire');
    const draft = judged.outcome === 'valid' ? judged.draft : good.draft;
    const { donor, remark } = dialogOf(c);
    return { ...draft, GD_NAMES: donor.trim(), REMARK: remark, MOBILE: PHONE, ...c.wire };
  };

  checkSpecRules('statue enshrinement (圣像供奉)', rows, {
    app: t,
    token: () => token,
    contract: (c) => {
      const judged = judgeStatueForm(PLACE, formOf(c), positionOf(c));
      if (judged.outcome === 'invalid') return judged.error;
      return firstMessage(['donor', 'remark'], judgeStatueDialog(dialogOf(c)));
    },
    machine: async (c) => {
      const orders: HeldOrder[] = [];
      const free = oneFreeSeat(SEAT);
      const actor = createActor(
        statueOrderMachine.provide({
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
        seats.send({
          type: 'area.choose',
          area: `${PLACE.location}|${choices.material.ID}|${choices.group.FX_GROUP}`,
        });
        await settle();
        seats.send({ type: 'seat.select', position: SEAT });
      }
      actor.send({
        type: 'order.submit',
        device: ON_A_COMPUTER,
        form: formOf(c),
        mobile: PHONE,
        key: 'key-spec-statue',
      });
      if (state().matches('editing')) return { message: state().context.error, proceeded: false };
      const { donor, remark } = dialogOf(c);
      actor.send({ type: 'donor.change', donor });
      actor.send({ type: 'remark.change', remark });
      actor.send({ type: 'order.confirm' });
      const verdict = {
        message: firstMessage(['donor', 'remark'], state().context.fieldErrors),
        proceeded: checkedOut(orders),
      };
      actor.stop();
      return verdict;
    },
    server: (c, as) => t.form(statueApi.order.path, orderOf(c), as),
  });

  /**
   * The renewal of a yearly enshrinement (续费, order kind 4), 001 sections 3, 5 and 9: the order the
   * renewal dialog builds (`renewalOrderOf`), judged by its schema and the server. The dialog offers
   * 1年/2年/3年 of a 年供 enshrinement only, so its machine has nothing to refuse.
   */
  const renewalRows: SpecRule<Record<string, unknown>>[] = [
    {
      spec: '001 §5 / §9 annual renewal',
      rule: 'renewal years 1 to 3',
      message: RENEWAL_MESSAGES.years,
      breaks: { YEARS: 4 },
      satisfies: { YEARS: 3 },
      machine:
        'n/a: the dialog offers 1年/2年/3年; years.choose of any other is not taken, so there is nothing to say',
    },
    {
      spec: '001 §3 renewal order / §9 term',
      rule: 'only a 年供 (GF_TYPE 2) enshrinement is renewed',
      message: RENEWAL_MESSAGES.permanent,
      breaks: { GF_TYPE: '1' },
      machine:
        'n/a: the machine always sends GF_TYPE 2; 续费 is offered only on a yearly enshrinement (RENEWABLE)',
    },
  ];
  const renewalOf = (wire: Record<string, unknown>) => ({
    ...renewalOrderOf({ item: modelEnshrinement, years: 1 }, PHONE),
    ...wire,
  });

  checkSpecRules('enshrinement renewal (供奉续费)', renewalRows, {
    app: t,
    token: () => token,
    contract: (wire) => v.safeParse(renewalOrderRequest, renewalOf(wire)).issues?.[0]?.message ?? null,
    machine: async () => {
      throw new Error('every renewal row is n/a for the machine');
    },
    server: (wire, as) => t.form(renewalApi.order.path, renewalOf(wire), as),
  });
});
