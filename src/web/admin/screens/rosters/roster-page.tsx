/** Placeholder until the screen is built. */
export function RosterPage() {
  return <h1 className="text-2xl font-semibold">名册</h1>;
}
