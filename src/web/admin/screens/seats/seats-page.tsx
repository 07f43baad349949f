/** Placeholder until the screen is built. */
export function SeatsPage() {
  return <h1 className="text-2xl font-semibold">座位</h1>;
}
