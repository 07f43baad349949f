export interface WizardStepsProps {
  /** The step names, in order (年限选择, 信息确认, 支付). */
  steps: readonly string[];
  /** The zero-based index of the step the believer is on. */
  current: number;
}

/** Where the believer is in a wizard: numbered steps, the current one marked (aria-current="step"). */
export function WizardSteps({ steps, current }: WizardStepsProps) {
  return (
    <nav aria-label="办理步骤">
      <ol className="flex flex-wrap items-center gap-3 text-lg">
        {steps.map((step, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'todo';
          return (
            <li
              key={step}
              aria-current={state === 'current' ? 'step' : undefined}
              className={`flex items-center gap-2 ${state === 'todo' ? 'text-ink-faint' : state === 'current' ? 'font-medium text-temple' : 'text-ink-soft'}`}
            >
              <span
                aria-hidden="true"
                className={`flex h-9 w-9 items-center justify-center rounded-full border-2 ${state === 'current' ? 'border-temple bg-temple text-white' : state === 'done' ? 'border-gold bg-gold-pale text-ink' : 'border-ink-faint/40 bg-white'}`}
              >
                {state === 'done' ? '✓' : index + 1}
              </span>
              <span>
                {step}
                {state === 'done' && <span className="sr-only">（已完成）</span>}
              </span>
              {index < steps.length - 1 && (
                // On a phone the steps wrap: a line to the next would point at nothing.
                <span aria-hidden="true" className="mx-1 h-0.5 w-8 bg-ink-faint/30 max-sm:hidden" />
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
