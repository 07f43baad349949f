import { useId } from 'react';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { buttonClass } from '../../components/ui/button';
import { PLAYBACK_RATES } from './video-rules';

interface PlaybackRatesProps {
  rate: number;
  onRate: (rate: number) => void;
}

/**
 * 播放速度 1x / 2x / 3x (002 section 9): one is always chosen, the chosen one filled. React Aria
 * makes a single-choice group a radio group (arrow keys move between the rates).
 */
export function PlaybackRates({ rate, onRate }: PlaybackRatesProps) {
  const labelId = useId();
  return (
    <div className="flex items-center gap-3 text-lg">
      <span id={labelId}>播放速度</span>
      <ToggleButtonGroup
        aria-labelledby={labelId}
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[String(rate)]}
        onSelectionChange={(keys) => {
          const [key] = keys;
          if (key !== undefined) onRate(Number(key));
        }}
        className="flex gap-2"
      >
        {PLAYBACK_RATES.map((option) => (
          <ToggleButton
            key={option}
            id={String(option)}
            className={({ isSelected }) =>
              `${buttonClass({ tone: isSelected ? 'primary' : 'secondary' })} min-h-12 min-w-16`
            }
          >
            {option}x
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </div>
  );
}
