import { PHOTO_USES, type PhotoUse } from '@contract/photo-use';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { FileTrigger, Group } from 'react-aria-components';
import { Button } from '../../components/ui/button';
import { fieldError, fieldLabel, fieldStack } from '../../components/ui/field-styles';
import type { PhotoUploadActor } from './photo-upload-logic';
import { useOwnPhoto } from './use-own-photo';

export interface PhotoFieldProps {
  /** The photo's machine (the form's own, or a flow's child); none while the flow sends its form. */
  photo: PhotoUploadActor | undefined;
  use: PhotoUse;
  label: string;
  /** The photo's site-relative URL ('' when there is none). */
  value: string;
  /** The message beside the field (the form's, or the machine's refusal). */
  errorMessage?: string | undefined;
  isDisabled?: boolean | undefined;
  /** The preview's accessible name (`<label>预览` unless told). */
  previewName?: string | undefined;
  /** A portrait frame (a volunteer's ID-style photo) instead of a square. */
  portrait?: boolean | undefined;
}

/**
 * One photo (spec 001 section 5; 002 section 5): a button opens the file chooser and sends the
 * file to the machine, which judges it with the use's rule and uploads it; the button waits
 * meanwhile (tag busy). The hint states the use's limits; the preview shows the photo, fetched
 * with the token; 移除照片 clears it.
 */
export function PhotoField({
  photo,
  use,
  label,
  value,
  errorMessage,
  isDisabled = false,
  previewName = `${label}预览`,
  portrait = false,
}: PhotoFieldProps) {
  const id = useId();
  const busy = useSelector(photo, (s) => s?.hasTag('busy') ?? false);
  const clearable = useSelector(photo, (s) => s?.can({ type: 'photo.clear' }) ?? false);
  // The server shows a photo to its owner only: one that cannot be shown shows as none.
  const src = useOwnPhoto(value);
  const rules = PHOTO_USES[use];
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <Group aria-labelledby={`${id}-label`} className={fieldStack}>
      <span id={`${id}-label`} className={fieldLabel}>
        {label}
      </span>
      <div className="flex flex-wrap items-center gap-5">
        <div
          className={`flex ${portrait ? 'h-40 w-32' : 'size-32'} shrink-0 items-center justify-center overflow-hidden rounded-md border-2 border-dashed border-ink-faint/40 bg-paper-deep`}
        >
          {src ? (
            <img src={src} alt={previewName} className="size-full object-cover" />
          ) : (
            <span className="text-base text-ink-soft">
              {value && src === undefined ? '照片载入中…' : '暂无照片'}
            </span>
          )}
        </div>
        <div className="flex flex-col items-start gap-2">
          <div className="flex flex-wrap items-center gap-3">
            <FileTrigger
              acceptedFileTypes={[...rules.accept]}
              onSelect={(files) => {
                const file = files?.[0];
                if (file) photo?.send({ type: 'photo.choose', file });
              }}
            >
              <Button
                tone="secondary"
                isDisabled={isDisabled || busy || !photo}
                isPending={busy}
                aria-describedby={errorMessage ? `${hintId} ${errorId}` : hintId}
              >
                {value ? '更换照片' : '上传照片'}
              </Button>
            </FileTrigger>
            {clearable && !isDisabled ? (
              <Button tone="quiet" onPress={() => photo?.send({ type: 'photo.clear' })}>
                移除照片
              </Button>
            ) : null}
          </div>
          <p id={hintId} className="text-base text-ink-soft">
            {rules.hint}
          </p>
        </div>
      </div>
      {errorMessage ? (
        <p id={errorId} role="alert" className={fieldError}>
          {errorMessage}
        </p>
      ) : null}
    </Group>
  );
}
