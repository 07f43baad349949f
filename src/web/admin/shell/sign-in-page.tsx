import { consoleApi } from '@contract/console';
import { type StaffMe, type StaffSignIn, staffSignInSchema } from '@contract/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { TextField } from '../../components/ui/text-field';
import { type ConsoleError, consoleCall } from '../api/console-client';
import { meQuery } from '../api/session-queries';
import { homeOf } from '../console-screens';
import { useConsoleNavigate } from './console-link';
import { useConsoleForm } from './use-console-form';

const FIELDS = ['username', 'password', 'code'] as const;

/**
 * 登录工作台: username, password and the authenticator's 6-digit code in one form. Each field's
 * rule is said beside it; the server's refusal (one message for any wrong part, a lock, too many
 * tries) above the button. Signed in, the member goes to 今日.
 */
export function SignInPage() {
  const { form, values, errors, change, judge } = useConsoleForm(
    staffSignInSchema,
    { username: '', password: '', code: '' },
    FIELDS,
  );
  const queryClient = useQueryClient();
  const navigate = useConsoleNavigate();
  const signIn = useMutation<StaffMe, ConsoleError, StaffSignIn>({
    mutationFn: (body) => consoleCall(consoleApi.signIn, { body, quiet: true }),
    onSuccess: (me) => {
      queryClient.setQueryData(meQuery.queryKey, me);
      navigate(homeOf(me.roles));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (signIn.isPending) return;
    if (judge()) signIn.mutate(values);
  };
  return (
    <section
      aria-labelledby="sign-in-title"
      className="mx-auto mt-12 max-w-md rounded-lg border border-paper-deep bg-white p-8 shadow-sm"
    >
      <h1 id="sign-in-title" className="mb-6 text-2xl font-semibold text-temple">
        登录工作台
      </h1>
      <form ref={form} noValidate onSubmit={submit} className="flex flex-col gap-5">
        <div data-field="username">
          <TextField
            label="用户名"
            autoComplete="username"
            value={values.username}
            onChange={change('username')}
            error={errors.username}
          />
        </div>
        <div data-field="password">
          <TextField
            label="密码"
            type="password"
            autoComplete="current-password"
            value={values.password}
            onChange={change('password')}
            error={errors.password}
          />
        </div>
        <div data-field="code">
          <TextField
            label="动态验证码"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={values.code}
            onChange={change('code')}
            error={errors.code}
          />
        </div>
        {signIn.error ? <Notice tone="error">{signIn.error.message}</Notice> : null}
        <Button type="submit" size="lg" isPending={signIn.isPending}>
          登录
        </Button>
      </form>
    </section>
  );
}
