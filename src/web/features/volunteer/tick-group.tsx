import { memo } from 'react';
import { Checkbox, CheckboxGroup, FieldError, Label } from 'react-aria-components';
import { controlSurface, fieldError, fieldLabel, fieldStack } from '../../components/ui/field-styles';
import { focusRing } from '../../components/ui/focus-ring';

export interface TickOption {
  value: string;
  label: string;
}

export interface TickGroupProps {
  field: string;
  label: string;
  options: readonly TickOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  error?: string | undefined;
}

const card = `group flex min-h-12 cursor-pointer items-center gap-3 px-4 py-2 transition-colors ${controlSurface} data-[hovered]:border-gold data-[selected]:border-temple data-[selected]:bg-temple-pale data-[selected]:text-temple ${focusRing}`;
const box =
  'flex size-6 shrink-0 items-center justify-center rounded border-2 border-ink-faint bg-white text-base text-white group-data-[selected]:border-temple group-data-[selected]:bg-temple';

/**
 * A labelled group of large checkboxes (the days, the projects, the talents); with `error` the
 * group is marked invalid and its message stands under it, announced with the group. Memoised:
 * an edit elsewhere in the form does not redraw its many checkboxes.
 */
export const TickGroup = memo(function TickGroup({
  field,
  label,
  options,
  value,
  onChange,
  error,
}: TickGroupProps) {
  return (
    <div data-field={field}>
      <CheckboxGroup
        value={[...value]}
        onChange={onChange}
        isInvalid={Boolean(error)}
        validationBehavior="aria"
        className={fieldStack}
      >
        <Label className={fieldLabel}>{label}</Label>
        <div className="flex flex-wrap gap-3">
          {options.map((option) => (
            <Checkbox key={option.value} value={option.value} className={card}>
              {({ isSelected }) => (
                <>
                  <span aria-hidden="true" className={box}>
                    {isSelected ? '✓' : ''}
                  </span>
                  {option.label}
                </>
              )}
            </Checkbox>
          ))}
        </div>
        <FieldError className={fieldError}>{error}</FieldError>
      </CheckboxGroup>
    </div>
  );
});
