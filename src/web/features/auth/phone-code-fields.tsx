import type { CodePurpose } from '@contract/auth';
import { digitsOnly } from '@contract/phone';
import { TextField } from '../../components/ui/text-field';
import { SendCodeButton } from './send-code-button';
import type { useAuthForm } from './use-auth-form';

type AuthForm = ReturnType<typeof useAuthForm<never, { account: string; captcha: string }>>;

/** The phone and SMS-code fields of the login and register forms, with the send-code button. */
export function PhoneCodeFields({
  form,
  purpose,
  autoFocus,
}: {
  form: AuthForm;
  purpose: CodePurpose;
  autoFocus?: boolean;
}) {
  return (
    <>
      <TextField
        label="手机号"
        placeholder="请输入手机号"
        autoFocus={autoFocus}
        inputMode="numeric"
        value={form.values.account}
        onChange={(text) => form.setField('account', digitsOnly(text, 11))}
        error={form.errors.account}
      />
      <TextField
        label="验证码"
        placeholder="请输入6位验证码"
        inputMode="numeric"
        value={form.values.captcha}
        onChange={(text) => form.setField('captcha', digitsOnly(text, 6))}
        error={form.errors.captcha}
        addon={<SendCodeButton purpose={purpose} validPhone={form.validPhone} />}
      />
    </>
  );
}
