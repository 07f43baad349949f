import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { focusFirstError } from '../../components/ui/focus-first-error';
import type { ConsoleError } from '../api/console-client';

/** Every item the console edits is answered with the version it was read at. */
interface Versioned {
  version: number;
}

export interface VersionedFormOptions<Answer extends Versioned, Values, Draft> {
  /** What the server answered for the item, with its version (null: a new one, not saved yet). */
  answer: Answer | null;
  /** The form's values of an answer. */
  valuesOf: (answer: Answer) => Values;
  /** The values of a new item (when `answer` is null). */
  empty?: () => Values;
  /** The contract's judgement: a message per field (by its full path), or what to send. */
  judge: (values: Values) => { errors: Record<string, string>; draft: Draft | null };
  /** Every field in the order of the page (each wrapped in `data-field`), for focusing the first message. */
  fieldOrder: (values: Values) => string[];
  /** Sends the judged draft with the version shown (0 for a new item); answers the item saved. */
  send: (draft: Draft, version: number) => Promise<Answer>;
  /** Reads the item again, for 重新读取 after a 409 (the server's values then replace the typed ones). */
  reread: () => Promise<Answer>;
  /** After a save: the toast, the caches, the new item's own page. */
  onSaved: (saved: Answer, wasNew: boolean) => void;
}

/**
 * A console form of one catalogue item saved against the version it was read at (issue 25): its
 * values as typed, the messages beside its fields, `submit` (judge with the contract; the first
 * message focused and nothing sent, or one save at a time with the version shown), and `reload`
 * (重新读取) for a save refused as stale (409), which keeps what was typed until it is pressed.
 * A save's answer becomes the values and the version shown.
 */
export const useVersionedForm = <Answer extends Versioned, Values, Draft>(
  options: VersionedFormOptions<Answer, Values, Draft>,
) => {
  const { answer, valuesOf } = options;
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(() => {
    if (answer) return valuesOf(answer);
    if (!options.empty) throw new Error('useVersionedForm: a new item needs `empty`');
    return options.empty();
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [version, setVersion] = useState(answer ? answer.version : 0);
  const show = (read: Answer) => {
    setValues(valuesOf(read));
    setVersion(read.version);
    setErrors({});
  };
  const save = useMutation<Answer, ConsoleError, Draft>({
    mutationFn: (draft) => options.send(draft, version),
    onSuccess: (saved) => {
      options.onSaved(saved, answer === null);
      if (answer !== null) show(saved);
    },
  });
  const reload = useMutation<Answer, Error>({
    mutationFn: options.reread,
    onSuccess: (read) => {
      show(read);
      save.reset();
    },
  });
  /** Clears the messages of fields a change made stale. */
  const forget = (names: readonly string[]) =>
    setErrors((old) => Object.fromEntries(Object.entries(old).filter(([name]) => !names.includes(name))));
  /** Sets one field and clears its message (and those of `alsoStale`). */
  const change =
    <K extends keyof Values & string>(name: K, alsoStale: readonly string[] = []) =>
    (value: Values[K]) => {
      setValues((old) => ({ ...old, [name]: value }));
      forget([name, ...alsoStale]);
    };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const judged = options.judge(values);
    setErrors(judged.errors);
    if (judged.draft === null)
      return focusFirstError(form.current, judged.errors, options.fieldOrder(values));
    save.mutate(judged.draft);
  };
  return {
    form,
    values,
    setValues,
    errors,
    /**
     * Sets the messages outright, for what `forget` cannot say: all of a list's messages when its
     * rows move up (ceremony prices and slots), or a server refusal placed beside its field (news).
     */
    setErrors,
    forget,
    change,
    submit,
    save,
    reload,
    version,
  };
};
