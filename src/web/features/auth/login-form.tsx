import { loginRequest } from '@contract/auth';
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { useAuthDialog } from '../../shared/auth/auth-dialog-actor';
import { PhoneCodeFields } from './phone-code-fields';
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
      <PhoneCodeFields form={form} purpose="login" autoFocus />
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
