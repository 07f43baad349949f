import {
  judgeMeritForm,
  MERIT_MESSAGES,
  type MeritDraft,
  type MeritField,
  type MeritFieldErrors,
  type MeritItem,
  type MeritOrderRequest,
  type MeritSelection,
} from '@contract/merit';
import { setup } from 'xstate';
import {
  type FlowContext,
  type FlowEvent,
  fieldErrorFlow,
  flowContext,
  orderingFlow,
  type SubmitEvent,
} from './ordering-flow';

/**
 * Ordering a merit offering (功德供养) on its detail page: the ordering flow (ordering-flow.ts)
 * with an online limit and no reservation.
 *
 * | state                | the believer sees                                                     |
 * | -------------------- | --------------------------------------------------------------------- |
 * | editing              | the option cards, the total and 提交; each problem under its field     |
 * | overLimit            | 功德金超过10000，请前往寺庙办理 (确定 goes back to /merit, 取消 stays)   |
 * | awaitingLogin        | the login dialog saying why (请先登录…)                                |
 * | ordering.confirming  | 订单确认: item (and the name chosen), quantity, donor, wish, amount    |
 * | ordering.checkingOut | the checkout: the dialog, 确认支付 pending, then the QR dialog         |
 * | paid (final)         | the success page of the order (/success?no=…)                         |
 * | left (final)         | back on /merit                                                        |
 *
 * The form comes first because it is what the believer can fix on the page, and so a login
 * always leads straight to a confirmation; over the limit comes before the login because no login
 * helps there (001 section 5: the advice to go to the temple). A QR closed unpaid returns to the
 * form (the order is kept for its hold, 我的订单).
 */
export interface MeritOrderContext extends FlowContext {
  item: MeritItem;
  errors: MeritFieldErrors;
  draft: MeritDraft | null;
}

export type MeritSubmit = SubmitEvent<MeritSelection>;
export type MeritOrderEvent = MeritSubmit | FlowEvent | { type: 'form.edit'; field: MeritField };

const judge = (context: MeritOrderContext, submit: MeritSubmit) => judgeMeritForm(context.item, submit.form);

/** The order the confirmation shows and the checkout makes: the draft with the believer's phone. */
export const meritOrderOf = (context: MeritOrderContext): MeritOrderRequest | null =>
  context.draft ? { ...context.draft, MOBILE: context.mobile ?? '' } : null;

const fields = fieldErrorFlow<MeritOrderContext, MeritField>();

const flow = orderingFlow<MeritOrderContext, MeritSubmit, MeritOrderEvent>({
  id: 'meritOrder',
  loginNotice: MERIT_MESSAGES.loginFirst,
  ...fields.judgedBy(judge),
  dialog: { cancelled: () => ({}) },
  order: meritOrderOf,
  closedTo: 'editing',
  overLimit: true,
});

export const meritOrderMachine = setup({
  types: flow.types<{ item: MeritItem }>(),
  ...flow.with(),
  actions: { ...flow.actions, clearError: fields.clearError },
}).createMachine({
  context: ({ input }) => ({ ...flowContext(), item: input.item, errors: {}, draft: null }),
  ...flow.config({ editing: { on: fields.editingOn } }),
});
