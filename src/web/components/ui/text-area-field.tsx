import { Label, TextArea, TextField } from 'react-aria-components';

export interface TextAreaFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  maxLength?: number;
}

/** A multi-line field with a character count. */
export function TextAreaField({ label, value, onChange, placeholder, maxLength }: TextAreaFieldProps) {
  return (
    <TextField value={value} onChange={onChange} className="flex flex-col gap-1.5">
      <Label className="text-base font-medium text-ink">{label}</Label>
      <TextArea
        placeholder={placeholder}
        rows={3}
        className="rounded-md border-2 border-ink-faint/40 bg-white px-4 py-3 text-lg outline-none placeholder:text-ink-faint data-[focused]:border-gold"
      />
      {maxLength && (
        <span className="self-end text-sm text-ink-faint">
          {value.length}/{maxLength}
        </span>
      )}
    </TextField>
  );
}
