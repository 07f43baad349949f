import { readFileSync } from 'node:fs';
import { ASSEMBLY_MESSAGES } from '@contract/assembly';
import { CEREMONY_MESSAGES } from '@contract/ceremony';
import { emptySelection, MERIT_MESSAGES } from '@contract/merit';
import { STATUE_MESSAGES } from '@contract/statue';
import { TABLET_MESSAGES } from '@contract/tablet';
import { assemblyOrderMachine } from '@machines/assembly-order.machine';
import { ceremonyBookingMachine } from '@machines/ceremony-booking.machine';
import type { CheckoutOutput } from '@machines/checkout.machine';
import { enshrinementRenewalMachine, modelEnshrinement } from '@machines/enshrinement-renewal.machine';
import {
  modelCeremony,
  modelHoe,
  modelHoePrices,
  modelMembershipPackages,
  modelMeritItem,
} from '@machines/index';
import { membershipJoinMachine } from '@machines/membership-join.machine';
import { membershipRenewalMachine } from '@machines/membership-renewal.machine';
import { meritOrderMachine } from '@machines/merit-order.machine';
import { ON_A_COMPUTER, type PayingDevice } from '@machines/payment.machine';
import { proxyRenewalMachine } from '@machines/proxy-renewal.machine';
import { statueOrderMachine } from '@machines/statue-order.machine';
import { tabletBookingMachine } from '@machines/tablet-booking.machine';
import { describe, expect, it } from 'vitest';
import {
  type AnyActorRef,
  type AnyEventObject,
  type AnyStateMachine,
  createActor,
  fromPromise,
} from 'xstate';
import { modelDeceased } from '../support/statecharts/fixtures/assembly-order';
import { goodJoin, joinDefaults } from '../support/statecharts/fixtures/membership-join';
import {
  MEMBER_CODE,
  MEMBER_NAME,
  otherMember,
  RELATION,
} from '../support/statecharts/fixtures/proxy-renewal';
import {
  MODEL_SEAT,
  modelMaterial,
  modelStatue,
  modelStatueGroup,
} from '../support/statecharts/fixtures/statue-order';
import {
  MODEL_TABLET_SEAT,
  modelOnlineGroup,
  modelReservedGroup,
  modelTabletFloor,
  TABLET_PRICES,
} from '../support/statecharts/fixtures/tablet-booking';

/**
 * The ordering flow's chain (machines/ordering-flow.ts), walked once for every kind of order: the
 * same journeys with each kind's facts in a row of the table below. A kind's own steps (its
 * choices, entries, seats) have their journeys in its own file; here they are only what it takes
 * to reach the chain's steps. The invoked children answer as the events they send
 * (`xstate.done.actor.*`, `xstate.snapshot.*`); the login dialog and the checkout are stand-ins
 * that never settle by themselves, so every outcome is the test's.
 */
const PHONE = '13812345678';
const KEY = 'key-chain-0001';
const REFUSAL = '该订单已被拒绝：服务器的话';
const ordered = (outcome: CheckoutOutput['outcome'], message: string | null = null): AnyEventObject => ({
  type: 'xstate.done.actor.checkout',
  output: { outcome, outTradeNo: outcome === 'refused' ? '' : 'WF20261201100000000001', message },
});

type Send = (event: AnyEventObject) => void;

interface ChainKind {
  name: string;
  machine: AnyStateMachine;
  input: unknown;
  /** The page's own steps before 提交 (a seat chosen, the member looked up, the next step). */
  before?: (send: Send) => void;
  /** A valid 提交, logged in (a phone) or not (null). */
  submit: (mobile: string | null, key?: string) => AnyEventObject;
  /** The login dialog's words (kinds that ask for a login). */
  loginNotice?: string;
  /** Whether a valid 提交 opens 温馨提示 first. */
  notice?: boolean;
  /** What makes the order dialog's rule pass (kinds with a dialog). */
  dialog?: (send: Send) => void;
  /** Whether 确认 opens 须知 before the order. */
  reserving?: boolean;
  /** Where a refusal and a QR closed unpaid come back to. */
  refusedTo: string;
  closedTo: string;
  /** Where 确定 on a reservation goes (kinds that can reserve). */
  reservedCloseTo?: string;
  /** A 提交 over the online limit (kinds with one). */
  overLimit?: (mobile: string | null) => AnyEventObject;
  /** The guard precedence: a 提交 and where it leaves the flow, in the kind's own order. */
  precedence: { rule: string; event: AnyEventObject; state: string; skipBefore?: boolean }[];
  /** The refusal's words as the kind shows them. */
  refusalShown?: string;
}

const meritSubmit =
  (form: Partial<typeof emptySelection>) =>
  (mobile: string | null, key = KEY) => ({
    type: 'order.submit',
    device: ON_A_COMPUTER,
    form: { ...emptySelection, quantity: 2, donor: '陈居士', ...form },
    mobile,
    key,
  });
const assemblySubmit =
  (form: { tabletType?: string; count?: number }) =>
  (mobile: string | null, key = KEY) => ({
    type: 'order.submit',
    device: ON_A_COMPUTER,
    form: {
      hoeType: '往生',
      tabletType: form.tabletType ?? '小功德主',
      amount: null,
      quantity: 1,
      merit: [{ item: 'DENG', unitPrice: 100, count: form.count ?? 0 }],
    },
    mobile,
    key,
  });
const ceremonySubmit =
  (tier: string) =>
  (mobile: string | null, key = KEY) => ({
    type: 'order.submit',
    device: ON_A_COMPUTER,
    form: { tabletType: '往生莲位', tier, date: '2026-12-08', time: '08:30-10:00' },
    mobile,
    key,
  });
const statueSubmit =
  (gfType: '1' | '2') =>
  (mobile: string | null, key = KEY) => ({
    type: 'order.submit',
    device: ON_A_COMPUTER,
    form: { material: modelMaterial, statue: modelStatue, gfType, group: modelStatueGroup },
    mobile,
    key,
  });
const tabletSubmit =
  (category: string, reserved = false) =>
  (mobile: string | null, key = KEY) => ({
    type: 'order.submit',
    device: ON_A_COMPUTER,
    form: {
      category,
      floor: modelTabletFloor,
      group: reserved ? modelReservedGroup : modelOnlineGroup,
      price: reserved ? TABLET_PRICES.reserved : TABLET_PRICES.online,
    },
    mobile,
    key,
  });
const seat = (selected: string | null): AnyEventObject => ({
  type: 'xstate.snapshot.seats',
  snapshot: { context: { selected } },
});
const renew = (mobile: string | null, key = KEY) => ({
  type: 'order.submit',
  device: ON_A_COMPUTER,
  mobile: mobile ?? PHONE,
  key,
});

const KINDS: ChainKind[] = [
  {
    name: 'merit-order',
    machine: meritOrderMachine,
    input: { item: modelMeritItem },
    submit: meritSubmit({}),
    loginNotice: MERIT_MESSAGES.loginFirst,
    dialog: () => {},
    refusedTo: 'ordering.confirming',
    closedTo: 'editing',
    overLimit: meritSubmit({ quantity: 101 }),
    // The form first (what the believer can fix here), then the limit (no login helps), then the login.
    precedence: [
      { rule: 'a form problem, logged out', event: meritSubmit({ donor: '' })(null), state: 'editing' },
      {
        rule: 'a form problem over the limit',
        event: meritSubmit({ donor: '', quantity: 101 })(null),
        state: 'editing',
      },
      { rule: 'over the limit, logged out', event: meritSubmit({ quantity: 101 })(null), state: 'overLimit' },
      { rule: 'valid, logged out', event: meritSubmit({})(null), state: 'awaitingLogin' },
      { rule: 'valid, logged in', event: meritSubmit({})(PHONE), state: 'ordering.confirming' },
    ],
  },
  {
    name: 'assembly-order',
    machine: assemblyOrderMachine,
    input: { hoe: modelHoe, prices: modelHoePrices },
    submit: assemblySubmit({}),
    loginNotice: ASSEMBLY_MESSAGES.loginFirst,
    dialog: (send) => {
      send({ type: 'xstate.snapshot.entries', snapshot: { context: { entries: [modelDeceased] } } });
      send({ type: 'agreement.set', agreed: true });
    },
    refusedTo: 'ordering.confirming',
    closedTo: 'ordering.confirming',
    reservedCloseTo: 'left',
    overLimit: assemblySubmit({ count: 200 }),
    precedence: [
      {
        rule: 'a form problem, logged out',
        event: assemblySubmit({ tabletType: '' })(null),
        state: 'editing',
      },
      {
        rule: 'a form problem over the limit',
        event: assemblySubmit({ tabletType: '', count: 200 })(null),
        state: 'editing',
      },
      { rule: 'over the limit, logged out', event: assemblySubmit({ count: 200 })(null), state: 'overLimit' },
      { rule: 'valid, logged out', event: assemblySubmit({})(null), state: 'awaitingLogin' },
      { rule: 'valid, logged in', event: assemblySubmit({})(PHONE), state: 'ordering.confirming' },
    ],
  },
  {
    name: 'ceremony-booking',
    machine: ceremonyBookingMachine,
    input: { detail: modelCeremony, now: () => '2026-12-01 10:00:00' },
    submit: ceremonySubmit('一堂'),
    loginNotice: CEREMONY_MESSAGES.loginFirst,
    notice: true,
    dialog: (send) => {
      send({ type: 'xstate.snapshot.entries', snapshot: { context: { entries: [modelDeceased] } } });
      send({ type: 'agreement.set', agreed: true });
      send({ type: 'cause.change', cause: '祈愿先父往生净土' });
    },
    reserving: true,
    refusedTo: 'ordering.confirming',
    closedTo: 'ordering.confirming',
    // The login before the notice: the notice is about the order a believer makes.
    precedence: [
      { rule: 'a form problem, logged out', event: ceremonySubmit('')(null), state: 'editing' },
      { rule: 'valid, logged out', event: ceremonySubmit('一堂')(null), state: 'awaitingLogin' },
      { rule: 'valid, logged in', event: ceremonySubmit('一堂')(PHONE), state: 'notice' },
    ],
  },
  {
    name: 'statue-order',
    machine: statueOrderMachine,
    input: { location: '1', locationName: '大殿内' },
    before: (send) => send(seat(MODEL_SEAT)),
    submit: statueSubmit('2'),
    loginNotice: STATUE_MESSAGES.loginFirst,
    dialog: (send) => send({ type: 'donor.change', donor: '陈慧' }),
    refusedTo: 'ordering.confirming',
    closedTo: 'ordering.confirming',
    reservedCloseTo: 'editing',
    precedence: [
      {
        rule: 'the seat missing, logged out',
        event: statueSubmit('2')(null),
        state: 'editing',
        skipBefore: true,
      },
      { rule: 'a reservation, logged out', event: statueSubmit('1')(null), state: 'awaitingLogin' },
      { rule: 'a reservation, logged in', event: statueSubmit('1')(PHONE), state: 'notice' },
      { rule: 'online, logged in', event: statueSubmit('2')(PHONE), state: 'ordering.confirming' },
    ],
  },
  {
    name: 'tablet-booking',
    machine: tabletBookingMachine,
    input: { pwType: '2' },
    before: (send) => send(seat(MODEL_TABLET_SEAT)),
    submit: tabletSubmit('1'),
    loginNotice: TABLET_MESSAGES.loginFirst,
    dialog: (send) => send({ type: 'name.change', index: 0, value: '陈大明' }),
    refusedTo: 'ordering.confirming',
    closedTo: 'ordering.confirming',
    reservedCloseTo: 'editing',
    precedence: [
      { rule: 'no category, logged out', event: tabletSubmit('')(null), state: 'editing' },
      { rule: 'a reservation, logged out', event: tabletSubmit('1', true)(null), state: 'awaitingLogin' },
      { rule: 'a reservation, logged in', event: tabletSubmit('1', true)(PHONE), state: 'notice' },
      { rule: 'online, logged in', event: tabletSubmit('1')(PHONE), state: 'ordering.confirming' },
    ],
  },
  {
    name: 'membership-join',
    machine: membershipJoinMachine,
    input: { packages: modelMembershipPackages, mobile: PHONE, values: joinDefaults },
    before: (send) => send({ type: 'package.next' }),
    submit: (mobile, key = KEY) => ({
      type: 'order.submit',
      device: ON_A_COMPUTER,
      form: goodJoin,
      mobile,
      key,
    }),
    dialog: (send) => send({ type: 'consent.set', agreed: true }),
    refusedTo: 'ordering.confirming',
    closedTo: 'ordering.confirming',
    precedence: [
      {
        rule: 'a form problem',
        event: {
          type: 'order.submit',
          device: ON_A_COMPUTER,
          form: { ...goodJoin, GFR1: '' },
          mobile: PHONE,
          key: KEY,
        },
        state: 'editing',
      },
      {
        rule: 'valid',
        event: { type: 'order.submit', device: ON_A_COMPUTER, form: goodJoin, mobile: PHONE, key: KEY },
        state: 'ordering.confirming',
      },
    ],
  },
  {
    name: 'membership-renewal',
    machine: membershipRenewalMachine,
    input: { packages: modelMembershipPackages },
    submit: renew,
    refusedTo: 'editing',
    closedTo: 'editing',
    precedence: [{ rule: 'a purchase', event: renew(PHONE), state: 'ordering.checkingOut' }],
  },
  {
    name: 'proxy-renewal',
    machine: proxyRenewalMachine,
    input: { packages: modelMembershipPackages },
    before: (send) => {
      send({ type: 'lookup.submit', hyCode: MEMBER_CODE, name: MEMBER_NAME });
      send({ type: 'xstate.done.actor.lookupMember', output: otherMember });
      send({ type: 'relation.choose', relation: RELATION });
    },
    submit: renew,
    refusedTo: 'editing',
    closedTo: 'editing',
    precedence: [{ rule: 'a relation chosen', event: renew(PHONE), state: 'ordering.checkingOut' }],
  },
  {
    name: 'enshrinement-renewal',
    machine: enshrinementRenewalMachine,
    input: { item: modelEnshrinement },
    submit: renew,
    refusedTo: 'editing',
    closedTo: 'editing',
    reservedCloseTo: 'left',
    precedence: [{ rule: 'a renewal', event: renew(PHONE), state: 'ordering.checkingOut' }],
  },
];

/** The kind's machine with recorders for the chain's effects and stand-ins for its children. */
const start = (kind: ChainKind) => {
  const effects: string[] = [];
  const record = (name: string) => (_: unknown, params?: { outTradeNo?: string }) =>
    effects.push(params?.outTradeNo ? `${name}:${params.outTradeNo}` : name);
  const never = fromPromise(() => new Promise<never>(() => {}));
  const actor = createActor(
    kind.machine.provide({
      actors: { awaitLogin: never, checkout: never, lookupMember: never },
      actions: Object.fromEntries(
        [
          'goToSuccess',
          'leave',
          'ordersChanged',
          'refused',
          'closedUnpaid',
          'reservedClosed',
          'restarted',
        ].map((name) => [name, record(name)]),
      ),
    }),
    { input: kind.input },
  ).start();
  const send: Send = (event) => actor.send(event);
  const snapshot = () => actor.getSnapshot();
  const at = (state: string) =>
    expect(snapshot().matches(state), `${kind.name} is at ${JSON.stringify(snapshot().value)}`).toBe(true);
  /** What the stand-in checkout was given: the order and the key. */
  const checkoutInput = () =>
    (snapshot().children.checkout as AnyActorRef | undefined)?.getSnapshot().input as
      | { order: Record<string, unknown>; idempotencyKey: string; device: PayingDevice }
      | undefined;
  /** From the page to the order made: 提交, the notice, the dialog's fields, 确认, 须知. */
  const toDialog = (key = KEY, device = ON_A_COMPUTER) => {
    kind.before?.(send);
    send({ ...kind.submit(PHONE, key), device });
    if (kind.notice) {
      at('notice');
      send({ type: 'notice.confirm' });
    }
  };
  const confirm = () => {
    kind.dialog?.(send);
    if (kind.dialog) send({ type: 'order.confirm' });
    if (kind.reserving) {
      at('ordering.reserving');
      send({ type: 'reservation.confirm' });
    }
    at('ordering.checkingOut');
  };
  const toCheckout = (key = KEY, device = ON_A_COMPUTER) => {
    toDialog(key, device);
    confirm();
  };
  return { actor, send, snapshot, at, effects, checkoutInput, toCheckout, confirm };
};

describe.each(KINDS)('the ordering chain: $name', (kind) => {
  it('an order made and paid: the checkout gets the key of the 提交; paid → the success of that order', () => {
    const flow = start(kind);
    flow.toCheckout('key-paid-0001');
    expect(flow.checkoutInput()?.idempotencyKey).toBe('key-paid-0001');
    expect(flow.checkoutInput()?.order).toBeTruthy();
    expect(flow.effects).toEqual([]);
    flow.send(ordered('paid'));
    flow.at('paid');
    expect(flow.snapshot().status).toBe('done');
    expect(flow.effects).toEqual(['ordersChanged', 'goToSuccess:WF20261201100000000001']);
  });

  it.each([
    ['a phone', { phone: true }],
    ['a computer', { phone: false }],
  ])(
    'the device of the 提交 (%s) reaches the checkout, which chooses the way of paying from it',
    (_, device) => {
      const flow = start(kind);
      flow.toCheckout('key-device-01', device);
      expect(flow.checkoutInput()?.device).toEqual(device);
    },
  );

  it('a refusal comes back with the server’s words; the next try sends the same key', () => {
    const flow = start(kind);
    flow.toCheckout('key-refused-01');
    flow.send(ordered('refused', REFUSAL));
    flow.at(kind.refusedTo);
    expect(flow.snapshot().context.orderError).toBe(kind.refusalShown ?? REFUSAL);
    expect(flow.effects).toEqual(['refused']);
    if (kind.refusedTo === 'editing') flow.send(kind.submit(PHONE, 'key-refused-02'));
    flow.confirm();
    // A retry of one confirmation (or of one purchase, pressed again with a fresh key) is the same
    // order to the server.
    expect(flow.checkoutInput()?.idempotencyKey).toBe('key-refused-01');
    expect(flow.snapshot().context.orderError).toBeNull();
  });

  it('a QR closed unpaid: back where the kind says, the order kept; nothing paid', () => {
    const flow = start(kind);
    flow.toCheckout();
    flow.send(ordered('closed'));
    flow.at(kind.closedTo);
    expect(flow.effects).toEqual(['ordersChanged', 'closedUnpaid']);
    expect(flow.snapshot().status).toBe('active');
  });

  if (kind.reservedCloseTo)
    it('a reservation: kept (no QR); its 确定 goes back or leaves', () => {
      const flow = start(kind);
      flow.toCheckout();
      flow.send(ordered('reserved'));
      flow.at('reserved');
      expect(flow.effects).toEqual(['ordersChanged']);
      flow.send({ type: 'reserved.close' });
      flow.at(kind.reservedCloseTo as string);
      expect(flow.effects).toEqual([
        'ordersChanged',
        'reservedClosed',
        ...(kind.reservedCloseTo === 'left' ? ['leave'] : []),
      ]);
    });

  if (!kind.reservedCloseTo)
    it('never reserved: the kind has no reservation to show', () => {
      expect(Object.keys(kind.machine.root.states)).not.toContain('reserved');
    });

  if (kind.loginNotice)
    it('logged out: the login says why; after it the order goes on with that phone', () => {
      const flow = start(kind);
      kind.before?.(flow.send);
      flow.send(kind.submit(null));
      flow.at('awaitingLogin');
      const login = flow.snapshot().children.awaitLogin as AnyActorRef;
      expect((login.getSnapshot().input as { notice: string }).notice).toBe(kind.loginNotice);
      flow.send({ type: 'xstate.done.actor.awaitLogin', output: '13900001111' });
      flow.at(kind.notice ? 'notice' : 'ordering.confirming');
      expect(flow.snapshot().context.mobile).toBe('13900001111');
      expect(flow.checkoutInput()).toBeUndefined();
    });

  if (kind.loginNotice)
    it('the login closed: back on the page as it was, no order', () => {
      const flow = start(kind);
      kind.before?.(flow.send);
      flow.send(kind.submit(null));
      flow.send({ type: 'xstate.error.actor.awaitLogin', error: new Error('login dismissed') });
      flow.at('editing');
      expect(flow.checkoutInput()).toBeUndefined();
      expect(flow.effects).toEqual([]);
    });

  if (kind.dialog)
    it('the order dialog’s 取消: back on the page, no order', () => {
      const flow = start(kind);
      kind.before?.(flow.send);
      flow.send(kind.submit(PHONE));
      if (kind.notice) flow.send({ type: 'notice.confirm' });
      flow.at('ordering.confirming');
      flow.send({ type: 'order.cancel' });
      flow.at('editing');
      expect(flow.checkoutInput()).toBeUndefined();
    });

  if (kind.notice)
    it('the notice’s 取消: back on the page, no dialog', () => {
      const flow = start(kind);
      kind.before?.(flow.send);
      flow.send(kind.submit(PHONE));
      flow.at('notice');
      flow.send({ type: 'notice.cancel' });
      flow.at('editing');
    });

  if (kind.overLimit)
    it('over the limit: 确定 leaves for the list, 取消 stays on the page', () => {
      const flow = start(kind);
      flow.send((kind.overLimit as (m: string | null) => AnyEventObject)(PHONE));
      flow.at('overLimit');
      flow.send({ type: 'overLimit.cancel' });
      flow.at('editing');
      flow.send((kind.overLimit as (m: string | null) => AnyEventObject)(PHONE));
      flow.send({ type: 'overLimit.confirm' });
      flow.at('left');
      expect(flow.effects).toEqual(['leave']);
    });

  it.each(kind.precedence)('guard precedence: $rule → $state', ({ event, state, skipBefore }) => {
    const flow = start(kind);
    if (!skipBefore) kind.before?.(flow.send);
    flow.send(event);
    flow.at(state);
    expect(flow.checkoutInput()?.idempotencyKey).toBe(state === 'ordering.checkingOut' ? KEY : undefined);
  });
});

/**
 * The chain is written once: a kind's machine file builds it from the factory and never defines
 * the chain's states or routes a checkout's outcome itself (DESIGN section 3).
 */
describe('no ordering machine writes the chain again', () => {
  const chainWords = [
    { what: 'the checkout child', pattern: /src:\s*'checkout'/ },
    { what: 'the login child', pattern: /src:\s*'awaitLogin'/ },
    {
      what: 'a checkout outcome',
      pattern: /outcomeIs|isPaid|isRefused|isReserved|xstate\.done\.actor\.checkout/,
    },
    {
      what: 'the chain’s states',
      pattern: /^\s*(awaitingLogin|checkingOut|confirming|notice|reserving|overLimit):\s*\{/m,
    },
  ];
  it.each(KINDS.map((kind) => kind.name))('%s', (name) => {
    const source = readFileSync(new URL(`../../machines/${name}.machine.ts`, import.meta.url), 'utf8');
    expect(source).toContain('orderingFlow<');
    for (const { what, pattern } of chainWords)
      expect(source, `${name} defines ${what}`).not.toMatch(pattern);
  });
});
