import {
  birthDateLimits,
  type DeceasedField,
  type DeceasedForm,
  deathDateLimits,
  type EntryOptions,
  isNameDisabled,
  isoDay,
  isShangDisabled,
  isTabletEnabled,
  namePlaceholder,
  SHANG_FIELDS,
  seatOptions,
  TABLETS,
  UNBORN_INFANT,
} from '@contract/memorial-entry';
import { TextField } from '../../components/ui/text-field';
import { DateInput, SeatSelect } from './entry-inputs';

/** Inputs fill their grid cell; a disabled one looks disabled (elderly eyes need the cue). */
const FIELD =
  'min-w-0 [&_input]:w-full [&_input]:min-w-0 [&_input:disabled]:cursor-not-allowed [&_input:disabled]:bg-paper-deep';

const ORDINAL = ['一', '二', '三', '四', '五', '六'] as const;

export interface DeceasedDialogProps {
  form: DeceasedForm;
  errors: Partial<Record<DeceasedField, string>>;
  options: EntryOptions;
  onChange: (field: DeceasedField, value: string) => void;
}

/**
 * The 往生 dialog's fields: up to three tablets (seat type + name; the ceremony's birth and death
 * dates), then the six 阳上 names. What is disabled, offered and asked comes from the contract.
 */
export function DeceasedDialogFields({ form, errors, options, onChange }: DeceasedDialogProps) {
  const today = isoDay(new Date());
  return (
    <div className="flex flex-col gap-5">
      {TABLETS.map((i) => {
        const seat = form[`seat${i}`];
        const enabled = isTabletEnabled(i, form);
        const infant = i === 1 && seat === UNBORN_INFANT;
        const nameField: DeceasedField = infant ? 'name1_1' : `name${i}`;
        return (
          <fieldset
            key={i}
            className="grid gap-3 rounded-md border border-gold/40 p-4 sm:grid-cols-2"
            disabled={!enabled}
          >
            <legend className="px-2 font-serif text-lg text-temple">往生牌位{ORDINAL[i - 1]}</legend>
            <SeatSelect
              field={`seat${i}`}
              label="牌位类型"
              value={seat}
              options={seatOptions(i, form, options)}
              isDisabled={!enabled}
              error={errors[`seat${i}`]}
              onChange={(value) => onChange(`seat${i}`, value)}
            />
            <div data-field={nameField}>
              <TextField
                className={FIELD}
                label={infant ? '姓名（4字以内）' : '牌位名称'}
                placeholder={namePlaceholder(seat)}
                value={form[nameField]}
                isDisabled={!enabled || isNameDisabled(seat)}
                error={errors[nameField]}
                onChange={(value) => onChange(nameField, value)}
              />
            </div>
            {options.variant === 'ceremony' && (
              <>
                <DateInput
                  field={`birth${i}`}
                  label="出生日期（选填）"
                  value={form[`birth${i}`]}
                  {...birthDateLimits(form[`death${i}`], today)}
                  isDisabled={!enabled || !seat}
                  error={errors[`birth${i}`]}
                  onChange={(value) => onChange(`birth${i}`, value)}
                />
                <DateInput
                  field={`death${i}`}
                  label="往生日期（选填）"
                  value={form[`death${i}`]}
                  {...deathDateLimits(form[`birth${i}`], today)}
                  isDisabled={!enabled || !seat}
                  error={errors[`death${i}`]}
                  onChange={(value) => onChange(`death${i}`, value)}
                />
              </>
            )}
          </fieldset>
        );
      })}
      <fieldset className="grid grid-cols-2 gap-3 rounded-md border border-gold/40 p-4 sm:grid-cols-3">
        <legend className="px-2 font-serif text-lg text-temple">阳上人</legend>
        {SHANG_FIELDS.map((field, k) => (
          <div key={field} data-field={field}>
            <TextField
              className={FIELD}
              label={`阳上人${ORDINAL[k]}`}
              placeholder={k === 0 ? '请输入姓名（必填）' : '请输入姓名'}
              value={form[field]}
              isDisabled={isShangDisabled(k + 1, form)}
              error={errors[field]}
              onChange={(value) => onChange(field, value)}
            />
          </div>
        ))}
      </fieldset>
    </div>
  );
}
