import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { SuccessMark } from '../../components/ui/success-mark';
import { useSiteConfig } from '../../shared/site-config-query';
import { payResultQuery } from './pay-result-query';

const linkClass =
  'inline-flex min-h-13 items-center rounded-md px-10 text-lg tracking-widest outline-none focus-visible:ring-4 focus-visible:ring-gold/60';
const primary = `${linkClass} bg-temple text-paper hover:bg-temple-dark`;
const secondary = `${linkClass} border-2 border-temple text-temple hover:bg-paper-deep`;

/**
 * /success?no=<out_trade_no>: 支付成功 and the order number for the temple desk, once the server
 * confirms the order is paid; without a number, or for one that is not paid, a calm notice.
 */
export function SuccessPage({ no }: { no: string | undefined }) {
  const result = useQuery({ ...payResultQuery(no ?? ''), enabled: Boolean(no) });
  if (no && result.isPending) {
    return (
      <section className="mx-auto max-w-page px-6 py-24 text-center">
        <p role="status" className="text-lg text-ink-soft">
          正在确认支付结果…
        </p>
      </section>
    );
  }
  return no && result.data ? <Paid no={no} /> : <NoPaidOrder />;
}

function Paid({ no }: { no: string }) {
  return (
    <section className="mx-auto flex max-w-page flex-col items-center gap-6 px-6 py-20 text-center">
      <SuccessMark />
      <h1 className="font-serif text-4xl tracking-widest text-temple">支付成功</h1>
      <dl className="rounded-lg border border-gold/50 bg-white px-10 py-5">
        <dt className="text-base text-ink-soft">订单号</dt>
        <dd className="mt-1 font-mono text-2xl tracking-wider text-ink select-all">{no}</dd>
      </dl>
      <div className="text-lg leading-8 text-ink-soft">
        <p>感恩您的护持，功德回向。</p>
        <p>到寺院客堂办理时请出示此订单号，订单也可在个人中心查看。</p>
      </div>
      <Link to="/index" className={primary}>
        返回首页
      </Link>
    </section>
  );
}

function NoPaidOrder() {
  const { receptionPhone } = useSiteConfig();
  return (
    <section className="mx-auto flex max-w-page flex-col items-center gap-6 px-6 py-24 text-center">
      <h1 className="font-serif text-3xl tracking-widest text-temple">未找到已支付的订单</h1>
      <div className="text-lg leading-8 text-ink-soft">
        <p>这里没有可以确认的支付。</p>
        <p>您的订单与支付状态可在个人中心的“我的订单”中查看。</p>
        <p>
          如有疑问，请致电客堂 <span className="whitespace-nowrap">{receptionPhone}</span>。
        </p>
      </div>
      <div className="flex flex-wrap justify-center gap-4">
        <Link to="/UserCenter" className={primary}>
          个人中心
        </Link>
        <Link to="/index" className={secondary}>
          返回首页
        </Link>
      </div>
    </section>
  );
}
