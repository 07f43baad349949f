import { AUTH_RULES, type AuthFieldErrors, type CodePurpose } from '@contract/auth';
import { digitsOnly } from '@contract/phone';
import { TextField } from '../../components/ui/text-field';
import { CodeSentStatus, SendCodeButton } from '../../shared/sms-code/send-code-button';
import { useSmsCountdownActor } from '../../shared/sms-code/use-sms-countdown-actor';

export interface PhoneCodeFieldsProps {
  purpose: CodePurpose;
  values: { account: string; captcha: string };
  errors: AuthFieldErrors;
  onChange: (field: 'account' | 'captcha', value: string) => void;
  autoFocus?: boolean;
  /** The cooldown; the server's is 60 s (the model-based tests walk it with 2). */
  seconds?: number;
}

/**
 * The phone and SMS-code fields of the login and register forms, with the send-code button.
 * The phone's message is the form's, or else the send-code machine's (a phone it would not send to).
 */
export function PhoneCodeFields({
  purpose,
  values,
  errors,
  onChange,
  autoFocus,
  seconds = AUTH_RULES.resendSeconds,
}: PhoneCodeFieldsProps) {
  const [countdown, sendToCountdown] = useSmsCountdownActor(purpose, seconds);
  return (
    <>
      <div data-field="account">
        <TextField
          label="手机号"
          placeholder="请输入手机号"
          autoFocus={autoFocus}
          type="tel"
          autoComplete="tel-national"
          inputMode="numeric"
          value={values.account}
          onChange={(text) => {
            onChange('account', digitsOnly(text, 11));
            sendToCountdown({ type: 'phone.edit' });
          }}
          error={errors.account ?? countdown.context.phoneError ?? undefined}
        />
      </div>
      <div data-field="captcha">
        <TextField
          label="验证码"
          placeholder="请输入6位验证码"
          // A phone offers the code of the SMS just received above its keyboard, and shows digits.
          autoComplete="one-time-code"
          inputMode="numeric"
          value={values.captcha}
          onChange={(text) => onChange('captcha', digitsOnly(text, 6))}
          error={errors.captcha}
          addon={<SendCodeButton snapshot={countdown} send={sendToCountdown} phone={values.account} />}
        />
        <CodeSentStatus snapshot={countdown} />
      </div>
    </>
  );
}
