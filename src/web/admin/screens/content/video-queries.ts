import { consoleApi } from '@contract/console';
import {
  captionsFileRefusal,
  filmFileRefusal,
  VIDEO_CATALOGUE_MESSAGES as M,
  type VideoAnswer,
  type VideoDraft,
  videoDraftSchema,
} from '@contract/video-catalogue';
import { webVttRefusal } from '@contract/webvtt';
import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { ConsoleError, consoleCall, consoleUpload } from '../../api/console-client';

export const videosQuery = queryOptions({
  queryKey: ['console', 'videos'],
  queryFn: () => consoleCall(consoleApi.videos, { quiet: true }),
});

export const videoQuery = (id: number) =>
  queryOptions({
    queryKey: ['console', 'videos', id],
    queryFn: () => consoleCall(consoleApi.video, { params: { id: String(id) }, quiet: true }),
  });

export type VideoValues = VideoDraft;

export const NEW_VIDEO = (): VideoValues => ({
  title: '',
  description: '',
  newDate: new Date().toISOString().slice(0, 10),
  poster: '',
  film: '',
  captions: '',
});

export const valuesOf = (answer: VideoAnswer): VideoValues => ({ ...answer.video });

/** The fields in the order of the page, for focusing the first one with a message. */
export const VIDEO_FIELDS = ['title', 'description', 'newDate', 'film', 'captions', 'poster'] as const;

/** The contract's judgement: one message per field, or the draft to send. */
export const judgeVideo = (
  values: VideoValues,
): { errors: Record<string, string>; draft: VideoDraft | null } => {
  const result = v.safeParse(videoDraftSchema, values);
  if (result.success) return { errors: {}, draft: result.output };
  const errors: Record<string, string> = {};
  for (const issue of result.issues) {
    const name = (issue.path ?? []).map((item) => String(item.key)).join('.') || 'general';
    errors[name] ??= issue.message;
  }
  return { errors, draft: null };
};

/** A film's upload may take minutes on a temple's line: 200 MB at 2 MB/s is under two. */
const UPLOAD_TIMEOUT_MS = 15 * 60_000;

/**
 * Sends a film or a captions file as the request's body (it streams from disk) and answers its
 * address. What the browser can judge first is refused before sending: the name and size, and
 * for captions their whole text by the contract's WebVTT rules (the server judges again).
 */
export const uploadVideoFile = async (kind: 'film' | 'captions', file: File): Promise<string> => {
  const refusal = kind === 'film' ? filmFileRefusal(file) : captionsFileRefusal(file);
  if (refusal) throw new ConsoleError(refusal, 0);
  if (kind === 'captions') {
    const text = await file.text();
    const vtt = webVttRefusal(text);
    if (vtt) throw new ConsoleError(vtt, 0);
  }
  const endpoint = kind === 'film' ? consoleApi.videoFilmUpload : consoleApi.videoCaptionsUpload;
  const failed = kind === 'film' ? M.filmFailed : M.captionsFailed;
  return consoleUpload(endpoint, file, {
    failed,
    timeoutMs: UPLOAD_TIMEOUT_MS,
    type: file.type || (kind === 'film' ? 'application/octet-stream' : 'text/vtt'),
  });
};
