import { Button } from 'react-aria-components';
import { focusRing } from '../components/ui/focus-ring';
import { showElderMode, useElderMode } from './elder-mode';

const tones = {
  /** On the home page's dark banner. */
  onDark: 'border-paper/80 text-paper aria-pressed:bg-paper aria-pressed:text-temple-dark',
  onLight: 'border-temple text-temple aria-pressed:bg-temple aria-pressed:text-white',
} as const;

/**
 * 长辈版: a switch that stays pressed while the large-text view is on, remembered in this
 * browser. On the home page and in 我的信息 (MIIT: an obvious entry, and one in the settings).
 */
export function ElderModeSwitch({ tone = 'onLight' }: { tone?: keyof typeof tones }) {
  const on = useElderMode();
  return (
    // A Button with aria-pressed, not RAC's ToggleButton: its selection state would add 8 KB gzip
    // to the home's first visit.
    <Button
      aria-pressed={on}
      onPress={() => showElderMode(!on, { remember: true })}
      className={`inline-flex min-h-12 min-w-12 items-center justify-center gap-2 rounded-md border-2 px-5 text-lg font-bold ${tones[tone]} ${focusRing}`}
    >
      <span aria-hidden="true">{on ? '✓' : '大'}</span>
      长辈版
    </Button>
  );
}
