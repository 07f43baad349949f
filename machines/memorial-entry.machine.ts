import {
  type BlessingField,
  type BlessingForm,
  changeDeceasedField,
  type DeceasedField,
  type DeceasedForm,
  type EntryLimit,
  type EntryOptions,
  type EntryType,
  emptyBlessingForm,
  emptyDeceasedForm,
  judgeBlessingForm,
  judgeDeceasedForm,
  MEMORIAL_MESSAGES,
  type MemorialEntry,
} from '@contract/memorial-entry';
import { assign, emit, setup } from 'xstate';
import { fieldErrorsOf, withoutField } from './ordering';

/**
 * The memorial-entry editor (明细信息) of the assembly order and the ceremony booking: the list of
 * entries and the deceased (往生) and blessing (延生) dialogs. The machine owns the dialog's values,
 * because narrowing and clearing are rules (changing seat 1 clears seats 2 and 3); it judges a
 * save with the contract's schema for its variant and keeps each field's message.
 *
 * | state            | the believer sees                                                        |
 * | ---------------- | ------------------------------------------------------------------------ |
 * | list             | the entries (each with 编辑) and 添加                                       |
 * | choosingType     | 延往生 only: the dialog asks 往生 or 延生; 确定 without one: 请选择类型       |
 * | editingDeceased  | the 往生 dialog: three tablets (seat + name), 阳上 ×6, (ceremony) dates      |
 * | editingBlessing  | the 延生 dialog: three names, (ceremony) birth dates                         |
 *
 * Add pushes, edit replaces, delete removes; `entries.clear` (the dialog cancelled) empties the
 * list; `entries.kind` (another tablet type) drops what the type no longer allows. How many
 * entries an order takes is the parent's rule (`limit`, the contract's EntryLimit): a full list
 * refuses 添加 (`can` false; the view says `limit.full`). The parent reads `context.entries`.
 */
export type TabletKind = '往生' | '延生' | '延往生';

/** The most entries the order takes and why no more can be added; none: no limit here. */
export type MemorialEntryLimit = Pick<EntryLimit, 'max' | 'full'> | null;

export interface MemorialEntryInput {
  options: EntryOptions;
  tabletKind: TabletKind;
  entries?: MemorialEntry[];
  limit?: MemorialEntryLimit;
}

export interface MemorialEntryContext {
  options: EntryOptions;
  tabletKind: TabletKind;
  entries: MemorialEntry[];
  limit: MemorialEntryLimit;
  /** The entry being edited; null while adding. */
  editIndex: number | null;
  deceased: DeceasedForm;
  blessing: BlessingForm;
  errors: Partial<Record<DeceasedField | BlessingField, string>>;
  /** 请选择类型 beside the type choice (延往生). */
  typeError: string | null;
}

export type MemorialEntryEvent =
  | { type: 'entry.add' }
  | { type: 'entry.edit'; index: number }
  | { type: 'entry.delete'; index: number }
  | { type: 'entry.type'; entryType: EntryType }
  | { type: 'entry.change'; field: DeceasedField | BlessingField; value: string }
  | { type: 'entry.save' }
  | { type: 'entry.cancel' }
  | { type: 'entries.clear' }
  | { type: 'entries.kind'; tabletKind: TabletKind };

export type MemorialEntryEmitted = { type: 'entries.changed'; entries: MemorialEntry[] };

type EditEvent = Extract<MemorialEntryEvent, { type: 'entry.edit' }>;
type DeleteEvent = Extract<MemorialEntryEvent, { type: 'entry.delete' }>;
type ChangeEvent = Extract<MemorialEntryEvent, { type: 'entry.change' }>;
type KindEvent = Extract<MemorialEntryEvent, { type: 'entries.kind' }>;

const typeAt = (c: MemorialEntryContext, e: MemorialEntryEvent) =>
  e.type === 'entry.edit' ? c.entries[e.index]?.type : undefined;
const chosen = (e: MemorialEntryEvent) => (e.type === 'entry.type' ? e.entryType : undefined);
const fits = (kind: TabletKind, entry: MemorialEntry) => kind === '延往生' || kind === entry.type;

/** No dialog open: nothing being edited, both forms empty, no message. */
const closed = {
  editIndex: null,
  deceased: emptyDeceasedForm,
  blessing: emptyBlessingForm,
  errors: {},
  typeError: null,
} as const;

const judgeDeceased = (c: MemorialEntryContext) => judgeDeceasedForm(c.deceased, c.options);
const judgeBlessing = (c: MemorialEntryContext) => judgeBlessingForm(c.blessing, c.options);

/** A valid dialog's entry in the list: add pushes, edit replaces the entry at its index. */
const saved = (
  c: MemorialEntryContext,
  judged: { outcome: string; entry?: MemorialEntry },
): MemorialEntry[] => {
  const { entry } = judged;
  if (judged.outcome !== 'valid' || !entry) return c.entries;
  return c.editIndex === null
    ? [...c.entries, entry]
    : c.entries.map((e, i) => (i === c.editIndex ? entry : e));
};

export const memorialEntryMachine = setup({
  types: {
    context: {} as MemorialEntryContext,
    events: {} as MemorialEntryEvent,
    input: {} as MemorialEntryInput,
    emitted: {} as MemorialEntryEmitted,
  },
  guards: {
    isFull: ({ context }) => context.limit !== null && context.entries.length >= context.limit.max,
    hasEntryAt: ({ context, event }) => event.type === 'entry.delete' && event.index < context.entries.length,
    asksType: ({ context }) => context.tabletKind === '延往生',
    addsDeceased: ({ context }) => context.tabletKind === '往生',
    isDeceasedAt: ({ context, event }) => typeAt(context, event) === '往生',
    isBlessingAt: ({ context, event }) => typeAt(context, event) === '延生',
    /** Only 延往生 lets the believer choose (or switch) the dialog. */
    choosesDeceased: ({ context, event }) => context.tabletKind === '延往生' && chosen(event) === '往生',
    choosesBlessing: ({ context, event }) => context.tabletKind === '延往生' && chosen(event) === '延生',
    /** A change to a field of the open dialog (the other dialog's fields are not on screen). */
    changesDeceased: ({ context, event }) => event.type === 'entry.change' && event.field in context.deceased,
    changesBlessing: ({ context, event }) => event.type === 'entry.change' && event.field in context.blessing,
    isDeceasedValid: ({ context }) => judgeDeceased(context).outcome === 'valid',
    isBlessingValid: ({ context }) => judgeBlessing(context).outcome === 'valid',
  },
  actions: {
    startAdding: assign(closed),
    startEditing: assign(({ context }, e: EditEvent) => {
      const entry = context.entries[e.index];
      return {
        editIndex: e.index,
        deceased: entry?.type === '往生' ? entry.form : emptyDeceasedForm,
        blessing: entry?.type === '延生' ? entry.form : emptyBlessingForm,
        errors: {},
        typeError: null,
      };
    }),
    assignTypeError: assign({ typeError: MEMORIAL_MESSAGES.chooseType }),
    /** Switching the dialog (延往生) starts the other form afresh. */
    resetDeceased: assign({ deceased: emptyDeceasedForm, errors: {}, typeError: null }),
    resetBlessing: assign({ blessing: emptyBlessingForm, errors: {}, typeError: null }),
    closeDialog: assign(closed),
    changeDeceased: assign(({ context }, e: ChangeEvent) => ({
      deceased: changeDeceasedField(context.deceased, e.field as DeceasedField, e.value),
      errors: withoutField(context.errors, e.field),
    })),
    changeBlessing: assign(({ context }, e: ChangeEvent) => ({
      blessing: { ...context.blessing, [e.field]: e.value },
      errors: withoutField(context.errors, e.field),
    })),
    assignDeceasedErrors: assign({ errors: ({ context }) => fieldErrorsOf(judgeDeceased(context)) }),
    assignBlessingErrors: assign({ errors: ({ context }) => fieldErrorsOf(judgeBlessing(context)) }),
    saveDeceased: assign({ entries: ({ context }) => saved(context, judgeDeceased(context)) }),
    saveBlessing: assign({ entries: ({ context }) => saved(context, judgeBlessing(context)) }),
    clearEntries: assign({ entries: [] }),
    deleteEntry: assign({
      entries: ({ context }, e: DeleteEvent) => context.entries.filter((_, i) => i !== e.index),
    }),
    changeKind: assign(({ context }, e: KindEvent) => ({
      tabletKind: e.tabletKind,
      entries: context.entries.filter((entry) => fits(e.tabletKind, entry)),
    })),
    announce: emit(({ context }) => ({ type: 'entries.changed' as const, entries: context.entries })),
  },
}).createMachine({
  id: 'memorialEntry',
  context: ({ input }) => ({
    options: input.options,
    tabletKind: input.tabletKind,
    entries: input.entries ?? [],
    limit: input.limit ?? null,
    ...closed,
  }),
  initial: 'list',
  on: {
    // The order dialog cancelled: whatever is open closes and the list empties.
    'entries.clear': { target: '.list', actions: ['clearEntries', 'closeDialog', 'announce'] },
  },
  states: {
    list: {
      on: {
        // The parent's tablet type changed: entries of a dialog it no longer allows are dropped.
        'entries.kind': { actions: [{ type: 'changeKind', params: ({ event }) => event }, 'announce'] },
        // A full list takes no more: `can` is false and the view says why.
        'entry.add': [
          { guard: 'isFull' },
          { guard: 'asksType', target: 'choosingType', actions: 'startAdding' },
          { guard: 'addsDeceased', target: 'editingDeceased', actions: 'startAdding' },
          { target: 'editingBlessing', actions: 'startAdding' },
        ],
        'entry.delete': {
          guard: 'hasEntryAt',
          actions: [{ type: 'deleteEntry', params: ({ event }) => event }, 'announce'],
        },
        'entry.edit': [
          {
            guard: 'isDeceasedAt',
            target: 'editingDeceased',
            actions: { type: 'startEditing', params: ({ event }) => event },
          },
          {
            guard: 'isBlessingAt',
            target: 'editingBlessing',
            actions: { type: 'startEditing', params: ({ event }) => event },
          },
        ],
      },
    },
    choosingType: {
      on: {
        'entry.type': [
          { guard: 'choosesDeceased', target: 'editingDeceased', actions: 'resetDeceased' },
          { guard: 'choosesBlessing', target: 'editingBlessing', actions: 'resetBlessing' },
        ],
        // Before any field is judged: the type comes first (000 section 4).
        'entry.save': { actions: 'assignTypeError' },
        'entry.cancel': { target: 'list', actions: 'closeDialog' },
      },
    },
    editingDeceased: {
      on: {
        'entry.change': {
          guard: 'changesDeceased',
          actions: { type: 'changeDeceased', params: ({ event }) => event },
        },
        'entry.type': { guard: 'choosesBlessing', target: 'editingBlessing', actions: 'resetBlessing' },
        'entry.save': [
          { guard: 'isDeceasedValid', target: 'list', actions: ['saveDeceased', 'closeDialog', 'announce'] },
          { actions: 'assignDeceasedErrors' },
        ],
        'entry.cancel': { target: 'list', actions: 'closeDialog' },
      },
    },
    editingBlessing: {
      on: {
        'entry.change': {
          guard: 'changesBlessing',
          actions: { type: 'changeBlessing', params: ({ event }) => event },
        },
        'entry.type': { guard: 'choosesDeceased', target: 'editingDeceased', actions: 'resetDeceased' },
        'entry.save': [
          { guard: 'isBlessingValid', target: 'list', actions: ['saveBlessing', 'closeDialog', 'announce'] },
          { actions: 'assignBlessingErrors' },
        ],
        'entry.cancel': { target: 'list', actions: 'closeDialog' },
      },
    },
  },
});
