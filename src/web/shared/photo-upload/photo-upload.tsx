import { useSelector } from '@xstate/react';
import { PhotoField } from './photo-field';
import { usePhotoUploadActor } from './photo-upload-logic';

export interface PhotoUploadProps {
  label: string;
  /** The photo's site-relative URL ('' when there is none). */
  value: string;
  onChange: (url: string) => void;
  errorMessage?: string | undefined;
  isDisabled?: boolean | undefined;
}

/**
 * The believer's own photo on a form that keeps it as a value (the membership join form): the
 * photo machine of its own, told each new URL; its refusal stands beside the field. A form that
 * waits for the upload (the profile's 保存) holds the machine itself: `usePhotoUploadActor`.
 */
export function PhotoUpload({ label, value, onChange, errorMessage, isDisabled }: PhotoUploadProps) {
  const photo = usePhotoUploadActor('profile', value, onChange);
  const refusal = useSelector(photo, (s) => s.context.refusal);
  return (
    <PhotoField
      photo={photo}
      use="profile"
      label={label}
      value={value}
      errorMessage={refusal ?? errorMessage}
      isDisabled={isDisabled}
    />
  );
}
