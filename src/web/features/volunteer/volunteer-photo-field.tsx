import { VOLUNTEER_PHOTO_RULES } from '@contract/volunteer';
import { useId } from 'react';
import { FileTrigger, Group } from 'react-aria-components';
import { Button } from '../../components/ui/button';
import { fieldError, fieldLabel, fieldStack } from '../../components/ui/field-styles';
import { useOwnPhoto } from '../../shared/photo-upload/use-own-photo';
import type { VolunteerSectionProps } from './volunteer-types';

const ACCEPTED = [
  'image/png',
  'image/jpeg',
  'image/gif',
  ...VOLUNTEER_PHOTO_RULES.extensions.map((e) => `.${e}`),
];
export const PHOTO_HINT = '请上传本人近期正面照片：png、jpg 或 gif，大于 120KB，不超过 5MB';

/**
 * 照片: the chooser sends the file to the machine, which checks it (type, over 120 KB, at most
 * 5 MB) and uploads it; while it uploads the button waits. The preview shows the uploaded photo.
 */
export function VolunteerPhotoField({ snapshot, send }: VolunteerSectionProps) {
  const id = useId();
  const { values, errors } = snapshot.context;
  const uploading = snapshot.hasTag('uploading');
  const message = errors.PHOTO;
  // Fetched with the token: the server shows a volunteer photo to its owner only.
  const src = useOwnPhoto(values.PHOTO);
  return (
    <Group data-field="PHOTO" aria-labelledby={`${id}-label`} className={`${fieldStack} md:col-span-2`}>
      <span id={`${id}-label`} className={fieldLabel}>
        照片
      </span>
      <div className="flex flex-wrap items-center gap-5">
        <div className="flex h-40 w-32 shrink-0 items-center justify-center overflow-hidden rounded-md border-2 border-dashed border-ink-faint/40 bg-paper-deep">
          {src ? (
            <img src={src} alt="志工照片预览" className="size-full object-cover" />
          ) : (
            <span className="text-base text-ink-soft">
              {values.PHOTO && src === undefined ? '照片载入中…' : '暂无照片'}
            </span>
          )}
        </div>
        <div className="flex flex-col items-start gap-2">
          <FileTrigger
            acceptedFileTypes={ACCEPTED}
            onSelect={(files) => {
              const file = files?.[0];
              if (file) send({ type: 'photo.choose', file });
            }}
          >
            <Button
              tone="secondary"
              isPending={uploading}
              isDisabled={uploading || snapshot.hasTag('busy')}
              aria-describedby={message ? `${id}-hint ${id}-error` : `${id}-hint`}
            >
              {values.PHOTO ? '更换照片' : '上传照片'}
            </Button>
          </FileTrigger>
          <p id={`${id}-hint`} className="text-base text-ink-soft">
            {PHOTO_HINT}
          </p>
        </div>
      </div>
      {message ? (
        <p id={`${id}-error`} className={fieldError}>
          {message}
        </p>
      ) : null}
    </Group>
  );
}
