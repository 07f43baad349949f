/** Placeholder until the screen is built. */
export function VolunteersPage() {
  return <h1 className="text-2xl font-semibold">志工申请</h1>;
}
