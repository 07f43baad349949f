import { Link } from '@tanstack/react-router';

/** 支付成功, with the way home. */
export function SuccessPage() {
  return (
    <section className="mx-auto flex max-w-page flex-col items-center gap-6 px-6 py-24 text-center">
      <svg viewBox="0 0 64 64" className="size-20" aria-hidden="true">
        <circle cx="32" cy="32" r="30" fill="#1a7f37" />
        <path
          d="M18 33l9 9 19-20"
          fill="none"
          stroke="#fff"
          strokeWidth="5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <h1 className="font-serif text-4xl tracking-widest text-temple">支付成功</h1>
      <p className="text-lg text-ink-soft">
        感恩您的护持，功德回向。寺院将以短信确认，订单可在个人中心查看。
      </p>
      <Link
        to="/"
        className="rounded-md bg-temple px-10 py-4 text-lg tracking-widest text-paper outline-none hover:bg-temple-dark focus-visible:ring-4 focus-visible:ring-gold/60"
      >
        返回首页
      </Link>
    </section>
  );
}
