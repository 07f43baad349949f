import { useSelector } from '@xstate/react';
import { Modal } from '../../components/ui/modal';
import { Notice } from '../../components/ui/notice';
import { useAuthDialogActor } from '../../shared/auth/auth-dialog';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

/**
 * The login or register dialog, whichever the auth-dialog machine has open (500 px wide): why
 * login is asked, a refusal about no field, then the form.
 */
export function AuthDialog() {
  const actor = useAuthDialogActor();
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
        <div className="mb-5">
          <Notice>{snapshot.context.notice}</Notice>
        </div>
      )}
      {snapshot.context.errors.general && (
        <div className="mb-5">
          <Notice tone="error">{snapshot.context.errors.general}</Notice>
        </div>
      )}
      {isLogin ? <LoginForm /> : <RegisterForm />}
    </Modal>
  );
}
