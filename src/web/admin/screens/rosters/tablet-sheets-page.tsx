/** Placeholder until the screen is built. */
export function TabletSheetsPage() {
  return <h1 className="text-2xl font-semibold">牌位打印</h1>;
}
