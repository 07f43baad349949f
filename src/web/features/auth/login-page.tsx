import { useEffect } from 'react';
import { Button } from '../../components/ui/button';
import { useAuthDialog } from '../../shared/auth/auth-dialog';

/** /login: the 401 redirect's target. It opens the login dialog, which returns to `redirect`. */
export function LoginPage({ redirect }: { redirect: string | undefined }) {
  const authDialog = useAuthDialog();
  const target = redirect ?? '/index';
  const open = () => authDialog.open({ type: 'dialog.openLogin', redirect: target });
  useEffect(() => {
    authDialog.open({ type: 'dialog.openLogin', redirect: target });
  }, [authDialog, target]);
  return (
    <section className="mx-auto flex max-w-page flex-col items-center gap-6 px-6 py-24 text-center">
      <h1 className="font-serif text-3xl text-temple">请登录</h1>
      <p className="text-lg text-ink-soft">登录已失效或尚未登录，请使用手机验证码登录后继续。</p>
      <Button size="lg" onPress={open}>
        验证码登录
      </Button>
    </section>
  );
}
