import {
  ALL_BEINGS,
  CREDITORS,
  MEMORIAL_MESSAGES as M,
  SEAT_GROUP_ONE,
  UNBORN_INFANT,
} from '@contract/memorial-entry';
import type { MemorialEntryInput } from '@machines/memorial-entry.machine';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MemorialEntryActor } from '@web/shared/memorial-entry/use-memorial-entry-actor';
import { describe, expect, it } from 'vitest';
import { EditorHarness } from './memorial-entry.flow';

const open = (input: MemorialEntryInput) => {
  let actor: MemorialEntryActor | null = null;
  const user = userEvent.setup();
  render(<EditorHarness input={input} onActor={(a) => (actor = a)} />);
  const dialog = () => screen.getByRole('dialog');
  const tablet = (n: string) => within(dialog()).getByRole('group', { name: `往生牌位${n}` });
  const seat = (n: string) => within(tablet(n)).getByRole('combobox', { name: '牌位类型' });
  const name = (n: string) => within(tablet(n)).getByRole('textbox');
  const text = (label: string) => within(dialog()).getByRole('textbox', { name: label });
  const save = () => user.click(within(dialog()).getByRole('button', { name: '确定' }));
  const parent = (event: Parameters<MemorialEntryActor['send']>[0]) => act(() => actor?.send(event));
  return { user, dialog, tablet, seat, name, text, save, parent };
};

const assembly = (tabletKind: MemorialEntryInput['tabletKind']): MemorialEntryInput => ({
  options: { variant: 'assembly' },
  tabletKind,
});

describe('memorial entry editor journeys', () => {
  it('two deceased tablets of one seat group with their yang-shang, in the list and the preview', async () => {
    const { user, seat, name, text, save } = open(assembly('往生'));
    await user.click(screen.getByRole('button', { name: '添加' }));
    expect(seat('二')).toBeDisabled();
    await user.selectOptions(seat('一'), CREDITORS);
    expect(name('一')).toBeDisabled();
    // Tablet 2 offers only the first tablet's group.
    const offered = within(seat('二'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(offered).toEqual(['请选择牌位类型', ...SEAT_GROUP_ONE]);
    await user.selectOptions(seat('二'), '□氏历代祖先');
    expect(name('二')).toHaveAttribute('placeholder', '请输入姓氏');
    await user.type(name('二'), '王');
    await user.type(text('阳上人一'), '王小明');
    await save();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent('累世冤亲债主、王氏历代祖先 · 阳上：王小明');
    // One tablet a deceased, each with the entry's 阳上, as the sheet prints them.
    expect(screen.getAllByRole('img').map((tablet) => tablet.getAttribute('aria-label'))).toEqual([
      '往生牌位：佛力超荐 累世冤亲债主 之莲位 阳上王小明敬荐',
      '往生牌位：佛力超荐 王氏历代祖先 之莲位 阳上王小明敬荐',
    ]);
    expect(screen.getByText('牌位样式仅供参考，以实际打印为准')).toBeInTheDocument();
  });

  it('a save with problems shows each message beside its field and focuses the first', async () => {
    const { user, seat, name, text, save } = open(assembly('往生'));
    await user.click(screen.getByRole('button', { name: '添加' }));
    await save();
    expect(seat('一')).toHaveAccessibleDescription(M.seatType);
    expect(seat('一')).toHaveFocus();
    expect(text('阳上人一')).toHaveAccessibleDescription(M.shangRequired);
    await user.selectOptions(seat('一'), '父母');
    await user.type(name('一'), '张三李四王五赵');
    await save();
    expect(name('一')).toHaveAttribute('aria-invalid', 'true');
    expect(name('一')).toHaveAccessibleDescription(M.assembly6);
    expect(name('一')).toHaveFocus();
  });

  it('changing seat 1 clears seats 2 and 3 on screen', async () => {
    const { user, seat } = open(assembly('往生'));
    await user.click(screen.getByRole('button', { name: '添加' }));
    await user.selectOptions(seat('一'), ALL_BEINGS);
    await user.selectOptions(seat('二'), CREDITORS);
    await user.selectOptions(seat('三'), UNBORN_INFANT);
    await user.selectOptions(seat('一'), '父母');
    expect(seat('二')).toHaveValue('');
    expect(seat('三')).toHaveValue('');
    expect(seat('二')).toBeDisabled();
  });

  it('延往生: 确定 before choosing a type says 请选择类型 first; the choice opens its fields', async () => {
    const { user, dialog, save, text } = open(assembly('延往生'));
    await user.click(screen.getByRole('button', { name: '添加' }));
    await save();
    const choices = within(dialog()).getByRole('radiogroup', { name: '类型' });
    expect(choices).toHaveTextContent(M.chooseType);
    expect(within(choices).getAllByRole('radio')[0]).toHaveFocus();
    await user.click(within(choices).getByRole('radio', { name: '延生禄位' }));
    expect(text('延生者二')).toBeDisabled();
    await user.type(text('延生者一'), '李四');
    await user.type(text('延生者二'), '李五');
    await save();
    expect(screen.getByRole('img', { name: '延生禄位：佛光注照 李四 李五 长生禄位' })).toBeInTheDocument();
  });

  it('edit replaces the entry at its index; the parent clearing empties the list', async () => {
    const { user, text, save, parent } = open(assembly('延生'));
    for (const person of ['李四', '王五']) {
      await user.click(screen.getByRole('button', { name: '添加' }));
      await user.type(text('延生者一'), person);
      await save();
    }
    await user.click(screen.getByRole('button', { name: '编辑第1条' }));
    expect(text('延生者一')).toHaveValue('李四');
    await user.clear(text('延生者一'));
    await user.type(text('延生者一'), '赵六');
    await save();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('赵六'),
      expect.stringContaining('王五'),
    ]);
    await parent({ type: 'entries.clear' });
    expect(screen.queryAllByRole('listitem')).toEqual([]);
  });

  it('the ceremony variant: date pickers limited by the contract, birth date required for a blessing', async () => {
    const { user, dialog, save, seat, tablet } = open({
      options: { variant: 'ceremony' },
      tabletKind: '延往生',
    });
    await user.click(screen.getByRole('button', { name: '添加' }));
    await user.click(within(dialog()).getByRole('radio', { name: '往生牌位' }));
    await user.selectOptions(seat('一'), '父母');
    const birth = within(tablet('一')).getByLabelText('出生日期（选填）');
    const death = within(tablet('一')).getByLabelText('往生日期（选填）');
    await user.type(death, '2020-01-01');
    expect(birth).toHaveAttribute('max', '2020-01-01');
    await user.type(birth, '1930-05-01');
    expect(death).toHaveAttribute('min', '1930-05-01');
    await user.click(within(dialog()).getByRole('radio', { name: '延生禄位' }));
    await user.type(within(dialog()).getByRole('textbox', { name: '延生者一' }), '李四');
    await save();
    const blessingBirth = within(dialog()).getByLabelText('延生者一出生日期');
    expect(blessingBirth).toHaveAccessibleDescription(M.birthRequired);
    expect(blessingBirth).toHaveFocus();
  });

  it('the ceremony variant: each line shows the birth and death dates the order sends with its tablets', async () => {
    const { user, dialog, save, seat, name, tablet, text } = open({
      options: { variant: 'ceremony' },
      tabletKind: '延往生',
    });
    await user.click(screen.getByRole('button', { name: '添加' }));
    await user.click(within(dialog()).getByRole('radio', { name: '往生牌位' }));
    await user.selectOptions(seat('一'), '父母');
    await user.type(name('一'), '张三');
    await user.type(within(tablet('一')).getByLabelText('出生日期（选填）'), '1930-05-01');
    await user.type(within(tablet('一')).getByLabelText('往生日期（选填）'), '2020-01-01');
    await user.selectOptions(seat('二'), '父母');
    await user.type(name('二'), '张大');
    await user.type(within(tablet('二')).getByLabelText('往生日期（选填）'), '1999-09-09');
    await user.type(text('阳上人一'), '张小明');
    await save();
    await user.click(screen.getByRole('button', { name: '添加' }));
    await user.click(within(dialog()).getByRole('radio', { name: '延生禄位' }));
    await user.type(within(dialog()).getByRole('textbox', { name: '延生者一' }), '李四');
    await user.type(within(dialog()).getByLabelText('延生者一出生日期'), '1950-02-03');
    await save();
    const [deceased, blessing] = screen.getAllByRole('listitem');
    expect(deceased).toHaveTextContent(
      '父母张三（生1930-05-01，殁2020-01-01）、父母张大（殁1999-09-09） · 阳上：张小明',
    );
    expect(blessing).toHaveTextContent('李四（生1950-02-03）');
    // 删除 stays beside 编辑.
    expect(within(deceased as HTMLElement).getByRole('button', { name: '删除第1条' })).toBeInTheDocument();
  });

  it('the assembly variant sends no dates and shows none', async () => {
    const { user, save, seat, name, text } = open(assembly('往生'));
    await user.click(screen.getByRole('button', { name: '添加' }));
    await user.selectOptions(seat('一'), '父母');
    await user.type(name('一'), '张三');
    await user.type(text('阳上人一'), '张小明');
    await save();
    expect(screen.getByRole('listitem')).toHaveTextContent(/父母张三 · 阳上：张小明/);
    expect(screen.getByRole('listitem')).not.toHaveTextContent('（');
  });
});
