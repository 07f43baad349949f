import type { MemorialEntry } from '@contract/memorial-entry';
import { type MemorialEntryInput, memorialEntryMachine } from './memorial-entry.machine';
import { rejudged } from './ordering';
import { type FlowContext, update } from './ordering-flow';

/**
 * An ordering flow whose order dialog edits memorial entries (assemblies, ceremonies): the invoked
 * memorial-entry editor `entries` lives as long as the dialog, its entries are the order's, and
 * the order-level rule (请添加明细信息…, the agreement) is judged on 确认 and again as entries are
 * added or deleted.
 */
export interface MemorialEntriesContext extends FlowContext {
  entries: MemorialEntry[];
  agreed: boolean;
}

/** The editor's part of a kind's machine, from the kind's order rule and the editor's input. */
export const memorialEntriesFlow = <C extends MemorialEntriesContext>(
  orderProblem: (context: C) => string | null,
  editorInput: (context: C) => MemorialEntryInput,
) => ({
  actors: { memorialEntry: memorialEntryMachine },
  actions: {
    /** A rule's message follows the count, or goes once the order passes; the server's stays. */
    assignEntries: update<C, MemorialEntry[]>(
      ({ context }, entries) =>
        ({
          entries,
          orderError: rejudged(
            context.orderError,
            orderProblem(context),
            orderProblem({ ...context, entries }),
          ),
        }) as Partial<C>,
    ),
    assignAgreed: update<C, boolean>((_, agreed) => ({ agreed, orderError: null }) as Partial<C>),
  },
  /** The dialog's rule for the chain (`dialog.problem`): the message to show, or null. */
  dialogProblem: (context: C): Partial<C> | null => {
    const message = orderProblem(context);
    return message === null ? null : ({ orderError: message } as Partial<C>);
  },
  /** The editor, alive with the order dialog (a cancel stops it); it opens with the entries kept. */
  ordering: {
    invoke: {
      id: 'entries' as const,
      src: 'memorialEntry' as const,
      input: ({ context }: { context: C }) => editorInput(context),
      // `?.`: a stand-in child (a test's) may have no context; the entries stay.
      onSnapshot: {
        actions: {
          type: 'assignEntries' as const,
          params: ({
            context,
            event,
          }: {
            context: C;
            event: { snapshot: { context?: { entries: MemorialEntry[] } } };
          }) => event.snapshot.context?.entries ?? context.entries,
        },
      },
    },
  },
  /** The dialog's agreement (同意…). */
  confirmingOn: {
    'agreement.set': {
      actions: { type: 'assignAgreed', params: ({ event }: { event: { agreed: boolean } }) => event.agreed },
    },
  },
});
