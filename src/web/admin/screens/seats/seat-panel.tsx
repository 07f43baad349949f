import { consoleApi, seatBlockSchema } from '@contract/console';
import { fieldMessages } from '@contract/envelope';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { consoleCall } from '../../api/console-client';
import { ConsoleLink } from '../../shell/console-link';
import { SEAT_STATES, type Seat, type SeatKind, seatName } from './seat-queries';

type Action = 'block' | 'unblock' | 'enshrine';
const TITLES: Record<Action, string> = { block: '封存座位', unblock: '解封座位', enshrine: '标记已供奉' };

/**
 * The selected seat: its place, state and holder (with the way to the order), and what may be done
 * with it: 封存 a free seat or 解封 a blocked one (with a reason), 标记已供奉 a paid statue seat.
 */
export function SeatPanel({ kind, seat }: { kind: SeatKind; seat: Seat }) {
  const queryClient = useQueryClient();
  const [action, setAction] = useState<Action | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const close = () => {
    setAction(null);
    setReason('');
    setReasonError(undefined);
    change.reset();
  };
  const change = useMutation({
    mutationFn: (what: Action) =>
      what === 'enshrine'
        ? consoleCall(consoleApi.markEnshrined, {
            params: { no: seat.holder?.outTradeNo ?? '' },
            quiet: true,
          })
        : consoleCall(consoleApi.seatBlock, {
            params: { kind, id: seat.id },
            body: { blocked: what === 'block', reason },
            quiet: true,
          }),
    onSuccess: (_, what) => {
      toast.success(`${seatName(seat)}：${TITLES[what]}完成`);
      void queryClient.invalidateQueries({ queryKey: ['console', 'seat-map'] });
      close();
    },
  });
  const confirm = () => {
    if (!action) return;
    if (action !== 'enshrine') {
      const error = fieldMessages(seatBlockSchema, { blocked: action === 'block', reason }).reason;
      setReasonError(error);
      if (error) return;
    }
    change.mutate(action);
  };
  const state = SEAT_STATES[seat.state];
  return (
    <section
      aria-label={`座位详情 · ${seatName(seat)}`}
      className="flex w-80 shrink-0 flex-col gap-4 rounded-md bg-white p-6"
    >
      <h2 className="text-xl font-semibold">{seatName(seat)}</h2>
      <dl className="grid grid-cols-[5rem_1fr] gap-x-3 gap-y-2">
        <dt className="text-ink-soft">状态</dt>
        <dd>{state.label}</dd>
        <dt className="text-ink-soft">供奉人</dt>
        <dd>{seat.holder?.name ?? '（无）'}</dd>
        <dt className="text-ink-soft">订单</dt>
        <dd>
          {seat.holder ? (
            <ConsoleLink to={`/orders/${seat.holder.outTradeNo}`} className="text-temple underline">
              {seat.holder.outTradeNo}
            </ConsoleLink>
          ) : (
            '（无）'
          )}
        </dd>
      </dl>
      {seat.state === 'free' ? <Button onPress={() => setAction('block')}>封存</Button> : null}
      {seat.state === 'blocked' ? <Button onPress={() => setAction('unblock')}>解封</Button> : null}
      {seat.state === 'paid' && kind === 'statue' && seat.holder ? (
        <Button onPress={() => setAction('enshrine')}>标记已供奉</Button>
      ) : null}
      <ConfirmDialog
        title={action ? TITLES[action] : ''}
        isOpen={action !== null}
        confirmLabel={action ? TITLES[action] : '确定'}
        onConfirm={confirm}
        onCancel={close}
        isPending={change.isPending}
        closesOnOutsideClick={false}
      >
        <div className="flex flex-col gap-4">
          <p>
            {action === 'enshrine'
              ? `确认${seatName(seat)}（${seat.holder?.name ?? ''}）的圣像已供奉？`
              : `${seatName(seat)}：${action === 'block' ? '封存后不能再被预订。' : '解封后可以再被预订。'}`}
          </p>
          {action && action !== 'enshrine' ? (
            <TextField
              label="原因"
              isRequired
              value={reason}
              onChange={setReason}
              error={reasonError}
              autoFocus
            />
          ) : null}
          {change.error ? <Notice tone="error">{change.error.message}</Notice> : null}
        </div>
      </ConfirmDialog>
    </section>
  );
}
