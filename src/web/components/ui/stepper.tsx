import { Group, Input, Label, NumberField, Button as StepButton } from 'react-aria-components';
import { focusRing } from './focus-ring';

export interface StepperProps {
  label: string;
  value: number;
  onChange: (value: number) => void;
  minValue?: number;
  maxValue?: number;
}

const stepClass = `flex size-12 items-center justify-center text-2xl text-temple data-[disabled]:opacity-40 data-[pressed]:bg-paper-deep ${focusRing}`;

/** A quantity with large − and + buttons (keyboard: arrows, typing). */
export function Stepper({ label, value, onChange, minValue = 1, maxValue = 10_000 }: StepperProps) {
  return (
    <NumberField
      value={value}
      onChange={(next) => onChange(Number.isNaN(next) ? minValue : next)}
      minValue={minValue}
      maxValue={maxValue}
      formatOptions={{ maximumFractionDigits: 0, useGrouping: false }}
      className="flex flex-col gap-1.5"
    >
      <Label className="text-base font-medium text-ink">{label}</Label>
      <Group className="inline-flex w-fit items-center overflow-hidden rounded-md border-2 border-ink-faint/40 bg-white">
        <StepButton slot="decrement" className={stepClass}>
          −
        </StepButton>
        <Input className="h-12 w-20 border-x-2 border-ink-faint/20 text-center text-lg outline-none" />
        <StepButton slot="increment" className={stepClass}>
          +
        </StepButton>
      </Group>
    </NumberField>
  );
}
