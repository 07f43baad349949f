/** Placeholder until the screen is built. */
export function StaffPage() {
  return <h1 className="text-2xl font-semibold">工作人员</h1>;
}
