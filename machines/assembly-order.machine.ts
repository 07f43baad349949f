import {
  ASSEMBLY_MESSAGES,
  type AssemblyOrderRequest,
  assemblyEntryLimit,
  judgeAssemblyOrder,
} from '@contract/assembly';
import {
  type AssemblyDraft,
  type AssemblyField,
  type AssemblyForm,
  type AssemblyInput,
  assemblyOrderOf,
  judgeAssemblyForm,
} from '@contract/assembly-form';
import type { MemorialEntry } from '@contract/memorial-entry';
import { setup } from 'xstate';
import { type MemorialEntriesContext, memorialEntriesFlow } from './memorial-entries-flow';
import type { TabletKind } from './memorial-entry.machine';
import { type FlowEvent, fieldErrorFlow, flowContext, orderingFlow, type SubmitEvent } from './ordering-flow';

/**
 * Registering for a Dharma assembly (法会报名) on its detail page: the ordering flow
 * (ordering-flow.ts) with an online limit, the entries' editor in the order dialog, and the
 * water-land's reservation.
 *
 * | state                  | the believer sees                                                       |
 * | ---------------------- | ----------------------------------------------------------------------- |
 * | editing                | FH, PW, merit amount, quantity, merit items, total, 提交; errors beside   |
 * | overLimit              | 功德金超过10000，请前往寺庙办理 (确定 → /BusinessClass, 取消 stays)         |
 * | awaitingLogin          | the login dialog (请先登录…); the submission continues after the login   |
 * | ordering.confirming    | 订单确认: the choices, the entries (the child `entries`), the preview, the |
 * |                        | agreement, the amount; a rule's or the server's message (role=alert)    |
 * | ordering.checkingOut   | the invoked checkout: the dialog, 确认支付 pending, then the QR dialog   |
 * | reserved               | a water-land reservation: 系统将为您保留位置7天… (no QR); 确定 → the list  |
 * | paid (final)           | /success?no=…                                                           |
 * | left (final)           | back on /BusinessClass                                                  |
 *
 * `order.submit`: a form problem (beside its field), over the online limit, logged out (login,
 * then on), else the dialog, whose editor a cancel stops (entries, type, agreement gone: 000 §4).
 * `order.confirm` judges the order-level rules (judgeAssemblyOrder), then the shared checkout makes
 * or resumes the order with the 提交's key. A rule's message is judged again as entries are added
 * or deleted (数量为2…（已添加1条） goes with the second entry). A refusal stays in the dialog
 * (000 §8); a QR closed unpaid comes back to it with its entries, and 确认支付 opens the same
 * order's QR again.
 */
export interface AssemblyOrderContext extends AssemblyInput, MemorialEntriesContext {
  errors: Partial<Record<AssemblyField, string>>;
  draft: AssemblyDraft | null;
}

export type AssemblySubmit = SubmitEvent<AssemblyForm>;
export type AssemblyOrderEvent =
  | AssemblySubmit
  | FlowEvent
  | { type: 'form.edit'; field: AssemblyField }
  | { type: 'agreement.set'; agreed: boolean };

const judge = (c: AssemblyOrderContext, e: AssemblySubmit) => judgeAssemblyForm(c, e.form);
const entryFacts = (c: AssemblyOrderContext) => ({
  quantity: c.draft?.QUANTITY ?? 1,
  newYearEve: c.hoe.NEW_YEAR_EVE,
  leaderTablet: c.hoe.LEADER_TABLET,
});
const orderProblem = (c: AssemblyOrderContext) =>
  judgeAssemblyOrder({ ...entryFacts(c), entries: c.entries.length, agreed: c.agreed });
const cleared = () => ({ entries: [] as MemorialEntry[], agreed: false, orderError: null });
/** The editor of the dialog: the assembly's entry rules and limit, the type chosen on the page. */
const editorInput = (c: AssemblyOrderContext) => ({
  options: {
    variant: 'assembly' as const,
    blessingNameLength: c.hoe.WISDOM ? (4 as const) : (6 as const),
    sevenGenerations: c.hoe.SEVEN_GENERATIONS,
  },
  tabletKind: (c.draft?.HOE_TYPE ?? '往生') as TabletKind,
  limit: assemblyEntryLimit(entryFacts(c)),
});

/** The order the checkout makes: the draft, the entries and the believer's phone. */
export const assemblyOrderOfContext = (c: AssemblyOrderContext): AssemblyOrderRequest | null =>
  c.draft ? assemblyOrderOf(c.draft, c.entries, c.mobile ?? '') : null;

const entries = memorialEntriesFlow<AssemblyOrderContext>(orderProblem, editorInput);

const fields = fieldErrorFlow<AssemblyOrderContext, AssemblyField>();

const flow = orderingFlow<AssemblyOrderContext, AssemblySubmit, AssemblyOrderEvent>({
  id: 'assemblyOrder',
  loginNotice: ASSEMBLY_MESSAGES.loginFirst,
  ...fields.judgedBy(judge, cleared),
  // The editor's entries, type and the agreement go with a cancel (000 §4).
  dialog: {
    problem: (c) => entries.dialogProblem(c),
    cancelled: cleared,
  },
  order: assemblyOrderOfContext,
  // Closed unpaid: back in the dialog with the entries; 确认支付 opens the same order's QR again.
  closedTo: 'dialog',
  reserved: { closeTo: 'left' },
  overLimit: true,
});

export const assemblyOrderMachine = setup({
  types: flow.types<AssemblyInput, { entries: 'memorialEntry' }>(),
  ...flow.with({ actors: entries.actors }),
  actions: {
    ...flow.actions,
    clearError: fields.clearError,
    ...entries.actions,
  },
}).createMachine({
  context: ({ input }) => ({ ...input, ...flowContext(), errors: {}, draft: null, ...cleared() }),
  ...flow.config({
    editing: { on: fields.editingOn },
    // The editor lives as long as the dialog: cancelling stops it, and its entries with it.
    ordering: entries.ordering,
    dialog: {
      on: {
        ...entries.confirmingOn,
      },
    },
  }),
});
