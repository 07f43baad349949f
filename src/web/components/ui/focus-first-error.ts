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
    // A field is its input or text area, or for a picker (the calendar) its focusable day.
    `[data-field="${first}"] input:not([type="hidden"]), [data-field="${first}"] textarea, [data-field="${first}"] [role="gridcell"] [tabindex="0"]`,
  );
  target?.focus();
};
