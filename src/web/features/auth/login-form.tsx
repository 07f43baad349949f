import { loginRequest } from '@contract/auth';
import { digitsOnly } from '@contract/phone';
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { useAuthDialog } from './auth-dialog-actor';
import { SendCodeButton } from './send-code-button';
import { useAuthForm } from './use-auth-form';

/** 验证码登录: phone, code, send-code button, and the way to registration. */
export function LoginForm() {
  const actor = useAuthDialog();
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const form = useAuthForm(loginRequest, { account: '', captcha: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = form.validated();
    if (valid) actor.send({ type: 'login.submit', form: { account: valid.account, captcha: valid.captcha } });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
      <TextField
        label="手机号"
        placeholder="请输入手机号"
        autoFocus
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
        addon={<SendCodeButton purpose="login" validPhone={form.validPhone} />}
      />
      <Button type="submit" size="lg" isPending={busy}>
        登录
      </Button>
      <p className="text-center text-base text-ink-soft">
        还没有账号？
        <Button tone="quiet" isDisabled={busy} onPress={() => actor.send({ type: 'dialog.openRegister' })}>
          手机号注册
        </Button>
      </p>
    </form>
  );
}
