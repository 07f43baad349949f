import { CONTENT_IMAGE_ACCEPT, CONTENT_IMAGE_MESSAGES, imageSources } from '@contract/content-image';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { Group } from 'react-aria-components';
import { Button, buttonClass } from '../../components/ui/button';
import { fieldError, fieldLabel, fieldStack } from '../../components/ui/field-styles';
import { fieldFocusRing } from '../../components/ui/focus-ring';
import type { ConsoleError } from '../api/console-client';
import { uploadContentImage } from '../api/upload-image';

export interface ImageFieldProps {
  /** The field's name, as the form shows it (法会图片, 封面图片…). */
  label: string;
  /** The image's address as the form holds it: '' (none), `/uploads/<id>`, or the drawn art `/images/…svg`. */
  value: string;
  /** Called with the new address once an upload is kept, and with '' on 移除图片. */
  onChange: (url: string) => void;
  /** The form's own message for this field (a server refusal of the save, say), shown beside it. */
  error?: string | undefined;
  /** A line under the label; the accepted types and limits are stated anyway. */
  description?: string | undefined;
  isDisabled?: boolean | undefined;
}

/**
 * One photograph of a content form (news, assemblies, merit items…), for the console. Shows the
 * current image (an upload in its small width, or the drawn art), a 上传图片 / 更换图片 button that
 * opens the file chooser (a real file input, reached by Tab, so the form's focusFirstError lands
 * on it: wrap the field in `data-field`), 移除图片 when there is one, and the limits.
 *
 * A chosen file is sent at once (POST /admin/api/images); while it travels the button is disabled
 * and says 正在上传…; the server's Chinese refusal (too small, wrong type, too large) appears beside
 * the field and the value stays as it was. A kept upload calls `onChange('/uploads/<id>')`: the
 * form then saves that address with its other fields (the server checks it with
 * guardContentImage). An upload not saved by any form is simply never shown.
 *
 * Empty (''), the site shows the drawn art of that kind of item.
 */
export function ImageField({
  label,
  value,
  onChange,
  error,
  description,
  isDisabled = false,
}: ImageFieldProps) {
  const id = useId();
  const upload = useMutation<string, ConsoleError, File>({
    mutationFn: uploadContentImage,
    onSuccess: (url) => onChange(url),
  });
  const message = upload.error?.message ?? error;
  const ids = { label: `${id}-label`, hint: `${id}-hint`, error: `${id}-error`, status: `${id}-status` };
  const busy = upload.isPending;
  const blocked = busy || isDisabled;
  const preview = value ? imageSources(value) : null;
  return (
    <Group aria-labelledby={ids.label} className={fieldStack}>
      <span id={ids.label} className={fieldLabel}>
        {label}
      </span>
      {description ? <p className="text-base text-ink-soft">{description}</p> : null}
      <div className="flex flex-wrap items-start gap-5">
        <div className="flex aspect-[8/5] w-64 shrink-0 items-center justify-center overflow-hidden rounded-md border-2 border-ink-faint/40 bg-paper-deep">
          {preview ? (
            <img {...preview} sizes="256px" alt={`${label}预览`} className="size-full object-cover" />
          ) : (
            <span className="px-4 text-center text-base text-ink-soft">暂无图片，网站显示默认图案</span>
          )}
        </div>
        <div className="flex flex-col items-start gap-3">
          <div className="flex flex-wrap items-center gap-3">
            {/* The ring shows round the button while the (visually hidden) file input has the focus. */}
            <span className={`relative inline-flex rounded-md ${fieldFocusRing}`}>
              <input
                id={`${id}-file`}
                type="file"
                accept={CONTENT_IMAGE_ACCEPT}
                disabled={blocked}
                aria-label={`${label}：${value ? '更换图片' : '上传图片'}`}
                aria-describedby={message ? `${ids.hint} ${ids.error}` : ids.hint}
                aria-invalid={message ? true : undefined}
                className="sr-only"
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  // The same file chosen again after a refusal still sends.
                  event.currentTarget.value = '';
                  if (file) upload.mutate(file);
                }}
              />
              <label
                htmlFor={`${id}-file`}
                aria-hidden="true"
                className={`${buttonClass({ tone: 'secondary' })} ${blocked ? 'cursor-not-allowed opacity-70' : ''}`}
              >
                {busy ? '正在上传…' : value ? '更换图片' : '上传图片'}
              </label>
            </span>
            {value && !busy && !isDisabled ? (
              <Button
                tone="quiet"
                onPress={() => {
                  upload.reset();
                  onChange('');
                }}
              >
                移除图片
              </Button>
            ) : null}
          </div>
          <p id={ids.hint} className="text-base text-ink-soft">
            {CONTENT_IMAGE_MESSAGES.hint}
          </p>
          <p id={ids.status} role="status" className="text-base text-ink-soft">
            {busy ? '正在上传…' : upload.isSuccess ? CONTENT_IMAGE_MESSAGES.uploaded : ''}
          </p>
        </div>
      </div>
      {message ? (
        <p id={ids.error} role="alert" className={fieldError}>
          {message}
        </p>
      ) : null}
    </Group>
  );
}
