import { GENDER_TEXT, GENDERS } from '@contract/believer';
import { ChoiceCards } from '../../components/ui/choice-cards';
import { TextField } from '../../components/ui/text-field';
import { PhotoField } from '../../shared/photo-upload/photo-field';
import type { PhotoUploadActor } from '../../shared/photo-upload/photo-upload-logic';
import { RegionPicker } from '../../shared/region-picker/region-picker';
import {
  filledFromId,
  type ProfileDraft,
  type ProfileField,
  type ProfileMessages,
  regionFields,
  regionOf,
} from './profile-draft';

export interface ProfileFieldsProps {
  draft: ProfileDraft;
  messages: ProfileMessages;
  onChange: (next: ProfileDraft) => void;
  /** The update is on its way: nothing is edited meanwhile. */
  isDisabled: boolean;
  /** The photo's machine (the form holds it: 保存 waits while it uploads). */
  photo: PhotoUploadActor;
}

/**
 * The fields of 我的信息, each wrapped in `data-field` (the first with a message takes the focus)
 * with its message under it. Leaving a valid ID number fills an empty birth date and gender.
 */
export function ProfileFields({ draft, messages, onChange, isDisabled, photo }: ProfileFieldsProps) {
  const set =
    <F extends ProfileField>(field: F) =>
    (value: ProfileDraft[F]) =>
      onChange({ ...draft, [field]: value });
  const text = (field: ProfileField) => ({
    value: draft[field],
    onChange: set(field),
    error: messages[field],
    isDisabled,
  });
  return (
    <>
      <div className="grid grid-cols-1 gap-x-8 gap-y-5 md:grid-cols-2">
        <div data-field="realName">
          <TextField label="姓名" isRequired autoComplete="name" {...text('realName')} />
        </div>
        <div data-field="gender">
          <ChoiceCards
            label="性别"
            choices={GENDERS.map((gender) => ({ value: gender, label: GENDER_TEXT[gender] }))}
            value={draft.gender || null}
            onChange={(value) => set('gender')(value as ProfileDraft['gender'])}
            error={messages.gender}
          />
        </div>
        <div data-field="birthDate">
          <TextField label="出生日期" type="date" {...text('birthDate')} />
        </div>
        <div data-field="cardId">
          <TextField
            label="身份证号"
            maxLength={18}
            onBlur={() => onChange(filledFromId(draft))}
            {...text('cardId')}
          />
        </div>
        <div data-field="telNumber">
          <TextField label="固定电话" type="tel" placeholder="例如 021-12345678" {...text('telNumber')} />
        </div>
        <div data-field="email">
          <TextField label="邮箱" type="email" autoComplete="email" {...text('email')} />
        </div>
        <div data-field="postCode">
          <TextField label="邮政编码" inputMode="numeric" maxLength={6} {...text('postCode')} />
        </div>
      </div>
      <div data-field="ssqCode">
        <RegionPicker
          label="所在地区"
          value={regionOf(draft)}
          onChange={(region) => onChange({ ...draft, ...regionFields(region) })}
          errorMessage={messages.ssqCode}
          isDisabled={isDisabled}
        />
      </div>
      <div data-field="addres">
        <TextField label="详细地址" maxLength={100} autoComplete="street-address" {...text('addres')} />
      </div>
      <div data-field="photo">
        <PhotoField
          photo={photo}
          use="profile"
          label="照片"
          value={draft.photo}
          errorMessage={messages.photo}
          isDisabled={isDisabled}
        />
      </div>
    </>
  );
}
