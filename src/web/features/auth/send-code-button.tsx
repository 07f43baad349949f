import { AUTH_RULES, type CodePurpose } from '@contract/auth';
import { Button } from '../../components/ui/button';
import { useSmsCountdownActor } from './use-sms-countdown-actor';

export interface SendCodeButtonProps {
  purpose: CodePurpose;
  /** The phone to send to, or null when the form has shown why it is not valid yet. */
  validPhone: () => string | null;
  /** The cooldown; the server's is 60 s (the model-based tests walk it with 2). */
  seconds?: number;
}

/** 发送验证码 → 发送中… → N秒后重发 → 重新发送, as the countdown machine says. */
export function SendCodeButton({
  purpose,
  validPhone,
  seconds = AUTH_RULES.resendSeconds,
}: SendCodeButtonProps) {
  const [snapshot, send] = useSmsCountdownActor(purpose, seconds);
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
      isDisabled={!snapshot.can({ type: 'code.send', phone: '' })}
      onPress={() => {
        const phone = validPhone();
        if (phone) send({ type: 'code.send', phone });
      }}
    >
      {label}
    </Button>
  );
}
