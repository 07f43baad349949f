import { createElement, type HTMLAttributes, type ReactNode, type Ref } from 'react';

/** `gold`: the site's panels (a form beside its picture, a wizard); `plain`: the console's. */
export type PanelTone = 'gold' | 'plain';
export type PanelPadding = 'sm' | 'md' | 'lg';

const tones: Record<PanelTone, string> = { gold: 'border-gold/40', plain: 'border-paper-deep' };
const paddings: Record<PanelPadding, string> = { sm: 'p-5', md: 'p-6', lg: 'p-7' };

/** The classes of a panel: for an element that must stay what it is (a `<dl>`, a list's frame). */
export const panelClass = ({
  tone = 'plain',
  padding = 'md',
}: {
  tone?: PanelTone;
  padding?: PanelPadding;
} = {}) => `rounded-lg border bg-white ${tones[tone]} ${paddings[padding]}`;

export interface PanelProps extends HTMLAttributes<HTMLElement> {
  /** `fieldset` groups a form's fields under `legend`; `section` is a landmark named by its heading. */
  as?: 'div' | 'section' | 'fieldset';
  /** The fieldset's caption, drawn as the panel's title. */
  legend?: ReactNode;
  /** A fieldset's fields, all disabled at once (while its form is sent). */
  disabled?: boolean;
  tone?: PanelTone;
  padding?: PanelPadding;
  /** Layout only (flex or grid, gaps, a column span). */
  className?: string;
  ref?: Ref<HTMLElement>;
}

/**
 * A white panel with a thin border and rounded corners, in which a page groups what belongs
 * together: a form's fields (with their legend), a summary, a list's tools.
 */
export function Panel({ as = 'div', legend, tone, padding, className, children, ...props }: PanelProps) {
  const own = panelClass({ tone, padding });
  return createElement(
    as,
    { ...props, className: className ? `${className} ${own}` : own },
    legend !== undefined ? (
      <legend className="px-2 text-xl font-semibold text-temple">{legend}</legend>
    ) : null,
    children,
  );
}
