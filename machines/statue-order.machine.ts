import { STATUE_MESSAGES } from '@contract/statue';
import {
  isReservationTotal,
  judgeStatueDialog,
  judgeStatueForm,
  type StatueDialogField,
  type StatueDraft,
  type StatueForm,
  type StatuePlace,
  statueArea,
  statueDraftOf,
  statueFormError,
} from '@contract/statue-form';
import { assign, setup } from 'xstate';
import {
  type FlowContext,
  type FlowEvent,
  flowContext,
  orderingFlow,
  type SubmitEvent,
} from './ordering-flow';
import { type SeatMapContext, seatMapFlow } from './seat-map-flow';

/**
 * Enshrining a statue (圣像供奉) on /powerdekorDetail: the choices, a niche on the seat map (the
 * invoked seat-selection machine `seats`, alive with the page), then the ordering flow
 * (ordering-flow.ts) with its notice and reservation at 10000 and above.
 *
 * | state                  | the believer sees                                                      |
 * | ---------------------- | ---------------------------------------------------------------------- |
 * | editing                | material, statue, term, group, the seat map, the total, 提交             |
 * | awaitingLogin          | the login dialog; the order continues after the login                  |
 * | notice                 | 温馨提示 (10000 and above): the seat is kept 7 days, come to the temple  |
 * | ordering.confirming    | 订单确认: the choices, 功德芳名 and 备注 with their messages, the total  |
 * | ordering.checkingOut   | the invoked checkout: the dialog, 确定 pending; the QR 2 s after (001 §4) |
 * | reserved               | 预定成功: the seat kept 7 days (the answer 办理成功, no QR)               |
 * | paid (final)           | /success?no=…                                                          |
 *
 * `choices.change` (editing only: elsewhere a dialog covers the choices) picks the map: `seats`
 * is told the area of the location, material and group (none until both are chosen), and another
 * area forgets the seat chosen on the old one; the message beside 提交 goes, as with `form.edit`.
 * 提交 with a choice or the seat missing says 请选择材质类型,佛像类型，期限以及佛像位置; logged out,
 * the login comes first. The shared checkout makes or resumes the order with the 提交's key. A
 * refusal (该位置已被选择) stays in the dialog; a QR closed unpaid comes back to the dialog with
 * 功德芳名 and 备注, its seat still theirs (`mine`): 确定 again resumes the same order; a
 * reservation's 确定 goes back to the page. Each asks the map again.
 */
export interface StatueOrderContext extends StatuePlace, FlowContext, SeatMapContext {
  draft: StatueDraft | null;
  donor: string;
  remark: string;
  fieldErrors: Partial<Record<StatueDialogField, string>>;
}

export type StatueSubmit = SubmitEvent<StatueForm>;
export type StatueOrderEvent =
  | StatueSubmit
  | FlowEvent
  | { type: 'choices.change'; material: number | null; group: string | null }
  | { type: 'form.edit' }
  | { type: 'donor.change'; donor: string }
  | { type: 'remark.change'; remark: string };

type ChoicesEvent = Extract<StatueOrderEvent, { type: 'choices.change' }>;

const judge = (c: StatueOrderContext, e: StatueSubmit) => judgeStatueForm(c, e.form, c.position);
const dialogErrors = (c: StatueOrderContext) => judgeStatueDialog(c);
const cleared = () => ({ donor: '', remark: '', fieldErrors: {}, orderError: null });

const flow = orderingFlow<StatueOrderContext, StatueSubmit, StatueOrderEvent>({
  id: 'statueOrder',
  loginNotice: STATUE_MESSAGES.loginFirst,
  judge: (c, e) => judge(c, e).outcome,
  problem: (c, e) => ({ error: statueFormError(judge(c, e)) }),
  submitted: (c, e) => ({ ...cleared(), error: null, draft: statueDraftOf(judge(c, e)) }),
  // 温馨提示 (10000 and above): the seat is kept 7 days, come to the temple.
  notice: (c) => isReservationTotal(c.draft?.GFJ_TOTAL ?? 0),
  dialog: {
    problem: (c) => {
      const fieldErrors = dialogErrors(c);
      return Object.keys(fieldErrors).length > 0 ? { fieldErrors } : null;
    },
    cancelled: cleared,
  },
  order: (c) => ({
    ...(c.draft as StatueDraft),
    GD_NAMES: c.donor.trim(),
    REMARK: c.remark,
    MOBILE: c.mobile ?? '',
  }),
  qrDelay: 2000,
  // Closed unpaid: back in the dialog with 功德芳名 and 备注; the order is kept for its hold
  // (我的订单), its seat `mine`: 确定 again resumes it.
  closedTo: 'dialog',
  reserved: { closeTo: 'editing', cleared },
});

const seats = seatMapFlow<StatueOrderContext, ChoicesEvent>((c, e) =>
  statueArea(c.location, e.material, e.group),
);

export const statueOrderMachine = setup({
  types: flow.types<StatuePlace, { seats: 'seatSelection' }>(),
  ...flow.with({ actors: seats.actors }),
  actions: {
    ...flow.actions,
    ...seats.actions,
    assignDonor: assign(({ context }, donor: string) => ({
      donor,
      fieldErrors: { ...context.fieldErrors, donor: undefined },
      orderError: null,
    })),
    assignRemark: assign(({ context }, remark: string) => ({
      remark,
      fieldErrors: { ...context.fieldErrors, remark: undefined },
      orderError: null,
    })),
  },
}).createMachine({
  context: ({ input }) => ({ ...input, ...flowContext(), ...seats.context(), ...cleared() }),
  // The map lives with the page; its selection is the order's seat.
  invoke: seats.invoke,
  ...flow.config({
    editing: { on: seats.editingOn },
    dialog: {
      on: {
        'donor.change': {
          actions: { type: 'assignDonor', params: ({ event }) => event.donor },
        },
        'remark.change': {
          actions: {
            type: 'assignRemark',
            params: ({ event }) => event.remark,
          },
        },
      },
    },
  }),
});
