import {
  FieldError,
  Group,
  Input,
  Label,
  NumberField,
  Button as StepButton,
  Text,
} from 'react-aria-components';
import { fieldBox, fieldError, fieldLabel, fieldStack } from './field-styles';
import { focusRing } from './focus-ring';

export interface StepperProps {
  label: string;
  /** A line under the label, e.g. the unit price. */
  description?: string;
  value: number;
  onChange: (value: number) => void;
  minValue?: number;
  maxValue?: number;
  error?: string | undefined;
  /** Shown but not changeable (a quantity a type fixes). */
  isDisabled?: boolean;
}

const stepClass = `flex size-12 items-center justify-center text-2xl text-temple data-[disabled]:opacity-40 data-[pressed]:bg-paper-deep ${focusRing}`;

/**
 * A quantity with large − and + buttons (keyboard: arrows, typing). The buttons are named in
 * Chinese here (增加 数量, 减少 数量: the word, then the field's label), whatever language the
 * browser reports and whether or not an I18nProvider is above.
 */
export function Stepper({
  label,
  description,
  value,
  onChange,
  minValue = 1,
  maxValue = 10_000,
  error,
  isDisabled = false,
}: StepperProps) {
  return (
    <NumberField
      value={value}
      onChange={(next) => onChange(Number.isNaN(next) ? minValue : next)}
      minValue={minValue}
      maxValue={maxValue}
      isInvalid={Boolean(error)}
      isDisabled={isDisabled}
      validationBehavior="aria"
      formatOptions={{ maximumFractionDigits: 0, useGrouping: false }}
      className={fieldStack}
    >
      <Label className={fieldLabel}>{label}</Label>
      {description && (
        <Text slot="description" className="text-sm text-ink-soft">
          {description}
        </Text>
      )}
      <Group className={`inline-flex w-fit items-center overflow-hidden ${fieldBox}`}>
        <StepButton slot="decrement" aria-label="减少" className={stepClass}>
          −
        </StepButton>
        <Input className="h-12 w-20 border-x-2 border-ink-faint/20 text-center outline-none data-[disabled]:bg-paper-deep data-[disabled]:text-ink-soft" />
        <StepButton slot="increment" aria-label="增加" className={stepClass}>
          +
        </StepButton>
      </Group>
      <FieldError className={fieldError}>{error}</FieldError>
    </NumberField>
  );
}
