import type { ReactNode } from 'react';
import {
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  FieldError,
  Input,
  Label,
} from 'react-aria-components';
import { fieldBox, fieldError, fieldLabel, fieldStack } from './field-styles';
import { RequiredMark } from './required-mark';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'children'> {
  label: string;
  placeholder?: string;
  /** A message of our own validation, shown under the field and announced. */
  error?: string | undefined;
  /** Something beside the input, such as the send-code button. */
  addon?: ReactNode;
}

/**
 * A labelled one-line input; with `error` it is marked invalid and describes itself by the message;
 * with `isRequired` its label carries *.
 */
export function TextField({ label, placeholder, error, addon, className, ...props }: TextFieldProps) {
  return (
    <AriaTextField
      {...props}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
      className={`${fieldStack} ${typeof className === 'string' ? className : ''}`}
    >
      <Label className={fieldLabel}>
        {label}
        {props.isRequired && <RequiredMark />}
      </Label>
      {/* The addon goes under the input where both do not fit (a phone's login dialog), rather
          than squeeze the input below its placeholder (请输入6位验证码). */}
      <div className="flex flex-wrap gap-3">
        <Input
          placeholder={placeholder}
          className={`min-h-12 flex-1 px-4 ${addon ? 'min-w-48' : 'min-w-0'} ${fieldBox}`}
        />
        {addon}
      </div>
      <FieldError className={fieldError}>{error}</FieldError>
    </AriaTextField>
  );
}
