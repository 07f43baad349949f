import { emptyBlessingForm, emptyDeceasedForm, type MemorialEntry } from '@contract/memorial-entry';
import type { TabletDraft } from '@contract/tablet-form';
import { DEFAULT_TABLET_PHRASES } from '@contract/tablet-phrases';
import { render, screen, within } from '@testing-library/react';
import { Modal } from '@web/components/ui/modal';
import { TabletOrderDialog } from '@web/features/tablet/tablet-order-dialog';
import { TabletPreview } from '@web/shared/memorial-entry/tablet-preview';
import { describe, expect, it } from 'vitest';

/**
 * jsdom lays nothing out, so these read the layout the classes ask for (checked by eye in
 * Chromium too): a dialog never rises above the window's top, an order dialog's body leaves
 * room for its error, and the tablet preview wraps rather than hiding tablets to the side.
 */
describe('dialog layout', () => {
  it('a dialog taller than the window keeps a margin above its title: the overlay scrolls, the dialog centres by its margins', () => {
    render(
      <Modal title="订单确认" isOpen onClose={() => {}}>
        <p>内容</p>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: '订单确认' });
    const modal = dialog.parentElement as HTMLElement;
    const overlay = modal.parentElement as HTMLElement;
    expect(overlay).toHaveClass('fixed', 'inset-0', 'flex', 'overflow-y-auto', 'p-4');
    // items-center would push a tall dialog's top above the window, out of reach.
    expect(overlay).not.toHaveClass('items-center');
    expect(modal).toHaveClass('m-auto');
  });

  it('the order dialog’s body gives up room to a refusal, so the dialog still fits', () => {
    const draft = { FHTYPENAME: '延生禄位', location: '一层/北', SP_POSITION: '第1排第2号', GFJ_TOTAL: 2800 };
    const props = {
      draft: draft as unknown as TabletDraft,
      names: ['', '', ''],
      descendants: [],
      errors: {},
      isOpen: true,
      isPending: false,
      onName: () => {},
      onDescendant: () => {},
      onConfirm: () => {},
      onCancel: () => {},
    };
    const body = () => screen.getByText('类别').closest('.overflow-y-auto') as HTMLElement;
    const { rerender } = render(<TabletOrderDialog {...props} orderError={null} />);
    expect(body()).toHaveClass('max-h-[calc(100dvh-15rem)]');
    rerender(<TabletOrderDialog {...props} orderError="该位置已被选择" />);
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent('该位置已被选择');
    expect(body()).toHaveClass('max-h-[calc(100dvh-21rem)]');
    expect(body()).not.toHaveClass('max-h-[calc(100dvh-15rem)]');
  });
});

describe('tablet preview', () => {
  const deceased = (seat1: string, name1: string): MemorialEntry => ({
    type: '往生',
    form: { ...emptyDeceasedForm, seat1, name1, shang1: '张小明' },
  });
  const entries: MemorialEntry[] = [
    deceased('父母', '张三'),
    deceased('祖父母', '张大'),
    { type: '延生', form: { ...emptyBlessingForm, y1: '李四', y2: '李五' } },
    deceased('累世冤亲债主', ''),
  ];

  it('shows a tablet for every entry, all in sight: wrapped in the narrow column, none scrolled out to the side', () => {
    render(<TabletPreview entries={entries} phrases={DEFAULT_TABLET_PHRASES} />);
    const tablets = screen.getAllByRole('img');
    expect(tablets.map((t) => t.getAttribute('aria-label'))).toEqual([
      expect.stringContaining('故父母张三'),
      expect.stringContaining('故祖父母张大'),
      expect.stringMatching(/^延生禄位：.*李四 李五/),
      expect.stringContaining('累世冤亲债主'),
    ]);
    const row = tablets[0]?.parentElement as HTMLElement;
    expect(row).toHaveClass('flex-wrap');
    expect(row).not.toHaveClass('overflow-x-auto');
  });
});
