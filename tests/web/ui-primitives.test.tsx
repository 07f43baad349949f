import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Checkbox } from '@web/components/ui/checkbox';
import { Pager, pageCount } from '@web/components/ui/pager';
import { Panel } from '@web/components/ui/panel';
import { useState } from 'react';
import { CheckboxGroup, Label } from 'react-aria-components';
import { describe, expect, it } from 'vitest';

function Ticked({ description }: { description?: string }) {
  const [on, setOn] = useState(false);
  return (
    <Checkbox isSelected={on} onChange={setOn} description={description}>
      包括未付款
    </Checkbox>
  );
}

function Paged({ pages }: { pages: number }) {
  const [page, setPage] = useState(1);
  return (
    <Pager page={page} pages={pages} onPage={setPage} label="翻页" status={`第 ${page} 页，共 ${pages} 页`} />
  );
}

/** The primitives site and console share: what a believer or a clerk can read, press and reach. */
describe('UI primitives', () => {
  it('Checkbox: named by its words, ticked by a press on them or by Space, a 48 px target', async () => {
    const user = userEvent.setup();
    render(<Ticked description="未付款的牌位也显示，只在屏幕上标注" />);
    const box = screen.getByRole('checkbox', { name: /^包括未付款/ });
    expect(box).not.toBeChecked();
    await user.click(screen.getByText('包括未付款'));
    expect(box).toBeChecked();
    await user.keyboard(' ');
    expect(box).not.toBeChecked();
    expect(box.closest('label')?.className).toContain('min-h-12');
    expect(screen.getByText('未付款的牌位也显示，只在屏幕上标注')).toBeInTheDocument();
  });

  it('Checkbox in a group: each choice its value, the group its name', async () => {
    const user = userEvent.setup();
    const chosen: string[][] = [];
    render(
      <CheckboxGroup onChange={(value) => chosen.push(value)}>
        <Label>角色</Label>
        <Checkbox value="clerk" look="card">
          客堂
        </Checkbox>
        <Checkbox value="finance" look="card">
          财务
        </Checkbox>
      </CheckboxGroup>,
    );
    await user.click(
      within(screen.getByRole('group', { name: '角色' })).getByRole('checkbox', { name: '财务' }),
    );
    expect(chosen).toEqual([['finance']]);
  });

  it('Pager: 上一页 and 下一页 move a page and stop at the ends; the position is announced', async () => {
    const user = userEvent.setup();
    render(<Paged pages={2} />);
    const nav = screen.getByRole('navigation', { name: '翻页' });
    const back = within(nav).getByRole('button', { name: '上一页' });
    const next = within(nav).getByRole('button', { name: '下一页' });
    expect(back).toBeDisabled();
    expect(screen.getByText('第 1 页，共 2 页')).toHaveAttribute('aria-live', 'polite');
    await user.click(next);
    expect(screen.getByText('第 2 页，共 2 页')).toBeInTheDocument();
    expect(next).toBeDisabled();
    await user.click(back);
    expect(screen.getByText('第 1 页，共 2 页')).toBeInTheDocument();
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(21, 10)).toBe(3);
  });

  it('Panel: a fieldset named by its legend, other elements as they are asked for', () => {
    render(
      <>
        <Panel as="fieldset" legend="法会">
          <input aria-label="名称" />
        </Panel>
        <Panel as="section" aria-label="座位图" tone="gold" padding="lg">
          座位
        </Panel>
      </>,
    );
    expect(
      within(screen.getByRole('group', { name: '法会' })).getByRole('textbox', { name: '名称' }),
    ).toBeVisible();
    expect(screen.getByRole('region', { name: '座位图' }).className).toContain('border-gold/40');
  });
});
