import { ORDER_STATE, type OrderStateCode } from '@contract/payment';
import { type OrderEvent, type OrderStateName, orderMachine } from '@machines/order.machine';
import { transition } from 'xstate';

const nameOf: Record<number, OrderStateName> = {
  [ORDER_STATE.reserved]: 'reserved',
  [ORDER_STATE.paid]: 'paid',
  [ORDER_STATE.closed]: 'closed',
  [ORDER_STATE.refunding]: 'refunding',
  [ORDER_STATE.refunded]: 'refunded',
};

/**
 * The order machine's pure transition from a stored orderState: the next state's code, or null
 * when the event is not accepted there (a repeated notification, a late sweep).
 */
export const nextOrderState = (state: number, event: OrderEvent): OrderStateCode | null => {
  const name = nameOf[state];
  if (!name) return null;
  const snapshot = orderMachine.resolveState({ value: name, context: {} });
  if (!snapshot.can(event)) return null;
  const [next] = transition(orderMachine, snapshot, event);
  return ORDER_STATE[next.value as OrderStateName];
};
