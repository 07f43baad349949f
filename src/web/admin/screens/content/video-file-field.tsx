import { VIDEO_CATALOGUE_MESSAGES as M, VIDEO_UPLOAD_RULES } from '@contract/video-catalogue';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { Group } from 'react-aria-components';
import { Button, buttonClass } from '../../../components/ui/button';
import { fieldError, fieldLabel, fieldStack } from '../../../components/ui/field-styles';
import type { ConsoleError } from '../../api/console-client';
import { uploadVideoFile } from './video-queries';

interface VideoFileFieldProps {
  kind: 'film' | 'captions';
  label: string;
  /** The address the form holds: '' (none), an upload, or a seed video's shipped file. */
  value: string;
  onChange: (url: string) => void;
  error?: string | undefined;
  /** The film's preview shows its poster and captions. */
  poster?: string | undefined;
  captions?: string | undefined;
}

const TEXT = {
  film: {
    choose: '上传视频',
    change: '更换视频',
    busy: '正在上传视频，请稍候…',
    done: M.filmUploaded,
    hint: M.filmHint,
  },
  captions: {
    choose: '上传字幕',
    change: '更换字幕',
    busy: '正在上传字幕…',
    done: M.captionsUploaded,
    hint: M.captionsHint,
  },
} as const;

/**
 * The film or the captions of a video: a real labelled file input (reached by Tab), sent at once;
 * while it travels the button says 正在上传… and is disabled; the server's (or the browser's first)
 * Chinese refusal appears beside the field and the value stays. The film is previewed with its
 * captions, so the editor sees what believers will.
 */
export function VideoFileField({
  kind,
  label,
  value,
  onChange,
  error,
  poster,
  captions,
}: VideoFileFieldProps) {
  const id = useId();
  const upload = useMutation<string, ConsoleError, File>({
    mutationFn: (file) => uploadVideoFile(kind, file),
    onSuccess: (url) => onChange(url),
  });
  const text = TEXT[kind];
  const message = upload.error?.message ?? error;
  const busy = upload.isPending;
  const ids = { label: `${id}-label`, hint: `${id}-hint`, error: `${id}-error` };
  return (
    <Group aria-labelledby={ids.label} className={fieldStack}>
      <span id={ids.label} className={fieldLabel}>
        {label}
      </span>
      {kind === 'film' && value ? (
        // biome-ignore lint/a11y/useMediaCaption: the captions track is added when the video has captions
        <video
          controls
          preload="metadata"
          src={value}
          poster={poster || undefined}
          className="w-96 rounded-md bg-ink"
        >
          {captions ? <track kind="captions" src={captions} srcLang="zh" label="中文字幕" default /> : null}
        </video>
      ) : null}
      <p className="text-lg">
        {value ? `当前：${value.split('/').pop()}` : kind === 'film' ? '尚未上传视频' : '暂无字幕'}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <input
          id={`${id}-file`}
          type="file"
          accept={kind === 'film' ? VIDEO_UPLOAD_RULES.filmAccept : VIDEO_UPLOAD_RULES.captionsAccept}
          disabled={busy}
          aria-label={`${label}：${value ? text.change : text.choose}`}
          aria-describedby={message ? `${ids.hint} ${ids.error}` : ids.hint}
          aria-invalid={message ? true : undefined}
          className="peer sr-only"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) upload.mutate(file);
          }}
        />
        <label
          htmlFor={`${id}-file`}
          aria-hidden="true"
          className={`${buttonClass({ tone: 'secondary' })} peer-focus-visible:ring-4 peer-focus-visible:ring-gold/60 peer-focus-visible:ring-offset-2 peer-disabled:cursor-not-allowed peer-disabled:opacity-50`}
        >
          {busy ? '正在上传…' : value ? text.change : text.choose}
        </label>
        {kind === 'captions' && value && !busy ? (
          <Button
            tone="quiet"
            onPress={() => {
              upload.reset();
              onChange('');
            }}
          >
            移除字幕
          </Button>
        ) : null}
      </div>
      <p id={ids.hint} className="text-base text-ink-soft">
        {text.hint}
      </p>
      <p role="status" className="text-base text-ink-soft">
        {busy ? text.busy : upload.isSuccess ? text.done : ''}
      </p>
      {message ? (
        <p id={ids.error} role="alert" className={fieldError}>
          {message}
        </p>
      ) : null}
    </Group>
  );
}
