import * as v from 'valibot';

/** Validates a form with the contract's schema: the output, or the first message of each field. */
export const validateForm = <S extends v.GenericSchema>(
  schema: S,
  values: unknown,
): { ok: true; output: v.InferOutput<S> } | { ok: false; errors: Record<string, string> } => {
  const result = v.safeParse(schema, values);
  if (result.success) return { ok: true, output: result.output };
  const nested = v.flatten<S>(result.issues).nested ?? {};
  const errors = Object.fromEntries(
    Object.entries(nested).map(([field, messages]) => [field, (messages as string[] | undefined)?.[0] ?? '']),
  );
  return { ok: false, errors };
};
