import {
  EDUCATION_OPTIONS,
  HEALTH_OPTIONS,
  VOLUNTEER_SEXES,
  type VolunteerOption,
  YES_NO_OPTIONS,
} from '@contract/volunteer';
import type { VolunteerField, VolunteerFormValues } from '@contract/volunteer-form';
import { ChoiceCards } from '../../components/ui/choice-cards';
import { TextField } from '../../components/ui/text-field';
import { DateInput } from '../../shared/memorial-entry/entry-inputs';
import { RegionPicker } from '../../shared/region-picker/region-picker';
import { VolunteerCodeFields } from './volunteer-code-field';
import { VolunteerPhotoField } from './volunteer-photo-field';
import type { VolunteerSectionProps } from './volunteer-types';

type TextKey = {
  [F in VolunteerField]: VolunteerFormValues[F] extends string ? F : never;
}[VolunteerField];

/**
 * 基本信息, in the order of the contract's fields (the first with a message takes the focus), in
 * three groups so related fields sit side by side: the person, 联系方式 (phone and its code, the
 * address and its postcode) and 信仰情况 (信佛时间, 广慈功德会, and 是否皈依 followed by 皈依时间,
 * 皈依法名 and 授皈依寺院, shown when it is 是). Leaving 身份证号 with a valid number fills in 性别,
 * 出生年月, 年龄 and 籍贯.
 */
export function BasicInfoSection({ snapshot, send }: VolunteerSectionProps) {
  const { values, errors, today } = snapshot.context;
  const edit = (patch: Partial<VolunteerFormValues>) => send({ type: 'field.edit', patch });
  const converted = values.BOOL_CONVERT === '1';
  const text = (field: TextKey, label: string, extra: { placeholder?: string } = {}) => (
    <div data-field={field}>
      <TextField
        label={label}
        placeholder={extra.placeholder}
        value={values[field]}
        onChange={(value) => edit({ [field]: value })}
        onBlur={field === 'ID_CARD' ? () => send({ type: 'idCard.blur' }) : undefined}
        error={errors[field]}
      />
    </div>
  );
  const choices = (field: TextKey, label: string, options: readonly VolunteerOption[]) => (
    <div data-field={field}>
      <ChoiceCards
        label={label}
        value={values[field] || null}
        onChange={(value) => edit({ [field]: value })}
        choices={[...options]}
        error={errors[field]}
      />
    </div>
  );
  const date = (field: 'BIRTH_DATE' | 'XF_DATE' | 'CONVERT_DATE', label: string) => (
    <DateInput
      field={field}
      label={label}
      value={values[field]}
      onChange={(value) => edit({ [field]: value })}
      error={errors[field]}
      min={null}
      max={today}
    />
  );
  const group = (title: string) => (
    <h3 className="border-t border-gold/30 pt-5 text-xl font-medium text-temple-dark md:col-span-2">
      {title}
    </h3>
  );
  return (
    <fieldset className="grid gap-6 md:grid-cols-2">
      <legend className="mb-4 font-serif text-2xl text-temple">基本信息</legend>
      {text('NAME', '姓名')}
      {text('ID_CARD', '身份证号', { placeholder: '填写后自动带出性别、出生年月、年龄和籍贯' })}
      <VolunteerPhotoField snapshot={snapshot} />
      {choices('SEX', '性别', VOLUNTEER_SEXES)}
      {date('BIRTH_DATE', '出生年月')}
      {text('NATION', '民族', { placeholder: '如：汉族' })}
      {text('AGE', '年龄')}
      <div data-field="HOMETOWN" className="md:col-span-2">
        <RegionPicker
          label="籍贯"
          value={{ codes: values.HOMETOWN, names: values.HOMETOWN_NAME }}
          onChange={({ codes, names }) => edit({ HOMETOWN: codes, HOMETOWN_NAME: names })}
          errorMessage={errors.HOMETOWN}
        />
      </div>
      {choices('LAST_DEGREE', '最后学历', EDUCATION_OPTIONS)}
      {choices('ST_ZK', '身体状况', HEALTH_OPTIONS)}
      {text('EMPLOYER', '工作单位（选填）')}
      {text('WX_NUMBER', '微信号（选填）')}
      {group('联系方式')}
      <VolunteerCodeFields snapshot={snapshot} send={send} />
      {text('ADDRESS', '家庭住址', { placeholder: '如：静安区万福路188弄2-301室' })}
      {text('POST_CODE', '邮政编码')}
      {group('信仰情况')}
      {date('XF_DATE', '信佛时间')}
      {choices('BOOL_GMS', '是否广慈功德会', YES_NO_OPTIONS)}
      {choices('BOOL_CONVERT', '是否皈依', YES_NO_OPTIONS)}
      {converted ? date('CONVERT_DATE', '皈依时间') : null}
      {converted ? text('CONVERT_LEGAL_NAME', '皈依法名') : null}
      {converted ? text('REFUGE_TEMPLE', '授皈依寺院') : null}
    </fieldset>
  );
}
