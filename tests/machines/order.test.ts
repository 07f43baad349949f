import { ORDER_STATE } from '@contract/payment';
import { machineRegistry } from '@machines/index';
import type { OrderEvent, OrderStateName } from '@machines/order.machine';
import { orderStep, type StoredState, stateNameOf } from '@server/services/order-lifecycle';
import { modelPaths } from '@tests/support/statecharts/graph';
import { describe, expect, it } from 'vitest';

const entry = machineRegistry.find((e) => e.name === 'order');
if (!entry) throw new Error('order machine is not registered');

/** Runs events from `creating` through the server's transition function, as the database would store them. */
const run = (...events: OrderEvent[]) => {
  let stored: StoredState | 'creating' = 'creating';
  const actions: string[] = [];
  for (const event of events) {
    const step = orderStep(stored, event);
    if (!step) return { stored, actions, refused: event.type };
    const reservation: boolean =
      stored === 'creating' ? event.type === 'order.created' && event.reservation : stored.reservation;
    stored = { state: step.state, reservation };
    actions.push(...step.actions);
  }
  return { stored, actions, refused: null };
};

describe('order lifecycle: each generated path through the server’s transition function', () => {
  it.each(modelPaths(entry).paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
    let stored: StoredState | 'creating' = 'creating';
    for (const step of path.steps) {
      const next = orderStep(stored, step.event as OrderEvent);
      expect(next, step.event.type).not.toBeNull();
      if (!next) return;
      const reservation: boolean =
        stored === 'creating'
          ? Boolean((step.event as { reservation?: boolean }).reservation)
          : stored.reservation;
      stored = { state: next.state, reservation };
      expect(stateNameOf(stored)).toBe(step.state.value as OrderStateName);
    }
  });
});

describe('order lifecycle journeys (expected end states and actions)', () => {
  const created = { type: 'order.created', reservation: false } as const;
  const reserved = { type: 'order.created', reservation: true } as const;

  it('an online order takes its place, and paying it marks it paid', () => {
    expect(run(created, { type: 'payment.confirmed', placeAvailable: true })).toEqual({
      stored: { state: ORDER_STATE.paid, reservation: false },
      actions: ['takePlace', 'markPaid'],
      refused: null,
    });
  });

  it('an expired hold releases its place once; a second sweep is refused', () => {
    expect(run(created, { type: 'hold.expired' }, { type: 'hold.expired' })).toEqual({
      stored: { state: ORDER_STATE.closed, reservation: false },
      actions: ['takePlace', 'releasePlace'],
      refused: 'hold.expired',
    });
  });

  it('late money pays only when the place could be taken again; otherwise the order stays closed, money owed back', () => {
    const late = (placeAvailable: boolean) =>
      run(created, { type: 'hold.expired' }, { type: 'payment.confirmed', placeAvailable });
    expect(late(true).stored).toEqual({ state: ORDER_STATE.paid, reservation: false });
    expect(late(true).actions.at(-1)).toBe('markPaid');
    expect(late(false).stored).toEqual({ state: ORDER_STATE.closed, reservation: false });
    expect(late(false).actions.at(-1)).toBe('markRefundDue');
  });

  it('a reservation is paid by temple staff, not by the sweeper, and closes after its hold', () => {
    expect(run(reserved, { type: 'staff.markedPaid' }).stored).toEqual({
      state: ORDER_STATE.paid,
      reservation: true,
    });
    expect(run(reserved, { type: 'hold.expired' })).toEqual({
      stored: { state: ORDER_STATE.closed, reservation: true },
      actions: ['takePlace', 'releasePlace'],
      refused: null,
    });
    expect(run(created, { type: 'staff.markedPaid' }).refused).toBe('staff.markedPaid');
  });

  it('a cancelled order releases its place; a second payment of a paid order is owed back', () => {
    expect(run(created, { type: 'order.cancelled' }).actions).toEqual(['takePlace', 'releasePlace']);
    const twice = run(
      created,
      { type: 'payment.confirmed', placeAvailable: true },
      { type: 'payment.confirmed', placeAvailable: true },
    );
    expect(twice.stored).toEqual({ state: ORDER_STATE.paid, reservation: false });
    expect(twice.actions).toEqual(['takePlace', 'markPaid', 'markRefundDue']);
  });

  it('refuses what a state does not accept', () => {
    expect(orderStep({ state: ORDER_STATE.paid, reservation: false }, { type: 'hold.expired' })).toBeNull();
    expect(
      orderStep({ state: ORDER_STATE.refunded, reservation: false }, { type: 'refund.requested' }),
    ).toBeNull();
    expect(
      orderStep({ state: ORDER_STATE.closed, reservation: false }, { type: 'order.cancelled' }),
    ).toBeNull();
    expect(orderStep({ state: 42, reservation: false }, { type: 'hold.expired' })).toBeNull();
  });
});
