/** Placeholder until the screen is built. */
export function RefundsPage() {
  return <h1 className="text-2xl font-semibold">退款</h1>;
}
