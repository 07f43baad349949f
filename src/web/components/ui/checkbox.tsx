import type { ReactNode } from 'react';
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';
import { controlSurface } from './field-styles';
import { focusRing } from './focus-ring';

export type CheckboxLook = 'plain' | 'card';

export interface CheckboxProps extends Omit<AriaCheckboxProps, 'children' | 'className'> {
  /** The words of the choice: pressing them ticks the box too. */
  children: ReactNode;
  /** A line under the words saying what the choice does. */
  description?: string | undefined;
  /** `plain`: the box and its words; `card`: a bordered card, as ChoiceCards draw a choice (the roles of an account). */
  look?: CheckboxLook;
  /** Layout only (a margin, a width): the look is the primitive's. */
  className?: string;
}

// At least 48 px high, box and words one target: an elderly believer's finger need not find the box.
const base =
  'group flex min-h-12 cursor-pointer gap-3 text-lg data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60';

const looks: Record<CheckboxLook, string> = {
  plain: `rounded px-1 py-1 ${focusRing}`,
  card: `items-center px-4 py-2 ${controlSurface} data-[hovered]:border-gold data-[selected]:border-temple data-[selected]:bg-temple-pale ${focusRing}`,
};

const box =
  'flex size-7 shrink-0 items-center justify-center rounded border-2 border-temple bg-white text-lg text-temple group-data-[selected]:bg-temple group-data-[selected]:text-white';

/**
 * A check box: a large box with a tick and its words beside it (and a line of explanation), one
 * press target, Space to tick by keyboard, the site's focus ring. In a `CheckboxGroup` it takes a
 * `value` instead of `isSelected`.
 */
export function Checkbox({ children, description, look = 'plain', className, ...props }: CheckboxProps) {
  const align = look === 'plain' && description ? 'items-start' : 'items-center';
  return (
    <AriaCheckbox {...props} className={[base, align, looks[look], className].filter(Boolean).join(' ')}>
      {({ isSelected }) => (
        <>
          <span aria-hidden="true" className={box}>
            {isSelected ? '✓' : ''}
          </span>
          {description ? (
            <span className="flex flex-col">
              <span>{children}</span>
              <span className="text-base text-ink-soft">{description}</span>
            </span>
          ) : (
            children
          )}
        </>
      )}
    </AriaCheckbox>
  );
}
