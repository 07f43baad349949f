import { PHOTO_USES, type PhotoUse } from '@contract/photo-use';
import { assign, setup } from 'xstate';
import { messageOf, unprovided } from './effects';

/**
 * One photo field (spec 001 section 5; 002 section 5): the believer's own photo on the profile
 * and the membership join form, or a volunteer application's photo (`use` picks the contract's
 * rules, words and call: `PHOTO_USES`).
 *
 * | state     | the believer sees                                                          |
 * | --------- | -------------------------------------------------------------------------- |
 * | idle      | the photo it was given (or 暂无照片), 上传照片 / 更换照片, the hint          |
 * | uploading | the same, the button waiting (tag busy); a form waits with its own 提交     |
 * | uploaded  | the new photo; 图片上传成功 (照片上传成功 for a volunteer)                    |
 * | refused   | the photo it had, and why beside the field: the rule's words for a file     |
 * |           | refused before sending, the server's words (图片上传失败 when none) after    |
 *
 * `photo.choose` carries the file as chosen: the machine judges it with the use's rule and sends
 * only a file the rule accepts. A new choice replaces the photo (or the refusal); while one
 * uploads the button waits, so no choice is taken then. `photo.clear` forgets the photo (and a
 * refusal), when there is one. A flow that holds the photo itself invokes this machine and reads
 * its snapshot (`onSnapshot`); a form on its own is told by `photoChanged`.
 */
export interface PhotoUploadInput {
  use: PhotoUse;
  /** The photo the field starts with: its site-relative URL, or ''. */
  url?: string;
}

export interface PhotoUploadContext {
  use: PhotoUse;
  /** The photo shown: the one given, or the last one uploaded ('' for none). */
  url: string;
  /** Why the last choice was refused (the rule's or the server's words), or null. */
  refusal: string | null;
}

export type PhotoUploadEvent = { type: 'photo.choose'; file: File } | { type: 'photo.clear' };

/** What a flow that holds the photo reads of the upload's snapshot (`onSnapshot`). */
export interface PhotoSnapshot {
  value: unknown;
  context: Pick<PhotoUploadContext, 'url' | 'refusal'>;
}

/**
 * A holder's photo after one of the upload's snapshots, given the URL it holds: the URL, whether
 * it uploads, and its field's message: the refusal, `null` when a new choice or a new photo takes
 * an older message away, `undefined` to keep it (a snapshot that changes nothing, as the first).
 */
export const photoFacts = (photo: PhotoSnapshot, held: string) => {
  const { url, refusal } = photo.context;
  const uploading = photo.value === 'uploading';
  return { url, uploading, message: refusal ?? (uploading || url !== held ? null : undefined) };
};

type PhotoChoose = Extract<PhotoUploadEvent, { type: 'photo.choose' }>;
const refusalOf = (use: PhotoUse, file: File) => PHOTO_USES[use].refusalOf(file);

const choose = [
  {
    guard: { type: 'isRefused', params: ({ event }: { event: PhotoChoose }) => event.file },
    target: '#photoUpload.refused',
    actions: {
      type: 'assignRefusal',
      params: ({ context, event }: { context: PhotoUploadContext; event: PhotoChoose }) =>
        refusalOf(context.use, event.file) ?? '',
    },
  },
  { target: '#photoUpload.uploading', actions: 'clearRefusal' },
] as const;
const clear = {
  guard: 'hasPhoto',
  target: '#photoUpload.idle',
  actions: ['clearPhoto', { type: 'photoChanged', params: '' }],
} as const;

export const photoUploadMachine = setup({
  types: {
    context: {} as PhotoUploadContext,
    events: {} as PhotoUploadEvent,
    input: {} as PhotoUploadInput,
    children: {} as { uploadPhoto: 'uploadPhoto' },
    tags: {} as 'busy',
  },
  actors: {
    uploadPhoto: unprovided<string, { file: File; use: PhotoUse }>('uploadPhoto'),
  },
  guards: {
    isRefused: ({ context }, file: File) => refusalOf(context.use, file) !== null,
    hasPhoto: ({ context }) => context.url !== '',
  },
  actions: {
    /** The hook says the use's success (图片上传成功 / 照片上传成功). */
    showUploaded: (_, _message: string) => {},
    /** A form that holds the photo itself is told the new URL ('' once cleared). */
    photoChanged: (_, _url: string) => {},
    assignRefusal: assign({ refusal: (_, message: string) => message }),
    clearRefusal: assign({ refusal: null }),
    assignUrl: assign({ url: (_, url: string) => url, refusal: null }),
    clearPhoto: assign({ url: '', refusal: null }),
  },
}).createMachine({
  id: 'photoUpload',
  context: ({ input }) => ({ use: input.use, url: input.url ?? '', refusal: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'photo.choose': choose, 'photo.clear': clear },
    },
    uploading: {
      tags: ['busy'],
      invoke: {
        id: 'uploadPhoto',
        src: 'uploadPhoto',
        input: ({ context, event }) => ({ file: (event as PhotoChoose).file, use: context.use }),
        onDone: {
          target: 'uploaded',
          actions: [
            { type: 'assignUrl', params: ({ event }) => event.output },
            { type: 'photoChanged', params: ({ event }) => event.output },
            { type: 'showUploaded', params: ({ context }) => PHOTO_USES[context.use].uploaded },
          ],
        },
        onError: {
          target: 'refused',
          actions: {
            type: 'assignRefusal',
            params: ({ context, event }) => messageOf(event.error, PHOTO_USES[context.use].failed),
          },
        },
      },
    },
    uploaded: {
      on: { 'photo.choose': choose, 'photo.clear': clear },
    },
    refused: {
      on: { 'photo.choose': choose, 'photo.clear': clear },
    },
  },
});
