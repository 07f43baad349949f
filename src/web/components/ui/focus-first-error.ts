/**
 * Moves focus to the first field (in `order`) that has a message: the view calls it right
 * after a submit, so the believer lands where the first problem is. Each field's wrapper
 * carries `data-field="<name>"`.
 */
export const focusFirstError = (
  container: HTMLElement | null,
  errors: Partial<Record<string, string>>,
  order: readonly string[],
) => {
  const first = order.find((field) => errors[field]);
  if (!container || !first) return;
  const target = container.querySelector<HTMLElement>(
    `[data-field="${first}"] input:not([type="hidden"]), [data-field="${first}"] textarea`,
  );
  target?.focus();
};
