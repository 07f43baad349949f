/** Placeholder until the screen is built. */
export function SiteSettingsPage() {
  return <h1 className="text-2xl font-semibold">站点信息</h1>;
}
