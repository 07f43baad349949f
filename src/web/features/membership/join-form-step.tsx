import { MEMBERSHIP_RULES } from '@contract/membership';
import {
  JOIN_FIELDS,
  type JoinField,
  type JoinFieldErrors,
  type JoinFormValues,
} from '@contract/membership-form';
import { isoDay } from '@contract/memorial-entry';
import { useRef } from 'react';
import { Button } from '../../components/ui/button';
import { ChoiceCards } from '../../components/ui/choice-cards';
import { focusFirstError } from '../../components/ui/focus-first-error';
import { TextField } from '../../components/ui/text-field';
import { DateInput } from '../../shared/memorial-entry/entry-inputs';
import { PhotoUpload } from '../../shared/photo-upload/photo-upload';
import { RegionPicker } from '../../shared/region-picker/region-picker';

export interface JoinFormStepProps {
  /** The form as entered (the machine holds it across the steps, and a reload). */
  values: JoinFormValues;
  errors: JoinFieldErrors;
  /** 下一步: the form as it is; answers the messages the machine judged, to focus the first. */
  onSubmit: (values: JoinFormValues) => JoinFieldErrors;
  onBack: (values: JoinFormValues) => void;
  /** A field was changed: the form as it now is (that field's message goes). */
  onEdit: (field: JoinField, values: JoinFormValues) => void;
}

const GFR = ['GFR1', 'GFR2', 'GFR3'] as const;
const YS = ['YS1', 'YS2', 'YS3', 'YS4', 'YS5', 'YS6'] as const;
const NUMERALS = ['一', '二', '三', '四', '五', '六'];

/**
 * 填写会员信息: the member's facts, the persons enshrined (供奉人, the first defaulting to
 * 十方法界一切众生) and the living beneficiaries (阳上人, the first the member). The machine holds
 * what is typed, judges it and holds each message, shown under its field.
 */
export function JoinFormStep({ values, errors, onSubmit, onBack, onEdit }: JoinFormStepProps) {
  const container = useRef<HTMLDivElement>(null);
  const set = <F extends JoinField>(field: F, value: JoinFormValues[F], also?: Partial<JoinFormValues>) =>
    onEdit(field, { ...values, ...also, [field]: value });
  const text = (field: JoinField, label: string, required = false) => (
    <div key={field} data-field={field}>
      <TextField
        label={label}
        value={values[field] as string}
        onChange={(value) => set(field, value)}
        isRequired={required}
        error={errors[field]}
      />
    </div>
  );
  const submit = () => {
    const judged = onSubmit(values);
    focusFirstError(container.current, judged, JOIN_FIELDS);
    // The region picker has no text input: its first select's button takes the focus.
    if (JOIN_FIELDS.find((field) => judged[field]) === 'SSQ_NAME')
      container.current?.querySelector<HTMLElement>('[data-field="SSQ_NAME"] button')?.focus();
  };

  return (
    <div ref={container} className="flex flex-col gap-8">
      <fieldset className="grid gap-6 md:grid-cols-2">
        <legend className="mb-4 font-serif text-2xl text-temple">会员信息</legend>
        {text('NAME', '会员姓名', true)}
        <div data-field="SEX">
          <ChoiceCards
            label="性别"
            value={values.SEX || null}
            onChange={(sex) => set('SEX', sex as JoinFormValues['SEX'])}
            choices={[
              { value: '1', label: '男' },
              { value: '2', label: '女' },
            ]}
            error={errors.SEX}
          />
        </div>
        <DateInput
          field="BIRTH_DATE"
          label="出生日期"
          value={values.BIRTH_DATE}
          onChange={(date) => set('BIRTH_DATE', date)}
          error={errors.BIRTH_DATE}
          min={null}
          max={isoDay(new Date())}
        />
        <div data-field="SSQ_NAME" className="md:col-span-2">
          <RegionPicker
            label="所在地区"
            isRequired
            value={{ codes: values.SSQ, names: values.SSQ_NAME }}
            onChange={({ codes, names }) => set('SSQ_NAME', names, { SSQ: codes })}
            errorMessage={errors.SSQ_NAME ?? errors.SSQ}
          />
        </div>
        <div className="md:col-span-2">{text('ADDRESS', '详细地址')}</div>
        <div data-field="PHOTO" className="md:col-span-2">
          <PhotoUpload
            label="会员照片"
            value={values.PHOTO}
            onChange={(url) => set('PHOTO', url)}
            errorMessage={errors.PHOTO}
          />
        </div>
      </fieldset>
      <fieldset className="grid gap-6 md:grid-cols-3">
        <legend className="mb-4 font-serif text-2xl text-temple">供奉人</legend>
        <p className="text-base text-ink-soft md:col-span-3">
          第一位默认为“{MEMBERSHIP_RULES.defaultGfr}”，可修改；其余选填。
        </p>
        {GFR.map((field, i) => text(field, `供奉人${NUMERALS[i]}`, i === 0))}
      </fieldset>
      <fieldset className="grid gap-6 md:grid-cols-3">
        <legend className="mb-4 font-serif text-2xl text-temple">阳上人</legend>
        <p className="text-base text-ink-soft md:col-span-3">第一位默认为会员本人，可修改；其余选填。</p>
        {YS.map((field, i) => text(field, `阳上人${NUMERALS[i]}`, i === 0))}
      </fieldset>
      <div className="flex justify-between gap-4 border-t border-gold/30 pt-6">
        <Button size="lg" tone="secondary" onPress={() => onBack(values)}>
          上一步
        </Button>
        <Button size="lg" onPress={submit}>
          下一步
        </Button>
      </div>
    </div>
  );
}
