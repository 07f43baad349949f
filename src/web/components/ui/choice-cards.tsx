import { FieldError, Label, Radio, RadioGroup } from 'react-aria-components';
import { controlSurface, fieldError, fieldLabel, fieldStack } from './field-styles';
import { focusRing } from './focus-ring';
import { RequiredMark } from './required-mark';

export interface Choice {
  value: string;
  label: string;
  hint?: string;
  /** Shown but not choosable (a closed group), its hint saying why. */
  isDisabled?: boolean;
}

export interface ChoiceCardsProps {
  label: string;
  choices: Choice[];
  value: string | null;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** Must be chosen: the label shows * and the group says it is required. */
  isRequired?: boolean;
}

const card = `flex min-h-12 min-w-24 cursor-pointer flex-col items-center justify-center px-4 py-2 transition-colors ${controlSurface} data-[hovered]:border-gold data-[selected]:border-temple data-[selected]:bg-temple-pale data-[selected]:text-temple data-[disabled]:cursor-not-allowed data-[disabled]:border-dashed data-[disabled]:text-ink-faint ${focusRing}`;

/** A radio group drawn as large cards (amounts, names to choose from); with `error` it says why. */
export function ChoiceCards({ label, choices, value, onChange, error, isRequired }: ChoiceCardsProps) {
  return (
    <RadioGroup
      value={value}
      onChange={onChange}
      orientation="horizontal"
      isInvalid={Boolean(error)}
      isRequired={isRequired}
      validationBehavior="aria"
      className={fieldStack}
    >
      <Label className={fieldLabel}>
        {label}
        {isRequired && <RequiredMark />}
      </Label>
      <div className="flex flex-wrap gap-3">
        {choices.map((choice) => (
          <Radio key={choice.value} value={choice.value} isDisabled={choice.isDisabled} className={card}>
            <span>{choice.label}</span>
            {choice.hint && <span className="text-base text-ink-soft">{choice.hint}</span>}
          </Radio>
        ))}
      </div>
      <FieldError className={fieldError}>{error}</FieldError>
    </RadioGroup>
  );
}
