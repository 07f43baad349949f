import type { ReactNode } from 'react';
import {
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  FieldError,
  Input,
  Label,
} from 'react-aria-components';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'children'> {
  label: string;
  placeholder?: string;
  /** A message of our own validation, shown under the field and announced. */
  error?: string | undefined;
  /** Something beside the input, such as the send-code button. */
  addon?: ReactNode;
}

export function TextField({ label, placeholder, error, addon, className, ...props }: TextFieldProps) {
  return (
    <AriaTextField
      {...props}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
      className={`flex flex-col gap-1.5 ${typeof className === 'string' ? className : ''}`}
    >
      <Label className="text-base font-medium text-ink">{label}</Label>
      <div className="flex gap-3">
        <Input
          placeholder={placeholder}
          className="min-h-12 flex-1 rounded-md border-2 border-ink-faint/40 bg-white px-4 text-lg text-ink outline-none placeholder:text-ink-faint data-[focused]:border-gold data-[invalid]:border-temple"
        />
        {addon}
      </div>
      <FieldError className="text-base text-temple">{error}</FieldError>
    </AriaTextField>
  );
}
