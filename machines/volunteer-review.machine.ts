import { type Review, reviewSchema } from '@contract/console';
import { fieldMessages } from '@contract/envelope';
import { assign, setup } from 'xstate';
import { messageOf, unprovided } from './effects';

/**
 * Reviewing a volunteer application in the staff console (志工申请, /volunteers): one actor for
 * the page; each 审核 of a pending application is one pass from idle (or done) back to done.
 *
 * | state      | the clerk sees                                                                  |
 * | ---------- | ------------------------------------------------------------------------------- |
 * | idle       | the applications; no dialog                                                     |
 * | choosing   | the 审核 dialog: 通过 / 不通过 (a radio group) and 审核意见; each problem beside  |
 * |            | its field (不通过 needs a note); 下一步 and 取消                                   |
 * | confirming | the same dialog asks 确认审核结果: the decision and the note as they will be sent,  |
 * |            | 确认提交, 返回修改 and 取消                                                          |
 * | sending    | 确认提交 pending, nothing else pressable (tag busy)                                 |
 * | failed     | the confirmation with the server's refusal above its buttons; 重新提交, 返回修改  |
 * |            | (what was entered is kept) and 取消                                               |
 * | done       | the dialog closed; the row shows its new status; a toast says the applicant    |
 * |            | will be told by SMS. Another application can be reviewed.                       |
 */

export const VOLUNTEER_REVIEW_MESSAGES = {
  /** 不通过 is said to the applicant with its reason: the note is required then. */
  noteRequired: '不通过时请填写原因，申请人会收到这条说明',
  sendFailed: '审核未能提交，请稍后再试',
  /** The toast once the review is saved. */
  reviewed: '审核结果已保存，申请人将收到短信通知',
} as const;

export type ReviewDecision = Review['decision'];
export type ReviewField = 'decision' | 'note';
export type ReviewErrors = Partial<Record<ReviewField, string>>;

/** The application under review, as its row names it. */
export interface ReviewedApplication {
  id: number;
  name: string;
}

export interface VolunteerReviewContext {
  application: ReviewedApplication | null;
  decision: ReviewDecision | null;
  note: string;
  errors: ReviewErrors;
  /** The server's refusal of the last try (shown in the dialog). */
  refusal: string | null;
}

export type VolunteerReviewEvent =
  | { type: 'review.start'; application: ReviewedApplication }
  | { type: 'decision.choose'; decision: ReviewDecision }
  | { type: 'note.edit'; note: string }
  | { type: 'review.next' }
  | { type: 'review.back' }
  | { type: 'review.confirm' }
  | { type: 'review.cancel' };

export interface ReviewRequest {
  id: number;
  review: Review;
}

/** The form's problems: the contract's schema, and the note a 不通过 needs. */
export const judgeReview = (decision: ReviewDecision | null, note: string): ReviewErrors => {
  const errors: ReviewErrors = fieldMessages(reviewSchema, { decision: decision ?? undefined, note });
  if (decision === 'rejected' && note.trim() === '' && !errors.note)
    errors.note = VOLUNTEER_REVIEW_MESSAGES.noteRequired;
  return {
    ...(errors.decision ? { decision: errors.decision } : {}),
    ...(errors.note ? { note: errors.note } : {}),
  };
};

const REVIEW_FIELDS: readonly ReviewField[] = ['decision', 'note'];
const firstFieldOf = (errors: ReviewErrors): ReviewField | null =>
  REVIEW_FIELDS.find((field) => errors[field]) ?? null;

const requestOf = ({ application, decision, note }: VolunteerReviewContext): ReviewRequest => ({
  id: application?.id ?? 0,
  review: { decision: decision ?? 'approved', note: note.trim() },
});

const fresh = { decision: null, note: '', errors: {}, refusal: null };

export const volunteerReviewMachine = setup({
  types: {
    context: {} as VolunteerReviewContext,
    events: {} as VolunteerReviewEvent,
    children: {} as { sendReview: 'sendReview' },
    tags: {} as 'busy',
  },
  actors: { sendReview: unprovided<unknown, ReviewRequest>('sendReview') },
  guards: {
    hasProblem: ({ context }) => Object.keys(judgeReview(context.decision, context.note)).length > 0,
  },
  actions: {
    /** The view focuses the field (the first with a message). */
    focusField: (_, _field: ReviewField | null) => {},
    /** The hook refreshes the list (the row's new status) and says the applicant will be told. */
    reviewed: (_, _output: unknown) => {},
    assignApplication: assign((_, application: ReviewedApplication) => ({ application, ...fresh })),
    assignDecision: assign(({ context }, decision: ReviewDecision) => {
      // A note's message shown stays only if it still holds (通过 makes the note optional).
      const note = context.errors.note ? judgeReview(decision, context.note).note : undefined;
      return { decision, errors: note ? { note } : {} };
    }),
    assignNote: assign(({ context }, note: string) => ({
      note,
      errors: context.errors.decision ? { decision: context.errors.decision } : {},
    })),
    assignErrors: assign({ errors: ({ context }) => judgeReview(context.decision, context.note) }),
    clearRefusal: assign({ refusal: null }),
    assignRefusal: assign({
      refusal: (_, error: unknown) => messageOf(error, VOLUNTEER_REVIEW_MESSAGES.sendFailed),
    }),
    forget: assign({ application: null, ...fresh }),
  },
}).createMachine({
  id: 'volunteerReview',
  context: { application: null, ...fresh },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'review.start': {
          target: 'choosing',
          actions: { type: 'assignApplication', params: ({ event }) => event.application },
        },
      },
    },
    choosing: {
      on: {
        'decision.choose': { actions: { type: 'assignDecision', params: ({ event }) => event.decision } },
        'note.edit': { actions: { type: 'assignNote', params: ({ event }) => event.note } },
        'review.next': [
          {
            guard: 'hasProblem',
            actions: [
              'assignErrors',
              { type: 'focusField', params: ({ context }) => firstFieldOf(context.errors) },
            ],
          },
          { target: 'confirming' },
        ],
        'review.cancel': { target: 'idle', actions: 'forget' },
      },
    },
    confirming: {
      on: {
        'review.confirm': 'sending',
        'review.back': 'choosing',
        'review.cancel': { target: 'idle', actions: 'forget' },
      },
    },
    // Nothing else is accepted while the review is sent: the dialog cannot be closed meanwhile.
    sending: {
      tags: ['busy'],
      entry: 'clearRefusal',
      invoke: {
        id: 'sendReview',
        src: 'sendReview',
        input: ({ context }) => requestOf(context),
        onDone: {
          target: 'done',
          actions: { type: 'reviewed', params: ({ event }: { event: { output: unknown } }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'assignRefusal',
            params: ({ event }: { event: { error: unknown } }) => event.error,
          },
        },
      },
    },
    failed: {
      on: {
        'review.confirm': 'sending',
        'review.back': { target: 'choosing', actions: 'clearRefusal' },
        'review.cancel': { target: 'idle', actions: 'forget' },
      },
    },
    done: {
      entry: 'forget',
      on: {
        'review.start': {
          target: 'choosing',
          actions: { type: 'assignApplication', params: ({ event }) => event.application },
        },
      },
    },
  },
});
