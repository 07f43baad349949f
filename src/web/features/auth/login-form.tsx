import { Button } from '../../components/ui/button';
import { PhoneCodeFields } from './phone-code-fields';
import { useAuthForm } from './use-auth-form';

/** 验证码登录: phone, code, send-code button, and the way to registration. */
export function LoginForm() {
  const form = useAuthForm({ account: '', captcha: '' }, (values) => ({
    type: 'login.submit',
    form: values,
  }));
  return (
    <form ref={form.container} onSubmit={form.submit} className="flex flex-col gap-5" noValidate>
      <PhoneCodeFields
        purpose="login"
        values={form.values}
        errors={form.errors}
        onChange={form.change}
        autoFocus
      />
      <Button type="submit" size="lg" isPending={form.busy}>
        登录
      </Button>
      <p className="text-center text-base text-ink-soft">
        还没有账号？
        <Button
          tone="quiet"
          isDisabled={form.busy}
          onPress={() => form.actor.send({ type: 'dialog.openRegister' })}
        >
          手机号注册
        </Button>
      </p>
    </form>
  );
}
