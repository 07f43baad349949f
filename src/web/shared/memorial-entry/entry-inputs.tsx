import { useId } from 'react';
import { fieldBox, fieldError, fieldLabel, fieldStack } from '../../components/ui/field-styles';

interface NativeFieldProps {
  field: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  isDisabled?: boolean;
}

const box = `min-h-12 w-full px-3 disabled:cursor-not-allowed disabled:bg-paper-deep disabled:text-ink-faint aria-[invalid=true]:border-temple focus:border-gold focus-visible:ring-4 focus-visible:ring-gold/60 focus-visible:ring-offset-2 ${fieldBox}`;

/** The field's message under it, named by the control's aria-describedby. */
function Message({ id, error }: { id: string; error?: string | undefined }) {
  return error ? (
    <span id={id} className={fieldError}>
      {error}
    </span>
  ) : null;
}

/**
 * The seat-type choice: the browser's own list (large, keyboard complete, spoken by every
 * screen reader), with the options the contract allows for this tablet.
 */
export function SeatSelect({
  field,
  label,
  value,
  onChange,
  error,
  isDisabled,
  options,
}: NativeFieldProps & { options: string[] }) {
  const id = useId();
  return (
    <div data-field={field} className={fieldStack}>
      <label htmlFor={`${id}-control`} className={fieldLabel}>
        {label}
      </label>
      <select
        id={`${id}-control`}
        value={value}
        disabled={isDisabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? id : undefined}
        onChange={(e) => onChange(e.target.value)}
        className={box}
      >
        <option value="">请选择牌位类型</option>
        {options.map((seat) => (
          <option key={seat} value={seat}>
            {seat}
          </option>
        ))}
      </select>
      <Message id={id} error={error} />
    </div>
  );
}

/** A date (YYYY-MM-DD) with the picker's limits from the contract. */
export function DateInput({
  field,
  label,
  value,
  onChange,
  error,
  isDisabled,
  min,
  max,
}: NativeFieldProps & { min: string | null; max: string | null }) {
  const id = useId();
  return (
    <div data-field={field} className={fieldStack}>
      <label htmlFor={`${id}-control`} className={fieldLabel}>
        {label}
      </label>
      <input
        id={`${id}-control`}
        type="date"
        value={value}
        min={min ?? undefined}
        max={max ?? undefined}
        disabled={isDisabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? id : undefined}
        onChange={(e) => onChange(e.target.value)}
        className={box}
      />
      <Message id={id} error={error} />
    </div>
  );
}
