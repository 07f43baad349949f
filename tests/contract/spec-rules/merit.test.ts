import {
  buildMeritOrder,
  emptySelection,
  judgeMeritForm,
  MERIT_FIELDS,
  MERIT_MESSAGES,
  type MeritItem,
  type MeritSelection,
  meritApi,
  meritOrderRequest,
} from '@contract/merit';
import { meritOrderMachine } from '@machines/merit-order.machine';
import { ON_A_COMPUTER } from '@machines/payment.machine';
import { fakeCheckout, type HeldOrder } from '@tests/support/fake-checkout';
import { useTestApp } from '@tests/support/test-app';
import * as v from 'valibot';
import { beforeAll, describe } from 'vitest';
import { createActor } from 'xstate';
import { checkedOut, checkSpecRules, firstMessage, type SpecRule } from './harness';

/**
 * Merit offerings (功德供养), 001 section 5: the detail form's rules, judged by `judgeMeritForm`,
 * the merit-order machine on 提交 (then 确认支付), and the server's prePay.
 */
interface MeritCase {
  /** The seeded item's PRICE_MODEL: '1' quantity × price, '2' an amount, '3' a name chosen. */
  model: '1' | '2' | '3';
  selection: Partial<MeritSelection>;
  /** What the wire carries that the form never sends (the form keeps only what it may). */
  wire?: (order: Record<string, unknown>) => Record<string, unknown>;
}

const PHONE = '13700002101';
const donor = { donor: '陈居士' };

const rows: SpecRule<MeritCase>[] = [
  {
    spec: '001 §5 merit order',
    rule: 'a name is chosen (price model 3)',
    message: MERIT_MESSAGES.chooseName,
    breaks: { model: '3', selection: { ...donor, choice: null } },
  },
  {
    spec: '001 §5 merit order',
    rule: 'an amount is chosen or typed (price model 2)',
    message: MERIT_MESSAGES.chooseAmount,
    breaks: { model: '2', selection: { ...donor, amount: null } },
  },
  {
    spec: '001 §5 merit order',
    rule: 'the donor name (功德芳名) is filled',
    message: MERIT_MESSAGES.donorEmpty,
    breaks: { model: '1', selection: { donor: '  ' } },
  },
  {
    spec: '001 §5 merit order',
    rule: 'the donor name passes its check: Chinese or letters, within 10',
    message: MERIT_MESSAGES.donorInvalid,
    breaks: { model: '1', selection: { donor: '陈居士8号' } },
    satisfies: { model: '1', selection: { donor: 'Chenjushi' } },
  },
  {
    spec: '001 §5 merit order',
    rule: 'the donor name at most 10 characters',
    message: MERIT_MESSAGES.donorInvalid,
    breaks: { model: '1', selection: { donor: '陈'.repeat(11) } },
    satisfies: { model: '1', selection: { donor: '陈'.repeat(10) } },
  },
  {
    spec: '001 §5 / §9 merit amount',
    rule: 'a typed amount is at least 10 yuan',
    message: MERIT_MESSAGES.amountTooSmall,
    breaks: { model: '2', selection: { ...donor, amount: 9 } },
    satisfies: { model: '2', selection: { ...donor, amount: 10 } },
  },
  {
    spec: '001 §5 / §9 merit cap',
    rule: 'over 10000 yuan: go to the temple (功德金超过10000)',
    message: MERIT_MESSAGES.overLimit,
    breaks: { model: '2', selection: { ...donor, amount: 10_001 } },
    satisfies: { model: '2', selection: { ...donor, amount: 10_000 } },
  },
  {
    spec: '001 §5 merit order',
    rule: 'quantity at least 1',
    message: MERIT_MESSAGES.quantity,
    breaks: { model: '1', selection: { ...donor, quantity: 0 } },
    satisfies: { model: '1', selection: { ...donor, quantity: 1 } },
  },
  {
    spec: '001 §5 wish text',
    rule: 'the wish keeps Chinese and letters only, up to 300, no emoji',
    message: MERIT_MESSAGES.wishInvalid,
    breaks: {
      model: '1',
      selection: { ...donor, wish: '愿家人平安😀' },
      wire: (order) => ({
        ...order,
        meritItemList: (order.meritItemList as object[]).map((line) => ({ ...line, WISH: '愿家人平安😀' })),
      }),
    },
    machine:
      'n/a: the form keeps only Chinese and letters (keepWishText: "only … are kept"), so the emoji is dropped, never refused; the order schema refuses it on the wire',
  },
];

describe("merit: the spec's rules on the contract, the machine and the server (PGlite)", () => {
  const t = useTestApp('pglite');
  let token = '';
  let items: MeritItem[] = [];

  beforeAll(async () => {
    token = await t.login(PHONE);
    const list = await t.call('GET', `${meritApi.list.path}?channel=1`);
    items = v.parse(meritApi.list.response, list.body).data;
  });

  const itemOf = (c: MeritCase): MeritItem => {
    const item = items.find((i) => i.PRICE_MODEL === c.model);
    if (!item) throw new Error(`no seeded merit item of price model ${c.model}`);
    return item;
  };
  /** What the believer chose; model 3 takes the item's first name unless the case says otherwise. */
  const selectionOf = (c: MeritCase): MeritSelection => ({
    ...emptySelection,
    choice: c.model === '3' ? (itemOf(c).GDM[0]?.MERIT_ITEM ?? null) : null,
    ...c.selection,
  });
  const orderOf = (c: MeritCase) => {
    const order = buildMeritOrder(itemOf(c), selectionOf(c), PHONE) as unknown as Record<string, unknown>;
    return c.wire ? c.wire(order) : order;
  };

  checkSpecRules('merit (功德)', rows, {
    app: t,
    token: () => token,
    contract: (c) => {
      const judged = judgeMeritForm(itemOf(c), selectionOf(c));
      if (judged.outcome === 'overLimit') return MERIT_MESSAGES.overLimit;
      if (judged.outcome === 'invalid') return firstMessage(MERIT_FIELDS, judged.errors);
      // What the form passes, the order's schema judges on the wire.
      return v.safeParse(meritOrderRequest, orderOf(c)).issues?.[0]?.message ?? null;
    },
    machine: async (c) => {
      const orders: HeldOrder[] = [];
      const actor = createActor(
        meritOrderMachine.provide({ actors: { checkout: fakeCheckout(orders, () => false) } }),
        { input: { item: itemOf(c) } },
      ).start();
      actor.send({
        type: 'order.submit',
        device: ON_A_COMPUTER,
        form: selectionOf(c),
        mobile: PHONE,
        key: 'key-spec-merit',
      });
      const snapshot = actor.getSnapshot();
      const message = snapshot.matches('overLimit')
        ? MERIT_MESSAGES.overLimit
        : firstMessage(MERIT_FIELDS, snapshot.context.errors);
      // 确认支付 where the dialog opened: the checkout is asked only for an order the machine took.
      actor.send({ type: 'order.confirm' });
      actor.stop();
      return { message, proceeded: checkedOut(orders) };
    },
    server: (c, as) => t.form(meritApi.order.path, orderOf(c), as),
  });
});
