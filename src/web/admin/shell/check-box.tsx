import type { ReactNode } from 'react';
import { Checkbox } from 'react-aria-components';
import { focusRing } from '../../components/ui/focus-ring';

interface Props {
  isSelected: boolean;
  onChange: (selected: boolean) => void;
  children: ReactNode;
  /** A line under the label saying what the choice does. */
  description?: string;
  isDisabled?: boolean;
}

/** The console's check box: a large box with a tick, its label (and a line of explanation) beside it. */
export function CheckBox({ isSelected, onChange, children, description, isDisabled }: Props) {
  return (
    <Checkbox
      isSelected={isSelected}
      onChange={onChange}
      isDisabled={isDisabled}
      className={`flex min-h-11 cursor-pointer items-start gap-3 rounded px-2 py-1 text-lg data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60 ${focusRing}`}
    >
      {({ isSelected: on }) => (
        <>
          <span
            aria-hidden
            className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded border-2 border-temple bg-white text-temple"
          >
            {on ? '✓' : ''}
          </span>
          <span className="flex flex-col">
            <span>{children}</span>
            {description ? <span className="text-base text-ink-soft">{description}</span> : null}
          </span>
        </>
      )}
    </Checkbox>
  );
}
