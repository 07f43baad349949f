import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import { controlSurface, fieldLabel } from '../../components/ui/field-styles';
import { focusRing } from '../../components/ui/focus-ring';

export interface SelectChoice {
  id: string;
  label: string;
}

interface Props {
  label: string;
  choices: readonly SelectChoice[];
  /** The choice shown (null: none yet, the placeholder shows). */
  selected: string | null;
  onChange: (id: string) => void;
  placeholder?: string;
  /** The field's and its list's width (a Tailwind w-… class). */
  width: string;
}

/** A labelled drop-down of the console (座位图, 操作): 48 px high, its list in a popover. */
export function ConsoleSelect({ label, choices, selected, onChange, placeholder, width }: Props) {
  return (
    <Select
      className={`flex ${width} flex-col gap-1.5`}
      placeholder={placeholder}
      selectedKey={selected}
      onSelectionChange={(key) => onChange(String(key))}
    >
      <Label className={fieldLabel}>{label}</Label>
      <Button className={`flex min-h-12 items-center justify-between px-4 ${controlSurface} ${focusRing}`}>
        <SelectValue />
        <span aria-hidden>▾</span>
      </Button>
      <Popover
        className={`max-h-96 ${width} overflow-auto rounded-md border border-paper-deep bg-white shadow-xl`}
      >
        <ListBox items={choices}>
          {(choice) => (
            <ListBoxItem
              id={choice.id}
              className={`min-h-11 cursor-pointer px-4 py-2 text-lg data-[focused]:bg-paper data-[selected]:font-semibold data-[selected]:text-temple ${focusRing}`}
            >
              {choice.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
