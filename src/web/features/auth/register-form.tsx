import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { PhoneCodeFields } from './phone-code-fields';
import { useAuthForm } from './use-auth-form';

/** 手机号注册: name, phone, code; a registered believer is logged in at once. */
export function RegisterForm() {
  const form = useAuthForm({ realName: '', account: '', captcha: '' }, (values) => ({
    type: 'register.submit',
    form: values,
  }));
  return (
    <form ref={form.container} onSubmit={form.submit} className="flex flex-col gap-5" noValidate>
      <div data-field="realName">
        <TextField
          label="姓名"
          placeholder="请输入真实姓名"
          autoFocus
          maxLength={20}
          value={form.values.realName}
          onChange={(text) => form.change('realName', text)}
          error={form.errors.realName}
        />
      </div>
      <PhoneCodeFields purpose="register" values={form.values} errors={form.errors} onChange={form.change} />
      <Button type="submit" size="lg" isPending={form.busy}>
        注册并登录
      </Button>
      <p className="text-center text-base text-ink-soft">
        已有账号？
        <Button
          tone="quiet"
          isDisabled={form.busy}
          onPress={() => form.actor.send({ type: 'dialog.openLogin' })}
        >
          验证码登录
        </Button>
      </p>
    </form>
  );
}
