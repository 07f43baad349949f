import {
  type Availability,
  idCardFacts,
  tickAnytime,
  tickWeekday,
  VOLUNTEER_MESSAGES,
  type VolunteerPayloadInput,
  type Weekday,
} from '@contract/volunteer';
import {
  judgeVolunteerForm,
  VOLUNTEER_FIELDS,
  type VolunteerField,
  type VolunteerFieldErrors,
  type VolunteerFormValues,
  volunteerRefusalField,
} from '@contract/volunteer-form';
import { type AnyActorRef, assign, setup } from 'xstate';
import { messageOf, unprovided } from './effects';
import { fieldErrorsOf } from './ordering';
import { type PhotoSnapshot, photoFacts, photoUploadMachine } from './photo-upload.machine';
import { smsCountdownMachine } from './sms-countdown.machine';

/**
 * The volunteer application (志工申请, /guangciVolunteers; spec 002 sections 2-5, 8, 9). The page
 * is for logged-in believers (the route's guard); the form starts with their name and phone.
 *
 * | state             | the believer sees                                                      |
 * | ----------------- | ---------------------------------------------------------------------- |
 * | editing           | the form (基本信息, 活动信息, 日常维护, 大型活动, 技能专长) and 提交;     |
 * |                   | each problem beside its field, a refusal about no field above 提交;     |
 * |                   | while the photo uploads, 提交 waits for it (`photoUploading`)           |
 * | submitting        | the same, 提交中… disabled (tag busy)                                   |
 * | submitted (final) | 志工申请成功, then /volunteer-success?userName=<name>                    |
 *
 * The machine holds the form: the view sends each edit as a patch of what was entered. Leaving the
 * ID field with a valid number fills in age, sex, birth date and 籍贯 (`idCardFacts`, the region
 * named by the page's table: `regionOf`). 随时 and the weekdays follow the contract's rule. The
 * send-code button is the invoked countdown (60 s); the machine sends it the phone of the form.
 * The photo is the invoked photo upload (its volunteer rules): the view sends it the file; the form
 * keeps its URL and its refusal (beside the field) from each of its snapshots.
 * 提交 judges the form with the contract: a problem keeps the form and asks the view to focus the
 * first field with a message (`focusField`), nothing is sent. A refusal of the server is said
 * beside the field it concerns (the code, the photo) or above 提交; nothing entered is lost.
 */
/** A region of the table: its codes and names, province to county. */
export type RegionChoice = Record<'codes' | 'names', string[]>;

export interface VolunteerApplicationInput {
  /** The form's first values (volunteerFormDefaults of the believer's profile). */
  values: VolunteerFormValues;
  /** Today in the temple's zone (YYYY-MM-DD): bounds the dates and counts the age. */
  today: string;
  /** The send-code cooldown: 60 s on the site (the model walks it with 2). */
  seconds: number;
  /** The region table's lookup of an ID number's six-digit code (the page loads the table). */
  regionOf: (code: string) => RegionChoice | null;
}

export interface VolunteerApplicationContext extends VolunteerApplicationInput {
  errors: VolunteerFieldErrors;
  /** A refusal of the server that is about no field (already applied, the server away). */
  refusal: string | null;
  /** The photo is being uploaded: 提交 waits. */
  photoUploading: boolean;
}

export type VolunteerApplicationEvent =
  | { type: 'field.edit'; patch: Partial<VolunteerFormValues> }
  | { type: 'idCard.blur' }
  | { type: 'anytime.tick'; ticked: boolean }
  | { type: 'weekday.tick'; day: Weekday; ticked: boolean }
  | { type: 'code.send' }
  | { type: 'form.submit' };

/** The first field with a message, in page order (the view focuses it); null for none. */
const firstFieldOf = (errors: VolunteerFieldErrors): VolunteerField | null =>
  VOLUNTEER_FIELDS.find((field) => errors[field]) ?? null;

const payloadOf = ({ values, today }: VolunteerApplicationContext): VolunteerPayloadInput => {
  const judged = judgeVolunteerForm(values, today);
  if (judged.outcome === 'invalid') throw new Error('submitting an invalid form');
  return judged.payload;
};

const countdownOf = (self: AnyActorRef): AnyActorRef | undefined =>
  (self.getSnapshot().children as { smsCountdown?: AnyActorRef }).smsCountdown;

const without = (errors: VolunteerFieldErrors, fields: readonly string[]): VolunteerFieldErrors =>
  Object.fromEntries(Object.entries(errors).filter(([field]) => !fields.includes(field)));

export const volunteerApplicationMachine = setup({
  types: {
    context: {} as VolunteerApplicationContext,
    events: {} as VolunteerApplicationEvent,
    input: {} as VolunteerApplicationInput,
    children: {} as {
      smsCountdown: 'smsCountdown';
      photoUpload: 'photoUpload';
      submitApplication: 'submitApplication';
    },
    tags: {} as 'busy',
  },
  actors: {
    smsCountdown: smsCountdownMachine,
    photoUpload: photoUploadMachine,
    submitApplication: unprovided<void, { payload: VolunteerPayloadInput }>('submitApplication'),
  },
  guards: {
    editsPhone: (_, patch: Partial<VolunteerFormValues>) => 'TEL' in patch,
    hasIdFacts: ({ context }) => idCardFacts(context.values.ID_CARD, context.today) !== null,
    isPhotoUploading: ({ context }) => context.photoUploading,
    hasFormProblem: ({ context }) => judgeVolunteerForm(context.values, context.today).outcome === 'invalid',
  },
  actions: {
    /** The view moves to the field and focuses it (scrolling the form to it). */
    focusField: (_, _field: VolunteerField | null) => {},
    /** The hook says 志工申请成功 and goes to /volunteer-success?userName=<name>. */
    showSuccess: (_, _userName: string) => {},
    assignPatch: assign(({ context }, patch: Partial<VolunteerFormValues>) => {
      const edited = Object.keys(patch);
      // The hometown's names go with its codes; 随时 with the week.
      if (edited.includes('HOMETOWN_NAME')) edited.push('HOMETOWN');
      if (edited.includes('ANYTIME')) edited.push('WEEK');
      return {
        values: { ...context.values, ...patch },
        errors: without(context.errors, edited),
        refusal: null,
      };
    }),
    // Looked up rather than `sendTo('smsCountdown')`: a walk of the graph has no live child to send to.
    forwardPhoneEdit: ({ self }) => countdownOf(self)?.send({ type: 'phone.edit' }),
    sendCode: ({ context, self }) =>
      countdownOf(self)?.send({ type: 'code.send', phone: context.values.TEL }),
    assignIdFacts: assign(({ context }) => {
      const facts = idCardFacts(context.values.ID_CARD, context.today);
      if (!facts) return {};
      const region = context.regionOf(facts.regionCode);
      const filled = ['AGE', 'SEX', 'BIRTH_DATE', ...(region ? ['HOMETOWN'] : [])];
      return {
        values: {
          ...context.values,
          AGE: String(facts.age),
          SEX: facts.sex,
          BIRTH_DATE: facts.birthDate,
          ...(region ? { HOMETOWN: region.codes, HOMETOWN_NAME: region.names } : {}),
        },
        errors: without(context.errors, filled),
      };
    }),
    assignWeek: assign(({ context }, week: Availability) => ({
      values: { ...context.values, ...week },
      errors: without(context.errors, ['WEEK']),
    })),
    /** The photo as its upload now stands: its URL, whether it uploads, its message beside it. */
    assignPhoto: assign(({ context }, photo: PhotoSnapshot) => {
      if (!photo.context) return {};
      const { url, uploading, message } = photoFacts(photo, context.values.PHOTO);
      const errors = message === null ? without(context.errors, ['PHOTO']) : context.errors;
      return {
        values: { ...context.values, PHOTO: url },
        errors: message ? { ...errors, PHOTO: message } : errors,
        photoUploading: uploading,
      };
    }),
    assignErrors: assign({
      errors: ({ context }) => fieldErrorsOf(judgeVolunteerForm(context.values, context.today)),
      refusal: null,
    }),
    clearMessages: assign({ errors: {}, refusal: null }),
    /** A refusal about the code or the photo stands beside that field; any other above 提交. */
    assignRefusal: assign(({ context }, error: unknown) => {
      const message = messageOf(error, VOLUNTEER_MESSAGES.submitFailed);
      const field = volunteerRefusalField(message);
      return field ? { errors: { ...context.errors, [field]: message } } : { refusal: message };
    }),
  },
}).createMachine({
  id: 'volunteerApplication',
  context: ({ input }) => ({ ...input, errors: {}, refusal: null, photoUploading: false }),
  // The countdown lives as long as the page: a failed submit does not reset it.
  invoke: {
    id: 'smsCountdown',
    src: 'smsCountdown',
    input: ({ context }) => ({ seconds: context.seconds, phoneRule: 'volunteer' as const }),
  },
  initial: 'editing',
  states: {
    editing: {
      // The photo upload lives with the form (it starts again from the form's photo after a refusal).
      invoke: {
        id: 'photoUpload',
        src: 'photoUpload',
        input: ({ context }) => ({ use: 'volunteer' as const, url: context.values.PHOTO }),
        onSnapshot: { actions: { type: 'assignPhoto', params: ({ event }) => event.snapshot } },
      },
      on: {
        'field.edit': [
          {
            guard: { type: 'editsPhone', params: ({ event }) => event.patch },
            actions: [{ type: 'assignPatch', params: ({ event }) => event.patch }, 'forwardPhoneEdit'],
          },
          { actions: { type: 'assignPatch', params: ({ event }) => event.patch } },
        ],
        'idCard.blur': { guard: 'hasIdFacts', actions: 'assignIdFacts' },
        'anytime.tick': { actions: { type: 'assignWeek', params: ({ event }) => tickAnytime(event.ticked) } },
        'weekday.tick': {
          actions: {
            type: 'assignWeek',
            params: ({ context, event }) => tickWeekday(context.values.WEEK, event.day, event.ticked),
          },
        },
        'code.send': { actions: 'sendCode' },
        // 提交 waits for a photo being uploaded (the button is disabled meanwhile).
        'form.submit': [
          { guard: 'isPhotoUploading' },
          {
            guard: 'hasFormProblem',
            actions: [
              'assignErrors',
              { type: 'focusField', params: ({ context }) => firstFieldOf(context.errors) },
            ],
          },
          { target: 'submitting', actions: 'clearMessages' },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitApplication',
        src: 'submitApplication',
        // The form as judged on 提交 (it cannot change while it is sent).
        input: ({ context }) => ({ payload: payloadOf(context) }),
        onDone: 'submitted',
        onError: {
          target: 'editing',
          actions: [
            { type: 'assignRefusal', params: ({ event }: { event: { error: unknown } }) => event.error },
            { type: 'focusField', params: ({ context }) => firstFieldOf(context.errors) },
          ],
        },
      },
    },
    submitted: {
      type: 'final',
      entry: { type: 'showSuccess', params: ({ context }) => context.values.NAME.trim() },
    },
  },
});
