/** Placeholder until the screen is built. */
export function OrdersPage() {
  return <h1 className="text-2xl font-semibold">订单</h1>;
}
