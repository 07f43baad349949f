import { PHOTO_MESSAGES, PHOTO_RULES } from '@contract/photo';
import { VOLUNTEER_MESSAGES } from '@contract/volunteer';
import { modelPhotoUrl } from '@machines/index';
import { type PhotoUploadInput, photoFacts, photoUploadMachine } from '@machines/photo-upload.machine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { deferred } from '../support/deferred';
import {
  bigPhoto,
  bmpPhoto,
  chosenFile,
  profilePhoto,
  UPLOADED_URL,
} from '../support/statecharts/fixtures/photo-upload';
import { goodPhoto, PHOTO_URL, smallPhoto } from '../support/statecharts/fixtures/volunteer-application';

/** The photo field with fakes that record every effect: uploads (held), toasts, changes told. */
const start = (input: PhotoUploadInput = { use: 'profile', url: modelPhotoUrl }) => {
  const uploads: { file: File; use: string; answer: ReturnType<typeof deferred<string>> }[] = [];
  const effects: string[] = [];
  const actor = createActor(
    photoUploadMachine.provide({
      actors: {
        uploadPhoto: fromPromise(({ input }) => {
          const answer = deferred<string>();
          uploads.push({ ...input, answer });
          return answer.promise;
        }),
      },
      actions: {
        showUploaded: (_, message) => effects.push(`toast ${message}`),
        photoChanged: (_, url) => effects.push(`changed ${url}`),
      },
    }),
    { input },
  ).start();
  const state = () => actor.getSnapshot();
  const choose = (file: File) => actor.send({ type: 'photo.choose', file });
  const settle = () => vi.advanceTimersByTimeAsync(0);
  return { actor, state, choose, uploads, effects, settle };
};

describe('photo upload journeys', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a photo the rule accepts is uploaded (busy meanwhile), then shown, said and told', async () => {
    const { state, choose, uploads, effects, settle } = start();
    expect(state().value).toBe('idle');
    expect(state().context).toMatchObject({ url: modelPhotoUrl, refusal: null });
    choose(profilePhoto);
    expect(state().value).toBe('uploading');
    expect(state().hasTag('busy')).toBe(true);
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject({ file: profilePhoto, use: 'profile' });
    // The button waits: a second choice meanwhile is not taken, and 移除照片 is not offered.
    expect(state().can({ type: 'photo.choose', file: profilePhoto })).toBe(false);
    expect(state().can({ type: 'photo.clear' })).toBe(false);
    choose(profilePhoto);
    expect(uploads).toHaveLength(1);
    expect(state().context.url).toBe(modelPhotoUrl);

    uploads[0]?.answer.resolve(UPLOADED_URL);
    await settle();
    expect(state().value).toBe('uploaded');
    expect(state().hasTag('busy')).toBe(false);
    expect(state().context).toMatchObject({ url: UPLOADED_URL, refusal: null });
    expect(effects).toEqual([`changed ${UPLOADED_URL}`, `toast ${PHOTO_MESSAGES.uploaded}`]);
  });

  it.each([
    ['a file of another type', bmpPhoto, PHOTO_MESSAGES.type],
    ['a photo over 2 MB', bigPhoto, PHOTO_MESSAGES.size],
    ['an empty file', chosenFile('empty.png', 0), PHOTO_MESSAGES.type],
  ])('%s is refused with the rule’s words before sending; the photo it had stays', (_, file, message) => {
    const { state, choose, uploads, effects } = start();
    choose(file);
    expect(state().value).toBe('refused');
    expect(state().context).toMatchObject({ url: modelPhotoUrl, refusal: message });
    expect(uploads).toHaveLength(0);
    expect(effects).toEqual([]);
  });

  it('2 MB exactly is accepted (the limit is the contract’s)', () => {
    const { state, choose } = start();
    choose(chosenFile('edge.jpg', PHOTO_RULES.maxBytes, 'image/jpeg'));
    expect(state().value).toBe('uploading');
  });

  it.each([
    ['the server’s words', new Error(PHOTO_MESSAGES.size), PHOTO_MESSAGES.size],
    ['图片上传失败 when it gives none', new Error(''), PHOTO_MESSAGES.failed],
  ])('a refused upload says %s and keeps the photo it had', async (_, error, message) => {
    const { state, choose, uploads, effects, settle } = start();
    choose(profilePhoto);
    uploads[0]?.answer.reject(error);
    await settle();
    expect(state().value).toBe('refused');
    expect(state().context).toMatchObject({ url: modelPhotoUrl, refusal: message });
    expect(effects).toEqual([]);
  });

  it('a new choice replaces a refusal and a photo', async () => {
    const { state, choose, uploads, settle } = start();
    choose(bmpPhoto);
    choose(profilePhoto);
    expect(state().value).toBe('uploading');
    expect(state().context.refusal).toBeNull();
    uploads[0]?.answer.resolve(UPLOADED_URL);
    await settle();
    choose(profilePhoto);
    uploads[1]?.answer.resolve(modelPhotoUrl);
    await settle();
    expect(state().value).toBe('uploaded');
    expect(state().context.url).toBe(modelPhotoUrl);
    expect(uploads).toHaveLength(2);
  });

  it('photo.clear forgets the photo and a refusal, and is offered only when there is a photo', () => {
    const { state, choose, actor, effects } = start();
    choose(bigPhoto);
    actor.send({ type: 'photo.clear' });
    expect(state().value).toBe('idle');
    expect(state().context).toMatchObject({ url: '', refusal: null });
    expect(effects).toEqual(['changed ']);
    expect(state().can({ type: 'photo.clear' })).toBe(false);
    actor.send({ type: 'photo.clear' });
    expect(effects).toEqual(['changed ']);
  });

  it('a volunteer photo is judged by the volunteer rules, sent by their call and said in their words', async () => {
    const { state, choose, uploads, effects, settle } = start({ use: 'volunteer' });
    expect(state().context.url).toBe('');
    // 100 KB: a profile photo, but too small for a volunteer's.
    choose(smallPhoto);
    expect(state().context.refusal).toBe(VOLUNTEER_MESSAGES.photoTooSmall);
    choose(chosenFile('big.png', 5 * 1024 * 1024 + 1));
    expect(state().context.refusal).toBe(VOLUNTEER_MESSAGES.photoTooLarge);
    expect(uploads).toHaveLength(0);
    // 3 MB: too big for a profile photo, a volunteer's may be.
    choose(chosenFile('three.png', 3 * 1024 * 1024));
    choose(goodPhoto);
    expect(uploads).toHaveLength(1);
    expect(uploads[0]?.use).toBe('volunteer');
    uploads[0]?.answer.resolve(PHOTO_URL);
    await settle();
    expect(state().context.url).toBe(PHOTO_URL);
    expect(effects.at(-1)).toBe(`toast ${VOLUNTEER_MESSAGES.photoUploaded}`);
  });

  it('a holder reads each snapshot: a new choice or photo takes its message away, an unchanged one keeps it', () => {
    const snap = (value: string, url: string, refusal: string | null = null) => ({
      value,
      context: { url, refusal },
    });
    expect(photoFacts(snap('idle', PHOTO_URL), PHOTO_URL)).toEqual({
      url: PHOTO_URL,
      uploading: false,
      message: undefined,
    });
    expect(photoFacts(snap('uploading', PHOTO_URL), PHOTO_URL).message).toBeNull();
    expect(photoFacts(snap('uploaded', UPLOADED_URL), PHOTO_URL).message).toBeNull();
    expect(photoFacts(snap('idle', ''), PHOTO_URL).message).toBeNull();
    expect(photoFacts(snap('refused', PHOTO_URL, PHOTO_MESSAGES.size), PHOTO_URL).message).toBe(
      PHOTO_MESSAGES.size,
    );
  });
});
