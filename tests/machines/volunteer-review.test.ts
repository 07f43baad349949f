import { CONSOLE_MESSAGES } from '@contract/console';
import { VOLUNTEER_REVIEW_MESSAGES, volunteerReviewMachine } from '@machines/volunteer-review.machine';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { deferred } from '../support/deferred';
import {
  LONG_NOTE,
  REVIEW_NOTE,
  reviewedApplication,
} from '../support/statecharts/fixtures/volunteer-review';

/** The review with a fake send recording every request, and the effects the hook would run. */
const start = () => {
  const sent: { input: unknown; answer: ReturnType<typeof deferred<unknown>> }[] = [];
  const effects: unknown[] = [];
  const actor = createActor(
    volunteerReviewMachine.provide({
      actors: {
        sendReview: fromPromise(async ({ input }) => {
          const answer = deferred<unknown>();
          sent.push({ input, answer });
          return answer.promise;
        }),
      },
      actions: {
        focusField: (_, field) => effects.push(['focus', field]),
        reviewed: (_, output) => effects.push(['reviewed', output]),
      },
    }),
  ).start();
  const state = () => actor.getSnapshot();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { actor, state, sent, effects, settle };
};

describe('volunteer review journeys', () => {
  it('approve with a note: one request with the decision and the note, then done and the list refreshed', async () => {
    const { actor, state, sent, effects, settle } = start();
    actor.send({ type: 'review.start', application: reviewedApplication });
    actor.send({ type: 'decision.choose', decision: 'approved' });
    actor.send({ type: 'note.edit', note: `  ${REVIEW_NOTE} ` });
    actor.send({ type: 'review.next' });
    expect(state().value).toBe('confirming');
    expect(sent).toHaveLength(0);
    actor.send({ type: 'review.confirm' });
    expect(state().hasTag('busy')).toBe(true);
    // Nothing else while it is sent: no second request, no cancel.
    expect(state().can({ type: 'review.confirm' })).toBe(false);
    expect(state().can({ type: 'review.cancel' })).toBe(false);
    expect(sent.map((s) => s.input)).toEqual([
      { id: reviewedApplication.id, review: { decision: 'approved', note: REVIEW_NOTE } },
    ]);
    const row = { id: 7, status: 'approved' };
    sent[0]?.answer.resolve(row);
    await settle();
    expect(state().value).toBe('done');
    expect(effects).toEqual([['reviewed', row]]);
    expect(state().context.application).toBeNull();
  });

  it('approve without a note is fine: the note is optional then', () => {
    const { actor, state } = start();
    actor.send({ type: 'review.start', application: reviewedApplication });
    actor.send({ type: 'decision.choose', decision: 'approved' });
    actor.send({ type: 'review.next' });
    expect(state().value).toBe('confirming');
  });

  it('decline without a note: the message beside the note, focus there, nothing sent', () => {
    const { actor, state, sent, effects } = start();
    actor.send({ type: 'review.start', application: reviewedApplication });
    actor.send({ type: 'decision.choose', decision: 'rejected' });
    actor.send({ type: 'note.edit', note: '   ' });
    actor.send({ type: 'review.next' });
    expect(state().value).toBe('choosing');
    expect(state().context.errors).toEqual({ note: VOLUNTEER_REVIEW_MESSAGES.noteRequired });
    expect(effects).toEqual([['focus', 'note']]);
    // Choosing 通过 instead: the note is no longer needed, its message goes.
    actor.send({ type: 'decision.choose', decision: 'approved' });
    expect(state().context.errors).toEqual({});
    actor.send({ type: 'decision.choose', decision: 'rejected' });
    actor.send({ type: 'review.confirm' });
    expect(sent).toHaveLength(0);
  });

  it('nothing chosen: 请选择审核结果 beside the choice; a note over 200 characters is refused too', () => {
    const { actor, state, effects } = start();
    actor.send({ type: 'review.start', application: reviewedApplication });
    actor.send({ type: 'note.edit', note: LONG_NOTE });
    actor.send({ type: 'review.next' });
    expect(state().context.errors).toEqual({
      decision: CONSOLE_MESSAGES.decisionEmpty,
      note: CONSOLE_MESSAGES.noteTooLong,
    });
    expect(effects).toEqual([['focus', 'decision']]);
    // A choice takes the choice's message away, not the note's (still too long).
    actor.send({ type: 'decision.choose', decision: 'approved' });
    expect(state().context.errors).toEqual({ note: CONSOLE_MESSAGES.noteTooLong });
    actor.send({ type: 'note.edit', note: REVIEW_NOTE });
    expect(state().context.errors).toEqual({});
  });

  it('a refusal: the server’s words in the dialog, the note kept; 返回修改 keeps it; retry sends again', async () => {
    const { actor, state, sent, settle } = start();
    actor.send({ type: 'review.start', application: reviewedApplication });
    actor.send({ type: 'decision.choose', decision: 'rejected' });
    actor.send({ type: 'note.edit', note: REVIEW_NOTE });
    actor.send({ type: 'review.next' });
    actor.send({ type: 'review.confirm' });
    sent[0]?.answer.reject(new Error(CONSOLE_MESSAGES.notFound));
    await settle();
    expect(state().value).toBe('failed');
    expect(state().context.refusal).toBe(CONSOLE_MESSAGES.notFound);
    expect(state().context).toMatchObject({ decision: 'rejected', note: REVIEW_NOTE });
    actor.send({ type: 'review.back' });
    expect(state().value).toBe('choosing');
    expect(state().context).toMatchObject({ decision: 'rejected', note: REVIEW_NOTE, refusal: null });
    actor.send({ type: 'review.next' });
    actor.send({ type: 'review.confirm' });
    sent[1]?.answer.reject(new Error(''));
    await settle();
    expect(state().context.refusal).toBe(VOLUNTEER_REVIEW_MESSAGES.sendFailed);
    actor.send({ type: 'review.confirm' });
    expect(state().context.refusal).toBeNull();
    expect(sent).toHaveLength(3);
    expect(sent[2]?.input).toEqual(sent[0]?.input);
  });

  it('cancel from any step forgets what was entered; the next review starts empty', () => {
    const { actor, state } = start();
    actor.send({ type: 'review.start', application: reviewedApplication });
    actor.send({ type: 'decision.choose', decision: 'rejected' });
    actor.send({ type: 'note.edit', note: REVIEW_NOTE });
    actor.send({ type: 'review.next' });
    actor.send({ type: 'review.cancel' });
    expect(state().value).toBe('idle');
    actor.send({ type: 'review.start', application: { id: 8, name: '李华' } });
    expect(state().context).toMatchObject({
      application: { id: 8, name: '李华' },
      decision: null,
      note: '',
      errors: {},
    });
  });
});
