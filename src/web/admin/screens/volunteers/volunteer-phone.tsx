import { useMutation } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import type { ConsoleError } from '../../api/console-client';
import { revealVolunteerPhone } from './volunteer-queries';

/**
 * 联系电话 of an application: masked until 显示完整号码 asks the server for the whole number (each
 * ask is written to the audit log), then the number to dial. A refusal is said beside it.
 */
export function VolunteerPhone({ id, masked }: { id: number; masked: string }) {
  const reveal = useMutation<{ phone: string }, ConsoleError>({ mutationFn: () => revealVolunteerPhone(id) });
  const phone = reveal.data?.phone;
  return (
    <div className="flex flex-col items-start gap-2">
      {phone ? (
        <a href={`tel:${phone}`} className="text-lg font-semibold tracking-wide text-temple underline">
          {phone}
        </a>
      ) : (
        <span>{masked}</span>
      )}
      {phone ? (
        <span className="text-sm text-ink-soft">本次查看已记入操作记录</span>
      ) : (
        <Button tone="secondary" isPending={reveal.isPending} onPress={() => reveal.mutate()}>
          显示完整号码
        </Button>
      )}
      {reveal.error ? (
        <p role="alert" className="text-base text-temple-dark">
          {reveal.error.message}
        </p>
      ) : null}
    </div>
  );
}
