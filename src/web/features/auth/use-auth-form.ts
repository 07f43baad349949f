import { phoneSchema } from '@contract/phone';
import { useState } from 'react';
import * as v from 'valibot';
import { validateForm } from './field-errors';

/**
 * The field values and messages of a login or register form: the phone checked before a code
 * is sent, the whole form checked with the contract's schema before it is submitted.
 */
export const useAuthForm = <S extends v.GenericSchema, T extends Record<string, string>>(
  schema: S,
  initial: T,
) => {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const setField = (field: keyof T, value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const validPhone = (): string | null => {
    const result = v.safeParse(phoneSchema, values.account);
    setErrors((current) => ({
      ...current,
      account: result.success ? '' : (result.issues[0]?.message ?? ''),
    }));
    return result.success ? result.output : null;
  };

  /** The schema's output when the form is valid; otherwise null, with the messages shown. */
  const validated = (): v.InferOutput<S> | null => {
    const result = validateForm(schema, values);
    setErrors(result.ok ? {} : result.errors);
    return result.ok ? result.output : null;
  };

  return { values, errors, setField, validPhone, validated };
};
