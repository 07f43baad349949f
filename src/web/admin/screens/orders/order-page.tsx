/** Placeholder until the screen is built. */
export function OrderPage() {
  return <h1 className="text-2xl font-semibold">订单详情</h1>;
}
