/** Placeholder until the screen is built. */
export function ClosedDaysPage() {
  return <h1 className="text-2xl font-semibold">佛事日历</h1>;
}
