import {
  type BlessingField,
  type BlessingForm,
  birthDateLimits,
  type EntryOptions,
  isBlessingEnabled,
  isoDay,
  TABLETS,
} from '@contract/memorial-entry';
import { TextField } from '../../components/ui/text-field';
import { DateInput } from './entry-inputs';

/** Inputs fill their grid cell; a disabled one looks disabled (elderly eyes need the cue). */
const FIELD =
  'min-w-0 [&_input]:w-full [&_input]:min-w-0 [&_input:disabled]:cursor-not-allowed [&_input:disabled]:bg-paper-deep';

const ORDINAL = ['一', '二', '三'] as const;

export interface BlessingDialogProps {
  form: BlessingForm;
  errors: Partial<Record<BlessingField, string>>;
  options: EntryOptions;
  onChange: (field: BlessingField, value: string) => void;
}

/** The 延生 dialog's fields: up to three names, each after the previous; the ceremony's birth dates. */
export function BlessingDialogFields({ form, errors, options, onChange }: BlessingDialogProps) {
  const today = isoDay(new Date());
  const ceremony = options.variant === 'ceremony';
  return (
    <fieldset className="flex flex-col gap-4 rounded-md border border-gold/40 p-4">
      <legend className="px-2 font-serif text-lg text-temple">延生禄位</legend>
      {TABLETS.map((i) => {
        const enabled = isBlessingEnabled(i, form);
        return (
          <div key={i} className={ceremony ? 'grid gap-3 sm:grid-cols-2' : ''}>
            <div data-field={`y${i}`}>
              <TextField
                className={FIELD}
                label={`延生者${ORDINAL[i - 1]}`}
                placeholder={i === 1 ? '请输入姓名（必填）' : '请输入姓名'}
                value={form[`y${i}`]}
                isDisabled={!enabled}
                error={errors[`y${i}`]}
                onChange={(value) => onChange(`y${i}`, value)}
              />
            </div>
            {ceremony && (
              <DateInput
                field={`birth${i}`}
                label={`延生者${ORDINAL[i - 1]}出生日期`}
                value={form[`birth${i}`]}
                {...birthDateLimits('', today)}
                isDisabled={!enabled}
                error={errors[`birth${i}`]}
                onChange={(value) => onChange(`birth${i}`, value)}
              />
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
