import { fieldFocusRing } from './focus-ring';

/**
 * The look every form field shares: one label, one box (with its focus and invalid states),
 * one message line. Primitives compose these; no primitive copies another's classes.
 */
export const fieldLabel = 'text-base font-medium text-ink';

/** The bordered white surface every control sits on (an input, a stepper, a choice card). */
export const controlSurface = 'rounded-md border-2 border-ink-faint/40 bg-white text-lg';

/**
 * The box of an input, a text area or a stepper's group: the surface, with focus (the buttons'
 * gold ring, and a gold border) and invalid states.
 */
export const fieldBox = `${controlSurface} ${fieldFocusRing} text-ink placeholder:text-ink-faint focus-within:border-gold data-[invalid]:border-temple`;

/** The message under a field (our own validation, announced through aria-describedby). */
export const fieldError = 'text-base text-temple';

/** The column a field stacks in: label, box, message. */
export const fieldStack = 'flex flex-col gap-1.5';
