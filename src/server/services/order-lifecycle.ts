import { ORDER_STATE, type OrderStateCode } from '@contract/payment';
import {
  type OrderAction,
  type OrderEvent,
  type OrderStateName,
  orderMachine,
} from '@machines/order.machine';
import { transition } from 'xstate';

/** The stored facts that name an order's state: wire orderState plus the reservation flag. */
export interface StoredState {
  state: number;
  reservation: boolean;
}

export const wireOf: Record<Exclude<OrderStateName, 'creating'>, OrderStateCode> = {
  awaitingPayment: ORDER_STATE.reserved,
  reservedAtTemple: ORDER_STATE.reserved,
  paid: ORDER_STATE.paid,
  closed: ORDER_STATE.closed,
  refunding: ORDER_STATE.refunding,
  refunded: ORDER_STATE.refunded,
};

export const stateNameOf = ({ state, reservation }: StoredState): OrderStateName | null => {
  if (state === ORDER_STATE.reserved) return reservation ? 'reservedAtTemple' : 'awaitingPayment';
  const found = Object.entries(wireOf).find(([name, code]) => code === state && name !== 'reservedAtTemple');
  return (found?.[0] as OrderStateName | undefined) ?? null;
};

export interface OrderStep {
  /** The wire orderState after the event. */
  state: OrderStateCode;
  /** What the server must do, in order, inside the same transaction. */
  actions: OrderAction[];
}

/**
 * The order machine's pure transition from a stored state (or from `creating`): the next wire
 * state and the actions to carry out, or null when the event is not accepted there (a late
 * sweep, a refund of a closed order).
 */
export const orderStep = (from: StoredState | 'creating', event: OrderEvent): OrderStep | null => {
  const name = from === 'creating' ? 'creating' : stateNameOf(from);
  if (!name) return null;
  const snapshot = orderMachine.resolveState({ value: name, context: {} });
  if (!snapshot.can(event)) return null;
  const [next, actions] = transition(orderMachine, snapshot, event);
  const value = next.value as OrderStateName;
  if (value === 'creating') return null;
  return { state: wireOf[value], actions: actions.map((a) => a.type as OrderAction) };
};
