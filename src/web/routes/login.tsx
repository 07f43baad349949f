import { createFileRoute, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { sessionStore } from '../api/session';
import { LoginPage } from '../features/auth/login-page';

const search = v.object({ redirect: v.optional(v.pipe(v.string(), v.startsWith('/'))) });

export const Route = createFileRoute('/login')({
  validateSearch: (input) => v.parse(search, input),
  // A believer who is logged in has nothing to do here (and must not read 登录已失效).
  beforeLoad: ({ search: { redirect: target } }) => {
    if (!sessionStore.isLoggedIn()) return;
    const href = target && !target.startsWith('/login') ? target : '/index';
    throw redirect({ href, replace: true });
  },
  staticData: { title: '登录' },
  component: function Login() {
    return <LoginPage redirect={Route.useSearch().redirect} />;
  },
});
