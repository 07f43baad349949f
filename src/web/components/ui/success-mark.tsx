/** The green tick above a success page's heading (支付成功, 志工申请成功); decorative. */
export function SuccessMark() {
  return (
    <svg viewBox="0 0 64 64" className="size-20 text-emerald-700" aria-hidden="true">
      <circle cx="32" cy="32" r="30" fill="currentColor" />
      <path
        d="M18 33l9 9 19-20"
        fill="none"
        stroke="white"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
