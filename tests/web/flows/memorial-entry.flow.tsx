import type { MemorialEntry } from '@contract/memorial-entry';
import { DEFAULT_TABLET_PHRASES } from '@contract/tablet-phrases';
import { findMachine } from '@machines/index';
import type { MemorialEntryInput } from '@machines/memorial-entry.machine';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemorialEntryEditor } from '@web/shared/memorial-entry/memorial-entry-editor';
import { TabletPreview } from '@web/shared/memorial-entry/tablet-preview';
import {
  type MemorialEntryActor,
  useEntrySnapshot,
  useMemorialEntryActor,
} from '@web/shared/memorial-entry/use-memorial-entry-actor';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { settle, type ViewAdapter } from '../../support/statecharts/run-on-view';

/** What an order dialog holds: the editor and the preview of its entries. */
export function EditorHarness({
  input,
  onActor,
}: {
  input: MemorialEntryInput;
  onActor: (a: MemorialEntryActor) => void;
}) {
  const actor = useMemorialEntryActor(input);
  onActor(actor);
  const entries = useEntrySnapshot(actor).context.entries;
  return (
    <>
      <MemorialEntryEditor actor={actor} />
      <TabletPreview entries={entries} phrases={DEFAULT_TABLET_PHRASES} />
    </>
  );
}

const LABELS: Record<string, string> = { shang1: '阳上人一', y1: '延生者一' };

const seatSelect = () =>
  within(screen.getByRole('group', { name: '往生牌位一' })).getByRole('combobox', { name: '牌位类型' });

/** A message beside its field: the control says it is invalid and is described by the message. */
const expectError = (control: HTMLElement, message: string | undefined) => {
  if (message) {
    expect(control).toHaveAttribute('aria-invalid', 'true');
    expect(control).toHaveAccessibleDescription(message);
  } else expect(control).not.toHaveAttribute('aria-invalid', 'true');
};

/**
 * The editor of the registry's model (assembly, 延往生) with its preview. The parent's events
 * (entries.clear when the order dialog is cancelled, entries.kind when the tablet type changes)
 * are sent by the harness as the parent would; everything else is the believer's gestures.
 */
export const memorialEntryView: ViewAdapter = async () => {
  const input = findMachine('memorial-entry')?.input as MemorialEntryInput;
  let actor: MemorialEntryActor | null = null;
  const user = userEvent.setup({ delay: null });
  const view = render(<EditorHarness input={input} onActor={(a) => (actor = a)} />);
  await settle();
  const dialog = () => screen.getByRole('dialog');
  const parent = async (event: Parameters<MemorialEntryActor['send']>[0]) => {
    await act(async () => actor?.send(event));
  };
  return {
    async exec(event) {
      switch (event.type) {
        case 'entry.add':
          await user.click(screen.getByRole('button', { name: '添加' }));
          break;
        case 'entry.edit':
          await user.click(screen.getByRole('button', { name: `编辑第${event.index + 1}条` }));
          break;
        case 'entry.delete':
          await user.click(screen.getByRole('button', { name: `删除第${event.index + 1}条` }));
          break;
        case 'entry.type':
          await user.click(
            within(dialog()).getByRole('radio', {
              name: event.entryType === '往生' ? '往生牌位' : '延生禄位',
            }),
          );
          break;
        case 'entry.change':
          if (event.field === 'seat1') await user.selectOptions(seatSelect(), event.value);
          else {
            const field = within(dialog()).getByRole('textbox', { name: LABELS[event.field] });
            await user.clear(field);
            await user.type(field, event.value);
          }
          break;
        case 'entry.save':
          await user.click(within(dialog()).getByRole('button', { name: '确定' }));
          break;
        case 'entry.cancel':
          await user.click(within(dialog()).getByRole('button', { name: '取消' }));
          break;
        default:
          await parent(event as never);
      }
      await settle();
    },
    async check(snapshot: AnyMachineSnapshot) {
      const { context } = snapshot;
      const entries = context.entries as MemorialEntry[];
      const open = screen.queryByRole('dialog');
      // The list and the preview follow the entries in every state (hidden behind an open dialog).
      const items = screen.queryAllByRole('listitem', { hidden: true });
      expect(items.map((li) => li.textContent?.slice(0, 4))).toEqual(
        entries.map((e) => (e.type === '往生' ? '往生牌位' : '延生禄位')),
      );
      expect(screen.queryAllByRole('img', { name: /^(往生牌位|延生禄位)：/, hidden: true })).toHaveLength(
        entries.length,
      );
      if (snapshot.matches('list')) {
        expect(open).not.toBeInTheDocument();
        // A full list refuses 添加 and says why beside it.
        const add = screen.getByRole('button', { name: '添加' });
        if (snapshot.can({ type: 'entry.add' })) expect(add).toBeEnabled();
        else {
          expect(add).toBeDisabled();
          expect(add).toHaveAccessibleDescription(context.limit.full);
        }
      }
      if (snapshot.matches('choosingType')) {
        expect(dialog()).toHaveAccessibleName('添加明细');
        const choices = within(dialog()).getByRole('radiogroup', { name: '类型' });
        if (context.typeError) expect(choices).toHaveTextContent(context.typeError);
        expect(within(dialog()).queryByRole('group', { name: '往生牌位一' })).not.toBeInTheDocument();
      }
      if (snapshot.matches('editingDeceased')) {
        expect(dialog()).toHaveAccessibleName(/往生牌位$/);
        expect(seatSelect()).toHaveValue(context.deceased.seat1);
        const shang = within(dialog()).getByRole('textbox', { name: '阳上人一' });
        expect(shang).toHaveValue(context.deceased.shang1);
        expectError(seatSelect(), context.errors.seat1);
        expectError(shang, context.errors.shang1);
      }
      if (snapshot.matches('editingBlessing')) {
        expect(dialog()).toHaveAccessibleName(/延生禄位$/);
        const y1 = within(dialog()).getByRole('textbox', { name: '延生者一' });
        expect(y1).toHaveValue(context.blessing.y1);
        expectError(y1, context.errors.y1);
      }
    },
    unmount: view.unmount,
  };
};
