import { AUTH_FIELDS, type AuthField } from '@contract/auth';
import type { AuthDialogEvent } from '@machines/auth-dialog.machine';
import { useSelector } from '@xstate/react';
import { type FormEvent, useRef, useState } from 'react';
import { focusFirstError } from '../../components/ui/focus-first-error';
import { useAuthDialogActor } from '../../shared/auth/auth-dialog';

/**
 * What a login or register form types (kept here), and what the auth-dialog machine says of it
 * (its messages and whether a request is under way). `submit` sends the typed values in the
 * event `toEvent` makes; the machine judges them, and focus goes to the first field it refused.
 */
export const useAuthForm = <T extends Partial<Record<AuthField, string>>>(
  initial: T,
  toEvent: (values: T) => AuthDialogEvent,
) => {
  const actor = useAuthDialogActor();
  const errors = useSelector(actor, (s) => s.context.errors);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const [values, setValues] = useState(initial);
  const container = useRef<HTMLFormElement>(null);

  const change = (field: AuthField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) actor.send({ type: 'form.edit', field });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send(toEvent(values));
    focusFirstError(container.current, actor.getSnapshot().context.errors, AUTH_FIELDS);
  };
  return { actor, values, errors, busy, change, submit, container };
};
