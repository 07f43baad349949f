import type { PrePayAnswer } from '@contract/payment';
import type { AnyActorRef } from 'xstate';
import { unprovided } from './effects';
import type { PayingDevice, PaymentInput } from './payment.machine';

/**
 * What the ordering machines share: the login's stand-in, the QR dialog's input from the order
 * call's answer, the form's messages, and the seat map's area chosen or its map asked again. No
 * I/O here: the effects are provided.
 */

/** The login dialog of the flows that need a believer: resolves with the mobile. */
export const awaitLoginStandIn = unprovided<string, { notice: string }>('awaitLogin');

/** The payment machine's input from prePay's answer. */
export const paymentOf = (answer: PrePayAnswer, device: PayingDevice): PaymentInput => ({
  outTradeNo: answer.out_trade_no,
  codeUrl: answer.code_img_url,
  expiresAt: answer.expire_time,
  description: answer.description,
  amount: answer.amount,
  device,
});

/** A judged form's field messages (none when it is valid or only over a limit). */
export const fieldErrorsOf = <F extends string>(
  judged: { outcome: 'invalid'; errors: Partial<Record<F, string>> } | { outcome: string },
): Partial<Record<F, string>> => ('errors' in judged && judged.outcome === 'invalid' ? judged.errors : {});

/**
 * The order dialog's message when what a rule judged changes (an entry added or deleted): a rule's
 * message is judged again, so it follows the count or goes once the order passes; a message that
 * is not the rule's (the server's refusal) stays until the next 确认.
 */
export const rejudged = (shown: string | null, before: string | null, after: string | null) =>
  shown !== null && shown === before ? after : shown;

/** The field messages without the one of the field the believer changed. */
export const withoutField = <F extends string>(errors: Partial<Record<F, string>>, field: F) => {
  const { [field]: _, ...rest } = errors;
  return rest as Partial<Record<F, string>>;
};

/** The flow's seat map, its invoked child `seats`, if it is alive. */
const seatsOf = (self: AnyActorRef) =>
  // Looked up rather than `sendTo('seats')`: a walk of the graph has no live child to send to.
  (self.getSnapshot().children as { seats?: AnyActorRef }).seats;

/**
 * The seats may have changed: the flow's seat map (its invoked child `seats`) is asked again,
 * told which seat the believer's own unpaid order holds (`mine`), if any.
 */
export const refreshSeatMap = (self: AnyActorRef, mine?: string) => {
  seatsOf(self)?.send({ type: 'map.refresh', mine });
};

/**
 * The choices name an area (null: not yet): the flow's seat map shows its map, forgetting the seat
 * chosen on another; the same area again changes nothing. The map's snapshot then says the seat.
 */
export const chooseSeatArea = (self: AnyActorRef, area: string | null) => {
  seatsOf(self)?.send({ type: 'area.choose', area });
};
