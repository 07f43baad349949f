import { Label, Radio, RadioGroup } from 'react-aria-components';
import { focusRing } from './focus-ring';

export interface Choice {
  value: string;
  label: string;
  hint?: string;
}

export interface ChoiceCardsProps {
  label: string;
  choices: Choice[];
  value: string | null;
  onChange: (value: string) => void;
}

/** A radio group drawn as large cards (amounts, names to choose from). */
export function ChoiceCards({ label, choices, value, onChange }: ChoiceCardsProps) {
  return (
    <RadioGroup value={value} onChange={onChange} orientation="horizontal" className="flex flex-col gap-2">
      <Label className="text-base font-medium text-ink">{label}</Label>
      <div className="flex flex-wrap gap-3">
        {choices.map((choice) => (
          <Radio
            key={choice.value}
            value={choice.value}
            className={`flex min-h-12 min-w-24 cursor-pointer flex-col items-center justify-center rounded-md border-2 border-ink-faint/40 bg-white px-4 py-2 text-lg transition-colors data-[hovered]:border-gold data-[selected]:border-temple data-[selected]:bg-[#fbefe9] data-[selected]:text-temple ${focusRing}`}
          >
            <span>{choice.label}</span>
            {choice.hint && <span className="text-sm text-ink-soft">{choice.hint}</span>}
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
