import { AUTH_MESSAGES } from '@contract/auth-messages';
import type { SmsCountdownEvent, smsCountdownMachine } from '@machines/sms-countdown.machine';
import type { SnapshotFrom } from 'xstate';
import { Button } from '../../components/ui/button';

export interface SendCodeButtonProps {
  snapshot: SnapshotFrom<typeof smsCountdownMachine>;
  send: (event: SmsCountdownEvent) => void;
  /** The phone as typed: the countdown machine judges it before anything is sent. */
  phone: string;
}

/** 发送验证码 → 请稍候… → N秒后重发 → 重新发送, as the countdown machine says. */
export function SendCodeButton({ snapshot, send, phone }: SendCodeButtonProps) {
  const label = snapshot.hasTag('counting')
    ? `${snapshot.context.remaining}秒后重发`
    : snapshot.matches('resendable')
      ? '重新发送'
      : '发送验证码';
  return (
    <Button
      tone="secondary"
      className="w-36 shrink-0"
      isPending={snapshot.hasTag('busy')}
      isDisabled={!snapshot.can({ type: 'code.send', phone })}
      onPress={() => send({ type: 'code.send', phone })}
    >
      {label}
    </Button>
  );
}

/**
 * 发送成功 under the code field while the countdown runs (the code is on its way, 002 section 8):
 * a polite live region, present and empty before, so a screen reader says it when it appears.
 */
export function CodeSentStatus({ snapshot }: Pick<SendCodeButtonProps, 'snapshot'>) {
  const sent = snapshot.hasTag('counting');
  return (
    <p role="status" aria-live="polite" className="text-base text-ink-soft">
      {sent && (
        <>
          <span aria-hidden="true" className="mr-1 text-temple">
            ✓
          </span>
          {AUTH_MESSAGES.codeSent}
        </>
      )}
    </p>
  );
}
