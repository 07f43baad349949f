import { authApi } from '@contract/auth';
import { useNavigate } from '@tanstack/react-router';
import { mainClient } from '../../api/client';
import { sessionStore } from '../../api/session';

/** 退出登录: the server revokes the token; the stored session goes whatever it answers; home. */
export function useLogout() {
  const navigate = useNavigate();
  return async () => {
    await mainClient(authApi.logout).catch(() => undefined);
    sessionStore.clear();
    await navigate({ to: '/index' });
  };
}
