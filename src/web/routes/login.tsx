import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { LoginPage } from '../features/auth/login-page';

const search = v.object({ redirect: v.optional(v.pipe(v.string(), v.startsWith('/'))) });

export const Route = createFileRoute('/login')({
  validateSearch: (input) => v.parse(search, input),
  staticData: { title: '登录' },
  component: function Login() {
    return <LoginPage redirect={Route.useSearch().redirect} />;
  },
});
