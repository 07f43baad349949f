import {
  ALL_BEINGS,
  type BlessingField,
  CREDITORS,
  type DeceasedField,
  type EntryOptions,
  MEMORIAL_MESSAGES as M,
  type MemorialEntry,
  SEVEN_GENERATIONS,
} from '@contract/memorial-entry';
import {
  type MemorialEntryInput,
  memorialEntryMachine,
  type TabletKind,
} from '@machines/memorial-entry.machine';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';

const assembly: EntryOptions = { variant: 'assembly' };

const start = (
  tabletKind: TabletKind = '延往生',
  options: EntryOptions = assembly,
  entries?: MemorialEntry[],
  limit?: MemorialEntryInput['limit'],
) => {
  const input: MemorialEntryInput = { options, tabletKind, entries, limit };
  const actor = createActor(memorialEntryMachine, { input }).start();
  const announced: MemorialEntry[][] = [];
  actor.on('entries.changed', (e) => announced.push(e.entries));
  const fill = (values: Partial<Record<DeceasedField | BlessingField, string>>) => {
    for (const [field, value] of Object.entries(values))
      actor.send({ type: 'entry.change', field: field as DeceasedField, value: value as string });
  };
  const state = () => actor.getSnapshot();
  return { actor, state, fill, announced };
};

const parents = { seat1: '父母', name1: '张三', shang1: '张小明' };

describe('memorial entry journeys', () => {
  const addDeceased = (actor: ReturnType<typeof start>['actor'], name: string) => {
    actor.send({ type: 'entry.add' });
    for (const [field, value] of Object.entries({ ...parents, name1: name }))
      actor.send({ type: 'entry.change', field: field as DeceasedField, value });
    actor.send({ type: 'entry.save' });
  };

  it('a full list refuses 添加 (QUANTITY 2: a third entry is never opened), and a deletion makes room', () => {
    const limit = { max: 2, full: '明细最多添加2条，与数量一致' };
    const { actor, state, announced } = start('往生', assembly, undefined, limit);
    addDeceased(actor, '张三');
    addDeceased(actor, '李四');
    expect(state().can({ type: 'entry.add' })).toBe(false);
    actor.send({ type: 'entry.add' });
    expect(state().value).toBe('list');
    expect(state().context.entries).toHaveLength(2);

    actor.send({ type: 'entry.delete', index: 0 });
    expect(state().context.entries.map((e) => e.type === '往生' && e.form.name1)).toEqual(['李四']);
    expect(announced.map((list) => list.length)).toEqual([1, 2, 1]);
    expect(state().can({ type: 'entry.add' })).toBe(true);
    addDeceased(actor, '王五');
    expect(state().context.entries).toHaveLength(2);
  });

  it('deletes only in the list, and only an entry that exists', () => {
    const { actor, state, announced } = start('往生');
    addDeceased(actor, '张三');
    actor.send({ type: 'entry.delete', index: 3 });
    actor.send({ type: 'entry.edit', index: 0 });
    actor.send({ type: 'entry.delete', index: 0 });
    expect(state().value).toBe('editingDeceased');
    expect(state().context.entries).toHaveLength(1);
    expect(announced).toHaveLength(1);
  });

  it('add pushes: two deceased tablets of one group, then a blessing entry after them', () => {
    const { actor, state, fill, announced } = start();
    actor.send({ type: 'entry.add' });
    actor.send({ type: 'entry.type', entryType: '往生' });
    fill({ seat1: CREDITORS, seat2: ALL_BEINGS, shang1: '张小明' });
    actor.send({ type: 'entry.save' });
    actor.send({ type: 'entry.add' });
    actor.send({ type: 'entry.type', entryType: '延生' });
    fill({ y1: '李四', y2: '王五' });
    actor.send({ type: 'entry.save' });
    expect(state().value).toBe('list');
    expect(state().context.entries.map((e) => e.type)).toEqual(['往生', '延生']);
    expect(state().context.entries[0]?.form).toMatchObject({ seat1: CREDITORS, seat2: ALL_BEINGS });
    expect(announced.map((list) => list.length)).toEqual([1, 2]);
  });

  it('edit replaces the entry at its index, and only that one', () => {
    const { actor, state, fill } = start('往生');
    for (const name of ['张三', '李四', '王五']) {
      actor.send({ type: 'entry.add' });
      fill({ ...parents, name1: name });
      actor.send({ type: 'entry.save' });
    }
    actor.send({ type: 'entry.edit', index: 1 });
    expect(state().value).toBe('editingDeceased');
    expect(state().context.deceased.name1).toBe('李四');
    fill({ name1: '赵六' });
    actor.send({ type: 'entry.save' });
    const names = state().context.entries.map((e) => (e.type === '往生' ? e.form.name1 : ''));
    expect(names).toEqual(['张三', '赵六', '王五']);
  });

  it('cancelling a dialog keeps the list; entries.clear empties it, even from an open dialog', () => {
    const { actor, state, fill, announced } = start('延生');
    actor.send({ type: 'entry.add' });
    fill({ y1: '李四' });
    actor.send({ type: 'entry.save' });
    actor.send({ type: 'entry.edit', index: 0 });
    fill({ y1: '王五' });
    actor.send({ type: 'entry.cancel' });
    expect(state().context.entries).toHaveLength(1);
    expect(state().context.entries[0]?.form).toMatchObject({ y1: '李四' });
    actor.send({ type: 'entry.add' });
    actor.send({ type: 'entries.clear' });
    expect(state().value).toBe('list');
    expect(state().context.entries).toEqual([]);
    expect(state().context.blessing.y1).toBe('');
    expect(announced.at(-1)).toEqual([]);
  });

  it('延往生: 确定 without a type says 请选择类型 before any field is judged', () => {
    const { actor, state } = start();
    actor.send({ type: 'entry.add' });
    expect(state().value).toBe('choosingType');
    actor.send({ type: 'entry.save' });
    expect(state().context.typeError).toBe(M.chooseType);
    expect(state().context.errors).toEqual({});
    actor.send({ type: 'entry.type', entryType: '往生' });
    expect(state().context.typeError).toBeNull();
    actor.send({ type: 'entry.save' });
    expect(state().context.errors).toMatchObject({ seat1: M.seatType, shang1: M.shangRequired });
  });

  it('a single tablet kind opens its dialog directly and refuses a switch', () => {
    const { actor, state } = start('往生');
    actor.send({ type: 'entry.add' });
    expect(state().value).toBe('editingDeceased');
    actor.send({ type: 'entry.type', entryType: '延生' });
    expect(state().value).toBe('editingDeceased');
    const blessing = start('延生');
    blessing.actor.send({ type: 'entry.add' });
    expect(blessing.state().value).toBe('editingBlessing');
  });

  it('changing seat 1 clears seats 2 and 3; the options narrow to its group', () => {
    const { actor, state, fill } = start('往生');
    actor.send({ type: 'entry.add' });
    fill({ seat1: CREDITORS, seat2: ALL_BEINGS, seat3: CREDITORS });
    fill({ seat1: '父母' });
    expect(state().context.deceased).toMatchObject({ seat1: '父母', seat2: '', seat3: '' });
  });

  it('a save that fails keeps the dialog with each field’s message; a change clears its own', () => {
    const { actor, state, fill } = start('往生');
    actor.send({ type: 'entry.add' });
    fill({ seat1: '父母', name1: '张三李四王五赵' });
    actor.send({ type: 'entry.save' });
    expect(state().value).toBe('editingDeceased');
    expect(state().context.errors).toEqual({ name1: M.assembly6, shang1: M.shangRequired });
    fill({ name1: '张三' });
    expect(state().context.errors).toEqual({ shang1: M.shangRequired });
    expect(state().context.entries).toEqual([]);
  });

  it('七世父母 (the festival that has it) disables the name and shang2..6', () => {
    const { actor, state, fill } = start('往生', { variant: 'assembly', sevenGenerations: true });
    actor.send({ type: 'entry.add' });
    fill({ shang2: '王五', seat1: SEVEN_GENERATIONS, shang1: '张小明' });
    expect(state().context.deceased.shang2).toBe('');
    actor.send({ type: 'entry.save' });
    expect(state().context.entries[0]?.form).toMatchObject({ seat1: SEVEN_GENERATIONS, name1: '' });
  });

  it('the tablet type changing drops the entries it no longer allows', () => {
    const entries: MemorialEntry[] = [
      { type: '往生', form: { ...start().state().context.deceased, ...parents } },
      { type: '延生', form: { ...start().state().context.blessing, y1: '李四' } },
    ];
    const { actor, state } = start('延往生', assembly, entries);
    actor.send({ type: 'entries.kind', tabletKind: '延生' });
    expect(state().context.entries.map((e) => e.type)).toEqual(['延生']);
    actor.send({ type: 'entry.add' });
    expect(state().value).toBe('editingBlessing');
  });

  it('the ceremony variant asks for the blessed person’s birth date', () => {
    const { actor, state, fill } = start('延生', { variant: 'ceremony' });
    actor.send({ type: 'entry.add' });
    fill({ y1: '李四' });
    actor.send({ type: 'entry.save' });
    expect(state().context.errors).toEqual({ birth1: M.birthRequired });
    fill({ birth1: '1990-01-01' });
    actor.send({ type: 'entry.save' });
    expect(state().context.entries).toHaveLength(1);
  });
});
