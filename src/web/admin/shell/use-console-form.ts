import { fieldMessages } from '@contract/envelope';
import { useRef, useState } from 'react';
import type * as v from 'valibot';
import { focusFirstError } from '../../components/ui/focus-first-error';

/**
 * A console form judged by a contract schema: its values, the messages beside its fields, a
 * `change(field)` that clears that field's message, and `judge()` which, on submit, shows every
 * message and focuses the first field (in `fields` order, each wrapped in `data-field`), answering
 * whether the values may be sent. The form element takes `form` as its ref.
 */
export const useConsoleForm = <V extends Record<string, unknown>>(
  schema: v.GenericSchema,
  initial: V,
  fields: readonly string[],
) => {
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change =
    <K extends keyof V>(field: K) =>
    (value: V[K]) => {
      setValues((old) => ({ ...old, [field]: value }));
      setErrors(({ [field as string]: _, ...rest }) => rest);
    };
  const judge = (): boolean => {
    const found = fieldMessages(schema, values);
    setErrors(found);
    if (Object.keys(found).length === 0) return true;
    focusFirstError(form.current, found, fields);
    return false;
  };
  return { form, values, setValues, errors, change, judge };
};
