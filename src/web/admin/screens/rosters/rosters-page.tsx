/** Placeholder until the screen is built. */
export function RostersPage() {
  return <h1 className="text-2xl font-semibold">名册与牌位</h1>;
}
