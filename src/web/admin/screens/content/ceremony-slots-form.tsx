import {
  type CeremonySlotsAnswer,
  type CeremonySlotsDraft,
  MAX_SESSIONS,
  MAX_SLOTS,
} from '@contract/ceremony-catalogue';
import { consoleApi } from '@contract/console';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { fieldError } from '../../../components/ui/field-styles';
import { panelClass } from '../../../components/ui/panel';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { consoleCall } from '../../api/console-client';
import { useVersionedForm } from '../../shell/use-versioned-form';
import { VersionedFormFooter } from '../../shell/versioned-form-footer';
import {
  ceremoniesQuery,
  ceremonySlotsQuery,
  emptySlot,
  judgeSlots,
  type SlotRow,
  slotField,
  slotFieldOrder,
  slotValuesOf,
} from './ceremony-queries';

export const SLOTS_SAVED = '时段已保存，网站即刻生效';

/**
 * 每日时段与场次: a row per slot (time, sessions a day, 停止预约), the same every day the temple takes
 * bookings. A slot with bookings from today on keeps its time and cannot be deleted (the server
 * refuses it too), only withdrawn; its fullest day is shown, as sessions cannot go below it. 保存
 * judges the rows with the contract and sends them with the version read; 409 keeps the rows and
 * offers 重新读取.
 */
export function CeremonySlotsForm({ answer }: { answer: CeremonySlotsAnswer }) {
  const queryClient = useQueryClient();
  const {
    form,
    values: rows,
    setValues: setRows,
    errors,
    setErrors,
    forget,
    submit,
    save,
    reload,
  } = useVersionedForm<CeremonySlotsAnswer, SlotRow[], CeremonySlotsDraft>({
    answer,
    valuesOf: slotValuesOf,
    judge: judgeSlots,
    fieldOrder: slotFieldOrder,
    send: (slots, version) =>
      consoleCall(consoleApi.ceremonySlotsSave, { body: { slots, version }, quiet: true }),
    reread: () => queryClient.fetchQuery({ ...ceremonySlotsQuery, staleTime: 0 }),
    onSaved: () => {
      toast.success(SLOTS_SAVED, 4000);
      void queryClient.invalidateQueries({ queryKey: ceremoniesQuery.queryKey, exact: true });
    },
  });
  const setRow = (index: number, change: Partial<SlotRow>, field?: 'timeLabel' | 'sessions') => {
    setRows((old) => old.map((row, at) => (at === index ? { ...row, ...change } : row)));
    forget(field ? [slotField(index, field), 'slots'] : ['slots']);
  };
  return (
    <form
      ref={form}
      noValidate
      onSubmit={submit}
      aria-labelledby="slots-title"
      className={`flex flex-col gap-5 ${panelClass()}`}
    >
      <h2 id="slots-title" className="text-xl font-semibold text-temple">
        每日时段与场次
      </h2>
      <p className="text-lg text-ink-soft">
        {`每个时段每天可接受的预约场次，每天相同。时段按“08:30-10:00”填写，场次为1至${MAX_SESSIONS}。已有预约的时段不能删除，只能停止预约。`}
      </p>
      <div data-field="slots">
        {errors.slots ? (
          <p role="alert" className={fieldError}>
            {errors.slots}
          </p>
        ) : null}
      </div>
      <ol className="flex flex-col gap-4">
        {rows.map((row, s) => (
          <li
            key={row.key}
            className="flex flex-wrap items-start gap-6 rounded-md border-2 border-paper-deep p-4"
          >
            <div data-field={slotField(s, 'timeLabel')} className="w-72">
              <TextField
                label={`时段 ${s + 1}`}
                isRequired
                placeholder="08:30-10:00"
                // A slot bookings hold keeps its time: the bookings are of that time.
                isReadOnly={row.liveOrders > 0}
                value={row.timeLabel}
                onChange={(timeLabel) => setRow(s, { timeLabel }, 'timeLabel')}
                error={errors[slotField(s, 'timeLabel')]}
              />
            </div>
            <div data-field={slotField(s, 'sessions')} className="w-44">
              <TextField
                label="每天场次"
                isRequired
                inputMode="numeric"
                value={row.sessions}
                onChange={(sessions) => setRow(s, { sessions }, 'sessions')}
                error={errors[slotField(s, 'sessions')]}
              />
            </div>
            <div className="mt-7">
              <Checkbox
                isSelected={row.withdrawn}
                onChange={(withdrawn) => setRow(s, { withdrawn })}
                description="已预约的仍然有效"
              >
                停止预约
              </Checkbox>
            </div>
            <div className="ml-auto flex flex-col items-end gap-1">
              {row.liveOrders > 0 ? (
                <p className="text-base text-ink-soft">
                  已有预约 {row.liveOrders} 场
                  {row.fullest ? `，最多的一天 ${row.fullest.day} 已约 ${row.fullest.held} 场` : ''}，不能删除
                </p>
              ) : null}
              <Button
                tone="secondary"
                isDisabled={row.liveOrders > 0 || rows.length === 1}
                aria-label={`删除时段 ${s + 1}`}
                onPress={() => {
                  setRows((old) => old.filter((_, at) => at !== s));
                  // Rows below a removed one move up: their messages no longer name their inputs, so all go.
                  setErrors({});
                }}
              >
                删除时段
              </Button>
            </div>
          </li>
        ))}
      </ol>
      {rows.length < MAX_SLOTS ? (
        <Button
          tone="secondary"
          className="self-start"
          onPress={() => {
            setRows((old) => [...old, emptySlot()]);
            forget(['slots']);
          }}
        >
          添加时段
        </Button>
      ) : null}
      <VersionedFormFooter save={save} reload={reload} canReload submitLabel="保存时段" />
    </form>
  );
}
