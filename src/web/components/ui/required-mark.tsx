/**
 * The * after the label of a field that must be filled. Seen, not read aloud: the field itself
 * says it is required (`aria-required`), so a screen reader does not hear 星号.
 */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-1 text-temple">
      *
    </span>
  );
}

/** The line that explains the mark, once above a form that uses it. */
export const REQUIRED_NOTE = '带 * 的为必填项';
