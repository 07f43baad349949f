import { Link } from '@tanstack/react-router';

/** An honest page for what is not built yet. */
export function ComingSoon() {
  return (
    <section className="mx-auto flex max-w-page flex-col items-center gap-6 px-6 py-24 text-center">
      <h1 className="font-serif text-3xl text-temple">此功能即将开放</h1>
      <p className="text-lg text-ink-soft">我们正在用心筹备，敬请期待。如需办理，请致电客堂。</p>
      <Link
        to="/index"
        className="rounded-md border-2 border-temple px-8 py-3 text-lg text-temple hover:bg-paper-deep"
      >
        返回首页
      </Link>
    </section>
  );
}
