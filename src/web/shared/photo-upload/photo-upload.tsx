import { PHOTO_MESSAGES, PHOTO_RULES, photoFileRefusal } from '@contract/photo';
import { useId, useState } from 'react';
import { FileTrigger, Group } from 'react-aria-components';
import { ApiError } from '../../api/client';
import { Button } from '../../components/ui/button';
import { fieldError, fieldLabel, fieldStack } from '../../components/ui/field-styles';
import { toast } from '../../components/ui/toast';
import { uploadPhoto } from './upload-photo';
import { useOwnPhoto } from './use-own-photo';

export interface PhotoUploadProps {
  label: string;
  /** The photo's site-relative URL ('' when there is none). */
  value: string;
  onChange: (url: string) => void;
  errorMessage?: string | undefined;
  isDisabled?: boolean | undefined;
  /** Told when an upload starts and ends: a form waits with its own 保存 meanwhile. */
  onUploadingChange?: ((uploading: boolean) => void) | undefined;
}

const ACCEPTED = [...PHOTO_RULES.types, ...PHOTO_RULES.extensions.map((extension) => `.${extension}`)];

/**
 * One photo (spec 001 section 5): a button opens the file chooser; the file is checked here
 * (png, gif, jpg, jpeg; at most 2 MB) and again by the server, which judges its bytes. While it
 * uploads the button waits; then 图片上传成功 (the preview shows the new photo) or the server's
 * refusal (图片上传失败 when it gives none). A new photo replaces the old one.
 */
export function PhotoUpload({
  label,
  value,
  onChange,
  errorMessage,
  isDisabled = false,
  onUploadingChange,
}: PhotoUploadProps) {
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const [refusal, setRefusal] = useState('');
  // Fetched with the token (the server shows a photo to its owner only); one that cannot be
  // shown (replaced elsewhere) shows as none, not as a broken image.
  const src = useOwnPhoto(value);

  const choose = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    const refused = photoFileRefusal(file);
    if (refused) {
      setRefusal(refused);
      return;
    }
    setRefusal('');
    setUploading(true);
    onUploadingChange?.(true);
    try {
      const url = await uploadPhoto(file);
      onChange(url);
      toast.success(PHOTO_MESSAGES.uploaded);
    } catch (error) {
      const message = error instanceof ApiError ? error.message : PHOTO_MESSAGES.failed;
      if (!(error instanceof ApiError && error.status === 401)) {
        setRefusal(message);
        toast.error(message);
      }
    } finally {
      setUploading(false);
      onUploadingChange?.(false);
    }
  };

  const message = refusal || errorMessage;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <Group aria-labelledby={`${id}-label`} className={fieldStack}>
      <span id={`${id}-label`} className={fieldLabel}>
        {label}
      </span>
      <div className="flex flex-wrap items-center gap-5">
        <div className="flex size-32 shrink-0 items-center justify-center overflow-hidden rounded-md border-2 border-dashed border-ink-faint/40 bg-paper-deep">
          {src ? (
            <img src={src} alt={`${label}预览`} className="size-full object-cover" />
          ) : (
            <span className="text-base text-ink-soft">
              {value && src === undefined ? '照片载入中…' : '暂无照片'}
            </span>
          )}
        </div>
        <div className="flex flex-col gap-2">
          <FileTrigger acceptedFileTypes={ACCEPTED} onSelect={(files) => void choose(files)}>
            <Button
              tone="secondary"
              isDisabled={isDisabled || uploading}
              isPending={uploading}
              aria-describedby={message ? `${hintId} ${errorId}` : hintId}
            >
              {value ? '更换照片' : '上传照片'}
            </Button>
          </FileTrigger>
          <p id={hintId} className="text-base text-ink-soft">
            {PHOTO_MESSAGES.hint}
          </p>
        </div>
      </div>
      {message ? (
        <p id={errorId} role="alert" className={fieldError}>
          {message}
        </p>
      ) : null}
    </Group>
  );
}
