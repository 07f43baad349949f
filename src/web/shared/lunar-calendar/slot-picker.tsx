import type { CalendarDate } from '@internationalized/date';
import { useId } from 'react';
import { Button } from '../../components/ui/button';

export interface SlotPickerProps {
  date: CalendarDate;
  /** Slot label → sessions left, for the chosen date; none: no slot that day. */
  timeMap: Record<string, number> | undefined;
  chosen: string | null;
  onPick: (time: string, remaining: number) => void;
}

/** The chosen date's slots as 剩 N 场 (a full one disabled, 已满), in a group named by the date. */
export function SlotPicker({ date, timeMap, chosen, onPick }: SlotPickerProps) {
  const title = useId();
  return (
    <fieldset aria-labelledby={title} className="m-0 flex min-w-0 flex-col gap-3 border-0 p-0">
      <h3 id={title} className="text-lg font-medium">
        {date.year}年{date.month}月{date.day}日 可选时段
      </h3>
      {timeMap && Object.keys(timeMap).length > 0 ? (
        <div className="flex flex-wrap gap-3">
          {Object.entries(timeMap).map(([time, remaining]) => (
            <Button
              key={time}
              tone={chosen === time ? 'primary' : 'secondary'}
              size="lg"
              aria-pressed={chosen === time}
              isDisabled={remaining <= 0}
              onPress={() => onPick(time, remaining)}
            >
              {remaining > 0 ? `${time} 剩 ${remaining} 场` : `${time} 已满`}
            </Button>
          ))}
        </div>
      ) : (
        <p className="text-ink-soft">这一天没有可预约的时段，请另选日期。</p>
      )}
    </fieldset>
  );
}
