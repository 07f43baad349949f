import type { volunteerReviewMachine } from '@machines/volunteer-review.machine';
import type { RefObject } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { Button } from '../../../components/ui/button';
import { ChoiceCards } from '../../../components/ui/choice-cards';
import { Modal } from '../../../components/ui/modal';
import { Notice } from '../../../components/ui/notice';
import { TextAreaField } from '../../../components/ui/text-area-field';

type Snapshot = SnapshotFrom<typeof volunteerReviewMachine>;
type Send = ActorRefFrom<typeof volunteerReviewMachine>['send'];

const DECISIONS = [
  { value: 'approved', label: '通过' },
  { value: 'rejected', label: '不通过' },
];
const DECISION_TEXT = { approved: '通过', rejected: '不通过' } as const;

/**
 * The 审核 dialog of one application: the choice and the note (choosing), then the same facts to
 * confirm (confirming, sending, failed with the refusal). Everything it shows is the snapshot's.
 */
export function ReviewDialog({
  snapshot,
  send,
  formRef,
}: {
  snapshot: Snapshot;
  send: Send;
  formRef: RefObject<HTMLDivElement | null>;
}) {
  const { application, decision, note, errors, refusal } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const isOpen = !snapshot.matches('idle') && !snapshot.matches('done');
  return (
    <Modal
      title={`审核志工申请 · ${application?.name ?? ''}`}
      isOpen={isOpen}
      onClose={() => send({ type: 'review.cancel' })}
      isDismissable={!busy}
      closesOnOutsideClick={false}
      width={560}
    >
      {snapshot.matches('choosing') ? (
        <div ref={formRef} className="flex flex-col gap-6">
          <div data-field="decision">
            <ChoiceCards
              label="审核结果"
              isRequired
              choices={DECISIONS}
              value={decision}
              onChange={(value) =>
                send({ type: 'decision.choose', decision: value as 'approved' | 'rejected' })
              }
              error={errors.decision}
            />
          </div>
          <div data-field="note">
            <TextAreaField
              label={decision === 'rejected' ? '审核意见（不通过时必填）' : '审核意见'}
              value={note}
              onChange={(value) => send({ type: 'note.edit', note: value })}
              maxLength={200}
              error={errors.note}
            />
          </div>
          <div className="flex justify-end gap-4">
            <Button tone="secondary" onPress={() => send({ type: 'review.cancel' })}>
              取消
            </Button>
            <Button onPress={() => send({ type: 'review.next' })}>下一步</Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-5">
          <p className="text-lg font-semibold text-ink">确认审核结果</p>
          <dl className="grid grid-cols-[6rem_1fr] gap-x-4 gap-y-2 text-lg">
            <dt className="text-ink-soft">审核结果</dt>
            <dd>{decision ? DECISION_TEXT[decision] : ''}</dd>
            <dt className="text-ink-soft">审核意见</dt>
            <dd className="break-all whitespace-pre-wrap">{note.trim() || '（无）'}</dd>
          </dl>
          <p className="text-base text-ink-soft">提交后申请人将收到短信通知。</p>
          {refusal ? <Notice tone="error">{refusal}</Notice> : null}
          <div className="flex justify-end gap-4">
            <Button tone="quiet" isDisabled={busy} onPress={() => send({ type: 'review.cancel' })}>
              取消
            </Button>
            <Button tone="secondary" isDisabled={busy} onPress={() => send({ type: 'review.back' })}>
              返回修改
            </Button>
            <Button isPending={busy} onPress={() => send({ type: 'review.confirm' })}>
              {snapshot.matches('failed') ? '重新提交' : '确认提交'}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
