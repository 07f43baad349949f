import { AUTH_MESSAGES } from '@contract/auth';
import { NO_DAYS, VOLUNTEER_MESSAGES, type VolunteerPayloadInput, WEEKDAYS } from '@contract/volunteer';
import { modelVolunteerInput } from '@machines/index';
import { photoUploadMachine } from '@machines/photo-upload.machine';
import { smsCountdownMachine } from '@machines/sms-countdown.machine';
import { volunteerApplicationMachine } from '@machines/volunteer-application.machine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { deferred } from '../support/deferred';
import {
  completePatch,
  conversionPatch,
  goodPhoto,
  HUANGPU,
  MAN_ID,
  PHOTO_URL,
  smallPhoto,
  VOLUNTEER_PHONE,
  WOMAN_ID,
} from '../support/statecharts/fixtures/volunteer-application';

const ALL_DAYS = Object.fromEntries(WEEKDAYS.map((day) => [day, true]));

/** The application with fakes that record every side effect: codes, uploads, submissions, focus, toasts. */
const start = (seconds = 60) => {
  const codes: string[] = [];
  const uploads: { file: File; use: string; answer: ReturnType<typeof deferred<string>> }[] = [];
  const submissions: { payload: VolunteerPayloadInput; answer: ReturnType<typeof deferred<void>> }[] = [];
  const effects: string[] = [];
  const actor = createActor(
    volunteerApplicationMachine.provide({
      actors: {
        smsCountdown: smsCountdownMachine.provide({
          actors: {
            sendCode: fromPromise(async ({ input }) => {
              codes.push(input.phone);
            }),
          },
        }),
        photoUpload: photoUploadMachine.provide({
          actors: {
            uploadPhoto: fromPromise(({ input }) => {
              const answer = deferred<string>();
              uploads.push({ file: input.file, use: input.use, answer });
              return answer.promise;
            }),
          },
          actions: { showUploaded: (_, message) => effects.push(`toast ${message}`) },
        }),
        submitApplication: fromPromise(({ input }) => {
          const answer = deferred<void>();
          submissions.push({ payload: input.payload, answer });
          return answer.promise;
        }),
      },
      actions: {
        focusField: (_, field) => effects.push(`focus ${field}`),
        showSuccess: (_, userName) => effects.push(`success ${userName}`),
      },
    }),
    { input: { ...modelVolunteerInput, seconds } },
  ).start();
  const state = () => actor.getSnapshot();
  /** The believer chooses a file in the photo field (the field sends it to the invoked upload). */
  const choose = (file: File) => state().children.photoUpload?.send({ type: 'photo.choose', file });
  /** The whole form filled in, 随时 ticked and the photo uploaded: ready to submit. */
  const fill = async () => {
    actor.send({ type: 'field.edit', patch: completePatch });
    actor.send({ type: 'anytime.tick', ticked: true });
    choose(goodPhoto);
    uploads.at(-1)?.answer.resolve(PHOTO_URL);
    await vi.advanceTimersByTimeAsync(0);
  };
  return { actor, state, choose, codes, uploads, submissions, effects, fill };
};

describe('volunteer application journeys', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a complete application is sent once with the spec’s payload, then 志工申请成功 and the success page', async () => {
    const { actor, state, uploads, submissions, effects, fill } = start();
    expect(state().context.values).toMatchObject({
      NAME: '陈明',
      TEL: VOLUNTEER_PHONE,
      SEX: '1',
      ST_ZK: '1',
    });
    await fill();
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject({ file: goodPhoto, use: 'volunteer' });
    expect(effects).toEqual(['toast 照片上传成功']);

    actor.send({ type: 'form.submit' });
    expect(state().value).toBe('submitting');
    expect(state().hasTag('busy')).toBe(true);
    // The button is disabled: a second 提交 is not accepted and sends nothing.
    expect(state().can({ type: 'form.submit' })).toBe(false);
    actor.send({ type: 'form.submit' });
    expect(submissions).toHaveLength(1);
    expect(submissions[0]?.payload).toEqual({
      name: '陈明',
      idCard: MAN_ID,
      mobile: VOLUNTEER_PHONE,
      captcha: '123456',
      sex: '1',
      nation: '汉族',
      address: '南京东路100号',
      employer: '',
      photo: PHOTO_URL,
      birthDate: '1960-05-01',
      age: '66',
      foDate: '1990-04-08',
      postCode: '200001',
      wechat: '',
      degree: '5',
      physicalConditions: '1',
      boolConvert: 0,
      boolGc: 0,
      convertDate: '',
      convertLegalName: '',
      convertTemple: '',
      ssqCode: '31,3101,310101',
      ssqName: '上海市,市辖区,黄浦区',
      dataSource: 6,
      timeAvailable: 1,
      week: Object.fromEntries(WEEKDAYS.map((day) => [day, 1])),
      projectHcIds: '9',
      projectHdIds: '1',
      talentIds: '1',
    });

    submissions[0]?.answer.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(state().value).toBe('submitted');
    expect(state().status).toBe('done');
    expect(effects).toEqual(['toast 照片上传成功', 'success 陈明']);
  });

  it('invalid basic info: every message in the snapshot, the focus asked for the first field, nothing sent', async () => {
    const { actor, state, submissions, effects } = start();
    actor.send({ type: 'field.edit', patch: { NAME: '', ...completePatch, ID_CARD: '12345' } });
    actor.send({ type: 'form.submit' });
    expect(state().value).toBe('editing');
    expect(state().context.errors).toEqual({
      NAME: VOLUNTEER_MESSAGES.nameEmpty,
      ID_CARD: VOLUNTEER_MESSAGES.idInvalid,
      PHOTO: VOLUNTEER_MESSAGES.photoEmpty,
      WEEK: VOLUNTEER_MESSAGES.week,
    });
    expect(effects).toEqual(['focus NAME']);
    expect(submissions).toHaveLength(0);

    // Editing a field takes its message away; the others stay until the next 提交.
    actor.send({ type: 'field.edit', patch: { NAME: '陈明' } });
    expect(Object.keys(state().context.errors)).toEqual(['ID_CARD', 'PHOTO', 'WEEK']);
    actor.send({ type: 'form.submit' });
    expect(effects).toEqual(['focus NAME', 'focus ID_CARD']);
    expect(submissions).toHaveLength(0);
  });

  it('only the activities missing: the focus goes to the first activity group', async () => {
    const { actor, state, submissions, effects, fill } = start();
    await fill();
    actor.send({ type: 'field.edit', patch: { PROJECT_HD: [], TALENTS: [] } });
    actor.send({ type: 'form.submit' });
    expect(state().context.errors).toEqual({
      PROJECT_HD: VOLUNTEER_MESSAGES.eventProjects,
      TALENTS: VOLUNTEER_MESSAGES.talents,
    });
    expect(effects.at(-1)).toBe('focus PROJECT_HD');
    expect(submissions).toHaveLength(0);
  });

  it('the conversion toggle: its fields are judged only when 是, and hidden values are not sent', async () => {
    const { actor, state, submissions, fill } = start();
    await fill();
    actor.send({ type: 'field.edit', patch: { BOOL_CONVERT: '1' } });
    actor.send({ type: 'form.submit' });
    expect(state().context.errors).toEqual({
      CONVERT_DATE: VOLUNTEER_MESSAGES.convertDate,
      CONVERT_LEGAL_NAME: VOLUNTEER_MESSAGES.dharmaNameEmpty,
      REFUGE_TEMPLE: VOLUNTEER_MESSAGES.templeEmpty,
    });
    expect(submissions).toHaveLength(0);

    // Filled in, then 否 again: what was typed is kept on the form but not sent.
    actor.send({ type: 'field.edit', patch: conversionPatch });
    actor.send({ type: 'field.edit', patch: { BOOL_CONVERT: '0' } });
    expect(state().context.values).toMatchObject(conversionPatch);
    actor.send({ type: 'form.submit' });
    expect(submissions[0]?.payload).toMatchObject({
      boolConvert: 0,
      convertDate: '',
      convertLegalName: '',
      convertTemple: '',
    });
  });

  it('the conversion fields are sent when 是', async () => {
    const { actor, submissions, fill } = start();
    await fill();
    actor.send({ type: 'field.edit', patch: { BOOL_CONVERT: '1', ...conversionPatch } });
    actor.send({ type: 'form.submit' });
    expect(submissions[0]?.payload).toMatchObject({
      boolConvert: 1,
      convertDate: '2000-04-08',
      convertLegalName: '妙慧',
      convertTemple: '玉佛寺',
    });
  });

  it('随时 and the weekdays: 随时 ticks all seven, all seven tick 随时, un-ticking a day clears 随时', () => {
    const { actor, state } = start();
    const week = () => ({ anytime: state().context.values.ANYTIME, week: state().context.values.WEEK });
    actor.send({ type: 'anytime.tick', ticked: true });
    expect(week()).toEqual({ anytime: true, week: ALL_DAYS });
    actor.send({ type: 'weekday.tick', day: 'friday', ticked: false });
    expect(week()).toEqual({ anytime: false, week: { ...ALL_DAYS, friday: false } });
    actor.send({ type: 'weekday.tick', day: 'friday', ticked: true });
    expect(week()).toEqual({ anytime: true, week: ALL_DAYS });
    actor.send({ type: 'anytime.tick', ticked: false });
    expect(week()).toEqual({ anytime: false, week: NO_DAYS });
    for (const day of WEEKDAYS) actor.send({ type: 'weekday.tick', day, ticked: true });
    expect(week()).toEqual({ anytime: true, week: ALL_DAYS });
  });

  it('two weekdays send timeAvailable 2 and the week as 0/1', async () => {
    const { actor, submissions, fill } = start();
    await fill();
    actor.send({ type: 'anytime.tick', ticked: false });
    actor.send({ type: 'weekday.tick', day: 'saturday', ticked: true });
    actor.send({ type: 'weekday.tick', day: 'sunday', ticked: true });
    actor.send({ type: 'form.submit' });
    expect(submissions[0]?.payload).toMatchObject({
      timeAvailable: 2,
      week: { ...Object.fromEntries(WEEKDAYS.map((day) => [day, 0])), saturday: 1, sunday: 1 },
    });
  });

  it('leaving a valid ID fills age, sex, birth date and 籍贯; an invalid one fills nothing', () => {
    const { actor, state } = start();
    actor.send({ type: 'field.edit', patch: { ID_CARD: WOMAN_ID } });
    actor.send({ type: 'idCard.blur' });
    expect(state().context.values).toMatchObject({
      AGE: '64',
      SEX: '2',
      BIRTH_DATE: '1962-04-18',
      HOMETOWN: HUANGPU.codes,
      HOMETOWN_NAME: HUANGPU.names,
    });
    actor.send({ type: 'field.edit', patch: { ID_CARD: '310101196204181249', AGE: '' } });
    actor.send({ type: 'idCard.blur' });
    expect(state().context.values.AGE).toBe('');
  });

  it('a server refusal keeps every value: the code’s beside its field, a second application above 提交', async () => {
    const { actor, state, submissions, effects, fill } = start();
    await fill();
    const before = state().context.values;
    actor.send({ type: 'form.submit' });
    submissions[0]?.answer.reject(new Error(AUTH_MESSAGES.codeWrong(4)));
    await vi.advanceTimersByTimeAsync(0);
    expect(state().value).toBe('editing');
    expect(state().context.values).toEqual(before);
    expect(state().context.errors).toEqual({ verifCode: AUTH_MESSAGES.codeWrong(4) });
    expect(effects.at(-1)).toBe('focus verifCode');

    actor.send({ type: 'field.edit', patch: { verifCode: '654321' } });
    expect(state().context.errors).toEqual({});
    actor.send({ type: 'form.submit' });
    submissions[1]?.answer.reject(new Error(VOLUNTEER_MESSAGES.alreadyApplied));
    await vi.advanceTimersByTimeAsync(0);
    expect(state().context.refusal).toBe(VOLUNTEER_MESSAGES.alreadyApplied);
    expect(state().context.errors).toEqual({});
    expect(state().context.values).toEqual({ ...before, verifCode: '654321' });
    expect(effects).not.toContain('success 陈明');
    expect(submissions).toHaveLength(2);
  });

  it('the photo: a small file is refused without an upload; a refused upload says why; 提交 waits for an upload', async () => {
    const { actor, state, choose, uploads, submissions, effects, fill } = start();
    choose(smallPhoto);
    expect(state().context.errors.PHOTO).toBe(VOLUNTEER_MESSAGES.photoTooSmall);
    expect(uploads).toHaveLength(0);

    choose(goodPhoto);
    expect(state().context.photoUploading).toBe(true);
    expect(state().context.errors.PHOTO).toBeUndefined();
    expect(state().can({ type: 'form.submit' })).toBe(false);
    // The form stays editable meanwhile.
    actor.send({ type: 'field.edit', patch: { NATION: '汉族' } });
    expect(state().context.values.NATION).toBe('汉族');
    uploads[0]?.answer.reject(new Error(VOLUNTEER_MESSAGES.photoTooLarge));
    await vi.advanceTimersByTimeAsync(0);
    expect(state().context.photoUploading).toBe(false);
    expect(state().context.errors.PHOTO).toBe(VOLUNTEER_MESSAGES.photoTooLarge);
    expect(state().context.values.PHOTO).toBe('');

    // A complete form with a photo being replaced: 提交 sends nothing until the new one is in.
    await fill();
    expect(effects).toEqual(['toast 照片上传成功']);
    const other = '/api/yxs-app/yg/photo/fedcba9876543210fedcba9876543210';
    choose(goodPhoto);
    actor.send({ type: 'form.submit' });
    expect(state().value).toBe('editing');
    expect(submissions).toHaveLength(0);
    uploads.at(-1)?.answer.resolve(other);
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'form.submit' });
    expect(submissions[0]?.payload.photo).toBe(other);
  });

  it('a refusal of the photo on 提交 stays beside it, the photo kept; 移除照片 clears it', async () => {
    const { actor, state, submissions, effects, fill } = start();
    await fill();
    actor.send({ type: 'form.submit' });
    submissions[0]?.answer.reject(new Error(VOLUNTEER_MESSAGES.photoNotOurs));
    await vi.advanceTimersByTimeAsync(0);
    // Back to the form: the upload starts again from the form's photo, the message stays.
    expect(state().value).toBe('editing');
    expect(state().context.errors).toEqual({ PHOTO: VOLUNTEER_MESSAGES.photoNotOurs });
    expect(state().context.values.PHOTO).toBe(PHOTO_URL);
    expect(state().children.photoUpload?.getSnapshot().context.url).toBe(PHOTO_URL);
    expect(effects.at(-1)).toBe('focus PHOTO');

    state().children.photoUpload?.send({ type: 'photo.clear' });
    expect(state().context.values.PHOTO).toBe('');
    expect(state().context.errors).toEqual({});
    actor.send({ type: 'form.submit' });
    expect(state().context.errors).toEqual({ PHOTO: VOLUNTEER_MESSAGES.photoEmpty });
    expect(submissions).toHaveLength(1);
  });

  it('the code button sends the form’s phone and counts 60 seconds, through a failed submit', async () => {
    const { actor, codes, submissions, fill } = start();
    await fill();
    actor.send({ type: 'code.send' });
    await vi.advanceTimersByTimeAsync(0);
    expect(codes).toEqual([VOLUNTEER_PHONE]);
    const countdown = () => actor.getSnapshot().children.smsCountdown?.getSnapshot();
    expect(countdown()?.context.remaining).toBe(60);
    actor.send({ type: 'form.submit' });
    submissions[0]?.answer.reject(new Error(VOLUNTEER_MESSAGES.alreadyApplied));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(countdown()?.hasTag('counting')).toBe(true);
    expect(countdown()?.context.remaining).toBe(50);
    actor.send({ type: 'code.send' });
    expect(codes).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(50_000);
    expect(countdown()?.matches('resendable')).toBe(true);
  });
});
