/** Placeholder until the screen is built. */
export function AuditPage() {
  return <h1 className="text-2xl font-semibold">操作记录</h1>;
}
