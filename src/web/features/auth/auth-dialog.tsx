import { useSelector } from '@xstate/react';
import { Modal } from '../../components/ui/modal';
import { useAuthDialog } from '../../shared/auth/auth-dialog-actor';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

/** The login or register dialog, whichever the auth-dialog machine has open (500 px wide). */
export function AuthDialog() {
  const actor = useAuthDialog();
  const snapshot = useSelector(actor, (s) => s);
  const isLogin = snapshot.matches('login');
  return (
    <Modal
      title={isLogin ? '验证码登录' : '手机号注册'}
      isOpen={!snapshot.matches('closed')}
      isDismissable={!snapshot.hasTag('busy')}
      onClose={() => actor.send({ type: 'dialog.close' })}
      width={500}
    >
      {snapshot.context.notice && isLogin && (
        <p
          role="alert"
          className="mb-5 rounded-md border-l-4 border-gold bg-gold-pale px-4 py-3 text-lg text-ink"
        >
          {snapshot.context.notice}
        </p>
      )}
      {isLogin ? <LoginForm /> : <RegisterForm />}
    </Modal>
  );
}
