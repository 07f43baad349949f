/** Placeholder until the screen is built. */
export function TodayPage() {
  return <h1 className="text-2xl font-semibold">今日</h1>;
}
