/** Placeholder until the screen is built. */
export function SignInPage() {
  return <h1 className="text-2xl font-semibold">登录工作台</h1>;
}
