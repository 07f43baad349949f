import {
  BLESSING_FIELDS,
  type BlessingField,
  DECEASED_FIELDS,
  type DeceasedField,
} from '@contract/memorial-entry';
import { useRef } from 'react';
import { Button } from '../../components/ui/button';
import { ChoiceCards } from '../../components/ui/choice-cards';
import { Modal } from '../../components/ui/modal';
import { BlessingDialogFields } from './blessing-dialog';
import { DeceasedDialogFields } from './deceased-dialog';
import type { MemorialEntryActor, MemorialEntrySnapshot } from './use-memorial-entry-actor';

const TYPE_CHOICES = [
  { value: '往生', label: '往生牌位' },
  { value: '延生', label: '延生禄位' },
];

/** Focuses the first field with a message (inputs and the seat lists alike). */
const focusFirst = (
  container: HTMLElement | null,
  errors: Record<string, string | undefined>,
  order: string[],
) => {
  const first = order.find((field) => errors[field]);
  container
    ?.querySelector<HTMLElement>(`[data-field="${first}"] input, [data-field="${first}"] select`)
    ?.focus();
};

const titleOf = (snapshot: MemorialEntrySnapshot) => {
  const verb = snapshot.context.editIndex === null ? '添加' : '编辑';
  if (snapshot.matches('editingDeceased')) return `${verb}往生牌位`;
  if (snapshot.matches('editingBlessing')) return `${verb}延生禄位`;
  return '添加明细';
};

/** The entry dialog: (延往生) the type, then the 往生 or 延生 fields, 取消 and 确定. */
export function EntryDialog({
  actor,
  snapshot,
}: {
  actor: MemorialEntryActor;
  snapshot: MemorialEntrySnapshot;
}) {
  const body = useRef<HTMLDivElement>(null);
  const { context } = snapshot;
  const deceased = snapshot.matches('editingDeceased');
  const blessing = snapshot.matches('editingBlessing');
  const save = () => {
    actor.send({ type: 'entry.save' });
    const after = actor.getSnapshot().context;
    if (after.typeError) focusFirst(body.current, { type: after.typeError }, ['type']);
    else focusFirst(body.current, after.errors, deceased ? DECEASED_FIELDS : BLESSING_FIELDS);
  };
  return (
    <Modal
      title={titleOf(snapshot)}
      isOpen={!snapshot.matches('list')}
      onClose={() => actor.send({ type: 'entry.cancel' })}
      width={deceased ? 760 : 560}
      footer={
        <>
          <Button tone="secondary" size="lg" onPress={() => actor.send({ type: 'entry.cancel' })}>
            取消
          </Button>
          <Button size="lg" onPress={save} className="max-sm:flex-1">
            确定
          </Button>
        </>
      }
    >
      {/* On a phone the sheet itself scrolls, its 确定 in the bar at the bottom. */}
      <div
        ref={body}
        className="flex max-h-[70vh] flex-col gap-5 overflow-y-auto pt-3 pr-1 max-sm:max-h-none max-sm:overflow-visible"
      >
        {context.tabletKind === '延往生' && (
          <div data-field="type">
            <ChoiceCards
              label="类型"
              choices={TYPE_CHOICES}
              value={deceased ? '往生' : blessing ? '延生' : null}
              error={context.typeError ?? undefined}
              onChange={(value) =>
                actor.send({ type: 'entry.type', entryType: value === '往生' ? '往生' : '延生' })
              }
            />
          </div>
        )}
        {deceased && (
          <DeceasedDialogFields
            form={context.deceased}
            errors={context.errors}
            options={context.options}
            onChange={(field: DeceasedField, value) => actor.send({ type: 'entry.change', field, value })}
          />
        )}
        {blessing && (
          <BlessingDialogFields
            form={context.blessing}
            errors={context.errors}
            options={context.options}
            onChange={(field: BlessingField, value) => actor.send({ type: 'entry.change', field, value })}
          />
        )}
      </div>
    </Modal>
  );
}
