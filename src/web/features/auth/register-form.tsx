import { registerRequest } from '@contract/auth';
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { useAuthDialog } from '../../shared/auth/auth-dialog-actor';
import { PhoneCodeFields } from './phone-code-fields';
import { useAuthForm } from './use-auth-form';

/** 手机号注册: name, phone, code; a registered believer is logged in at once. */
export function RegisterForm() {
  const actor = useAuthDialog();
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const form = useAuthForm(registerRequest, { realName: '', account: '', captcha: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = form.validated();
    if (valid) {
      const { realName, account, captcha } = valid;
      actor.send({ type: 'register.submit', form: { realName, account, captcha } });
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
      <TextField
        label="姓名"
        placeholder="请输入真实姓名"
        autoFocus
        maxLength={20}
        value={form.values.realName}
        onChange={(text) => form.setField('realName', text)}
        error={form.errors.realName}
      />
      <PhoneCodeFields form={form} purpose="register" />
      <Button type="submit" size="lg" isPending={busy}>
        注册并登录
      </Button>
      <p className="text-center text-base text-ink-soft">
        已有账号？
        <Button tone="quiet" isDisabled={busy} onPress={() => actor.send({ type: 'dialog.openLogin' })}>
          验证码登录
        </Button>
      </p>
    </form>
  );
}
