import { FieldError, Label, TextArea, TextField } from 'react-aria-components';
import { fieldBox, fieldError, fieldLabel, fieldStack } from './field-styles';
import { RequiredMark } from './required-mark';

export interface TextAreaFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  maxLength?: number;
  error?: string | undefined;
  isDisabled?: boolean;
  /** The label carries * (the form's rules judge it; the browser does not). */
  isRequired?: boolean;
}

/** A multi-line field with a character count; with `error` it is invalid and says why. */
export function TextAreaField(props: TextAreaFieldProps) {
  const { label, value, onChange, placeholder, maxLength, error, isDisabled, isRequired } = props;
  return (
    <TextField
      value={value}
      onChange={onChange}
      isInvalid={Boolean(error)}
      isDisabled={isDisabled}
      isRequired={isRequired}
      validationBehavior="aria"
      className={fieldStack}
    >
      <Label className={fieldLabel}>
        {label}
        {isRequired && <RequiredMark />}
      </Label>
      <TextArea placeholder={placeholder} rows={3} className={`px-4 py-3 ${fieldBox}`} />
      <FieldError className={fieldError}>{error}</FieldError>
      {maxLength && (
        <span className="self-end text-sm text-ink-faint">
          {value.length}/{maxLength}
        </span>
      )}
    </TextField>
  );
}
