/** Placeholder until the screen is built. */
export function ReservationsPage() {
  return <h1 className="text-2xl font-semibold">到寺付款</h1>;
}
