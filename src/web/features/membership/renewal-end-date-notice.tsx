/** The end date the chosen package gives, said where the believer decides. */
export function NewEndDate({ endDate }: { endDate: string }) {
  return (
    <p className="text-lg" aria-live="polite">
      续费后有效期至：<strong className="text-2xl text-temple">{endDate}</strong>
    </p>
  );
}
