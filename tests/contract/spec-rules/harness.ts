import {
  BLESSING_FIELDS,
  type BlessingForm,
  changeDeceasedField,
  DECEASED_FIELDS,
  type DeceasedField,
  type DeceasedForm,
  type EntryOptions,
  emptyBlessingForm,
  emptyDeceasedForm,
  judgeBlessingForm,
  judgeDeceasedForm,
  type MemorialEntry,
} from '@contract/memorial-entry';
import { payApi } from '@contract/payment';
import { SEAT_STATUS, type SeatMap } from '@contract/seats';
import type { MemorialEntryContext, MemorialEntryEvent } from '@machines/memorial-entry.machine';
import type { HeldOrder } from '@tests/support/fake-checkout';
import type { ApiAnswer, TestApp } from '@tests/support/test-app';
import { describe, expect, it } from 'vitest';
import type { AnyActorRef } from 'xstate';

/**
 * Issue 21: for each rule of the spec, the contract, the machine and the server agree. A table per
 * order kind (one file each under this folder); each row names the rule (document, section, a short
 * statement), an input that breaks it (and where the boundary matters one that just satisfies it)
 * and the Chinese message. `checkSpecRules` runs the three sides on every row:
 *
 * - the contract's judge (or schema) refuses the input with the message;
 * - the ordering machine (xstate actor, effects provided) shows the message in its snapshot and the
 *   input goes no further (no checkout, or the editor keeps the entry out of the order);
 * - the server (the real app on PGlite) answers the order call with a 4xx and the message, and no
 *   order row is made.
 *
 * A side that cannot judge a rule says why in the row (`machine: 'n/a: …'`): it shows in the
 * row's title, never skipped silently.
 */

/** A side that cannot judge the rule, with the reason. */
export type NotApplicable = `n/a: ${string}`;

export interface SpecRule<I> {
  /** Where the spec states it: '000 §5 …', '001 §5', '002 §5'. */
  spec: string;
  /** The rule in a few words. */
  rule: string;
  /** The Chinese message each side refuses with. */
  message: string;
  /** An input that breaks the rule. */
  breaks: I;
  /** An input that just satisfies it: no side says the message for it. */
  satisfies?: I;
  machine?: NotApplicable;
  server?: NotApplicable;
}

/** What the machine did with an input: the message in its snapshot, and whether the input went on. */
export interface MachineVerdict {
  message: string | null;
  /** The input reached the checkout (or, for an entry, the order's list of entries). */
  proceeded: boolean;
}

export interface Sides<I> {
  app: TestApp;
  /** The logged-in believer's token (known once the suite's beforeAll ran). */
  token: () => string;
  /** The message the contract's judge or schema refuses the input with; none when it takes it. */
  contract(input: I): string | null | undefined;
  machine(input: I): Promise<MachineVerdict>;
  /** The call the page makes with the input. */
  server(input: I, token: string): Promise<ApiAnswer>;
}

const countOrders = async (app: TestApp): Promise<number> => {
  const row = await app.database.db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

const titleOf = (row: SpecRule<unknown>) =>
  [
    `${row.spec} · ${row.rule} → ${row.message}`,
    row.machine && `[machine ${row.machine}]`,
    row.server && `[server ${row.server}]`,
  ]
    .filter(Boolean)
    .join(' ');

/** The table's rows, each with its three checks. */
export const checkSpecRules = <I>(kind: string, rows: readonly SpecRule<I>[], sides: Sides<I>) => {
  describe(`${kind}: the spec's rules, side by side`, () => {
    it('has one row per rule, each with its own message and statement', () => {
      expect(new Set(rows.map((r) => `${r.spec} ${r.rule}`)).size).toBe(rows.length);
      for (const row of rows) expect(row.message, row.rule).toMatch(/\p{Script=Han}/u);
    });
    for (const row of rows)
      describe(titleOf(row), () => {
        it('the contract refuses with the message', () => {
          expect(sides.contract(row.breaks)).toBe(row.message);
          if (row.satisfies) expect(sides.contract(row.satisfies) ?? null).not.toBe(row.message);
        });
        if (!row.machine)
          it('the machine shows the message and goes no further', async () => {
            const verdict = await sides.machine(row.breaks);
            expect(verdict).toEqual({ message: row.message, proceeded: false });
            if (row.satisfies) expect((await sides.machine(row.satisfies)).message).not.toBe(row.message);
          });
        if (!row.server)
          it('the server answers 4xx with the message and makes no order', async () => {
            const before = await countOrders(sides.app);
            const answer = await sides.server(row.breaks, sides.token());
            expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(400);
            expect(answer.status).toBeLessThan(500);
            expect(answer.body.msg).toBe(row.message);
            expect(await countOrders(sides.app)).toBe(before);
            if (row.satisfies) {
              const passed = await sides.server(row.satisfies, sides.token());
              expect(passed.body.msg).not.toBe(row.message);
              // An order the satisfying input made is cancelled: its place and the hold cap are free again.
              const made = passed.body.data as { out_trade_no?: string } | undefined;
              if (passed.status === 200 && made?.out_trade_no) {
                const cancelled = await sides.app.form(
                  payApi.cancelOrder.path,
                  { out_trade_no: made.out_trade_no },
                  sides.token(),
                );
                expect(cancelled.status, cancelled.body.msg).toBe(200);
              }
            }
          });
      });
  });
};

/** The message of the first field (in screen order) that has one. */
export const firstMessage = <F extends string>(
  fields: readonly F[],
  errors: Partial<Record<F, string | undefined>>,
): string | null => fields.map((f) => errors[f]).find((m): m is string => Boolean(m)) ?? null;

/** Lets settled promises run their callbacks (an invoked child's load, say). */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A seat map of one free seat, as the map's load answers it: the place the believer picks. */
export const oneFreeSeat = (position: string): SeatMap => ({
  ROWS: 1,
  COLS: 1,
  seats: [{ POSITION: position, ROW: 1, COL: 1, PW_STATUS: SEAT_STATUS.free }],
});

/** The checkout's order calls a machine made: the input reached the checkout when there is one. */
export const checkedOut = (orders: readonly HeldOrder[]) => orders.length > 0;

// ---------------------------------------------------------------------------------------------
// Memorial entries (the assembly's and the ceremony's 明细): one shape for the three sides.

/** An entry as the believer fills the dialog; `type: null` adds one without choosing 往生/延生 (延往生). */
export type EntryCase =
  | { type: '往生'; form: Partial<DeceasedForm> }
  | { type: '延生'; form: Partial<BlessingForm> }
  | { type: null };

/** The dialog's form after the believer's changes, field by field, with the contract's narrowing. */
const deceasedFormOf = (changes: Partial<DeceasedForm>): DeceasedForm =>
  Object.entries(changes).reduce(
    (form, [field, value]) => changeDeceasedField(form, field as DeceasedField, value ?? ''),
    emptyDeceasedForm,
  );

/** The contract's judgement of one entry: its first field message, none when the dialog takes it. */
export const entryRefusal = (entry: EntryCase, options: EntryOptions, chooseType: string): string | null => {
  if (entry.type === null) return chooseType;
  const judged =
    entry.type === '往生'
      ? judgeDeceasedForm(deceasedFormOf(entry.form), options)
      : judgeBlessingForm({ ...emptyBlessingForm, ...entry.form }, options);
  if (judged.outcome === 'valid') return null;
  return entry.type === '往生'
    ? firstMessage(DECEASED_FIELDS, judged.errors)
    : firstMessage(BLESSING_FIELDS, judged.errors as Partial<Record<string, string>>);
};

/** The entries as the order builders take them (an entry without a type is not on the wire). */
export const memorialEntries = (entries: readonly EntryCase[]): MemorialEntry[] =>
  entries.flatMap((e): MemorialEntry[] =>
    e.type === '往生'
      ? [{ type: '往生', form: deceasedFormOf(e.form) }]
      : e.type === '延生'
        ? [{ type: '延生', form: { ...emptyBlessingForm, ...e.form } }]
        : [],
  );

/**
 * The entries added through the order dialog's editor (the invoked memorial-entry machine), as the
 * believer does: 添加, the type where it is asked, each field, 保存. Stops at the first the editor
 * refuses (a full list, no type, a field's message) and answers that message and how many it took.
 */
export const addEntries = (editor: AnyActorRef, entries: readonly EntryCase[]) => {
  const context = () => editor.getSnapshot().context as MemorialEntryContext;
  const send = (event: MemorialEntryEvent) => editor.send(event);
  for (const entry of entries) {
    if (!editor.getSnapshot().can({ type: 'entry.add' }))
      return { message: context().limit?.full ?? null, taken: context().entries.length };
    send({ type: 'entry.add' });
    if (editor.getSnapshot().matches('choosingType')) {
      if (entry.type === null) {
        send({ type: 'entry.save' });
        return { message: context().typeError, taken: context().entries.length };
      }
      send({ type: 'entry.type', entryType: entry.type });
    }
    if (entry.type === null) continue;
    for (const [field, value] of Object.entries(entry.form))
      send({ type: 'entry.change', field: field as DeceasedField, value: value ?? '' });
    send({ type: 'entry.save' });
    const fields: readonly string[] = entry.type === '往生' ? DECEASED_FIELDS : BLESSING_FIELDS;
    const message = firstMessage(fields, context().errors as Partial<Record<string, string>>);
    if (message) return { message, taken: context().entries.length };
  }
  return { message: null, taken: context().entries.length };
};
