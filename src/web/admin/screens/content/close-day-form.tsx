import type { ClosedDay, ClosedDayRow } from '@contract/closed-days';
import { consoleApi } from '@contract/console';
import type { CalendarDate } from '@internationalized/date';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { DateField, DateInput, DateSegment, FieldError, Label } from 'react-aria-components';
import { Button } from '../../../components/ui/button';
import { fieldBox, fieldError, fieldLabel, fieldStack } from '../../../components/ui/field-styles';
import { focusFirstError } from '../../../components/ui/focus-first-error';
import { Notice } from '../../../components/ui/notice';
import { panelClass } from '../../../components/ui/panel';
import { RequiredMark } from '../../../components/ui/required-mark';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { type ConsoleError, consoleCall } from '../../api/console-client';
import { closedDaysQuery, DAY_CLOSED, judgeCloseDay, refusalField } from './closed-days-queries';

type Errors = Partial<Record<'day' | 'reason', string>>;

/**
 * 关闭日期: the day (年/月/日 segments) and the reason believers will read. 关闭 judges them with
 * the contract (each message beside its field, the first focused, nothing sent), then sends the
 * day with the reason trimmed; the server's refusal goes beside its field (a past day, a day
 * already closed) or above the button. Closed, a toast, the form clears and the list reloads.
 */
export function CloseDayForm() {
  const form = useRef<HTMLFormElement>(null);
  const [date, setDate] = useState<CalendarDate | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const queryClient = useQueryClient();
  const close = useMutation<ClosedDayRow, ConsoleError, ClosedDay>({
    mutationFn: (body) => consoleCall(consoleApi.closeDay, { body, quiet: true }),
    onSuccess: () => {
      toast.success(DAY_CLOSED, 4000);
      setDate(null);
      setReason('');
      setErrors({});
      void queryClient.invalidateQueries({ queryKey: closedDaysQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: ['console', 'audit'] });
    },
    onError: (error) => {
      const field = refusalField(error.message);
      if (field) setErrors({ [field]: error.message });
    },
  });
  const refusal = close.error && !refusalField(close.error.message) ? close.error.message : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (close.isPending) return;
    const judged = judgeCloseDay({ day: date?.toString() ?? '', reason });
    setErrors(judged.errors);
    close.reset();
    if (!judged.closed) {
      if (judged.errors.day)
        form.current?.querySelector<HTMLElement>('[data-field="day"] [role="spinbutton"]')?.focus();
      else focusFirstError(form.current, judged.errors, ['reason']);
      return;
    }
    close.mutate(judged.closed);
  };
  return (
    <form
      ref={form}
      noValidate
      onSubmit={submit}
      aria-label="关闭日期"
      className={`flex flex-col gap-5 ${panelClass()}`}
    >
      <h2 className="text-xl font-semibold text-temple">关闭日期</h2>
      <div className="grid grid-cols-[16rem_1fr] items-start gap-6">
        <div data-field="day">
          <DateField
            value={date}
            onChange={(value) => {
              setDate(value);
              setErrors((old) => ({ ...old, day: undefined }));
            }}
            isRequired
            isInvalid={Boolean(errors.day)}
            validationBehavior="aria"
            className={fieldStack}
          >
            <Label className={fieldLabel}>
              日期
              <RequiredMark />
            </Label>
            <DateInput className={`flex min-h-12 items-center px-4 ${fieldBox}`}>
              {(segment) => (
                <DateSegment
                  segment={segment}
                  className="rounded px-0.5 tabular-nums outline-none focus:bg-temple focus:text-white data-[placeholder]:text-ink-faint"
                />
              )}
            </DateInput>
            <FieldError className={fieldError}>{errors.day}</FieldError>
          </DateField>
        </div>
        <div data-field="reason">
          <TextField
            label="关闭原因"
            isRequired
            placeholder="如：寺院举办水陆法会"
            aria-describedby="close-reason-hint"
            value={reason}
            onChange={(value) => {
              setReason(value);
              setErrors((old) => ({ ...old, reason: undefined }));
            }}
            error={errors.reason}
          />
          <p id="close-reason-hint" className="mt-1 text-base text-ink-soft">
            信众在日历上看到此原因，最多30个字
          </p>
        </div>
      </div>
      <p className="text-base text-ink-soft">
        关闭后信众不能再预约该日的佛事；该日已有的预约保留，请客堂联系这些信众。
      </p>
      {refusal ? <Notice tone="error">{refusal}</Notice> : null}
      <div className="flex justify-end">
        <Button type="submit" size="lg" isPending={close.isPending}>
          关闭
        </Button>
      </div>
    </form>
  );
}
