import type { ReactNode } from 'react';
import { Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { Button } from './button';

export interface DropdownItem {
  id: string;
  label: string;
  onAction: () => void;
}

/** A button that opens a short list of actions (the header's account menu). */
export function Dropdown({ label, items }: { label: ReactNode; items: DropdownItem[] }) {
  return (
    <MenuTrigger>
      <Button tone="quiet" className="no-underline">
        {label}
      </Button>
      <Popover
        placement="bottom end"
        className="min-w-40 rounded-md border border-gold/40 bg-white py-1 shadow-lg"
      >
        <Menu
          className="outline-none"
          onAction={(key) => items.find((item) => item.id === key)?.onAction()}
          items={items}
        >
          {(item) => (
            <MenuItem
              id={item.id}
              className="cursor-pointer px-5 py-3 text-lg text-ink outline-none data-[focused]:bg-paper-deep data-[focused]:text-temple"
            >
              {item.label}
            </MenuItem>
          )}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
