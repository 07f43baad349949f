import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../components/ui/button';
import { SuccessMark } from '../../components/ui/success-mark';

/** 支付成功 of a renewal: whose membership now runs until when, and 返回首页 (001 section 2). */
export function RenewalSuccess({ name, endDate }: { name?: string; endDate: string }) {
  return (
    <div className="flex flex-col items-center gap-6 py-10 text-center">
      <SuccessMark />
      <h2 className="font-serif text-4xl tracking-widest text-temple">支付成功</h2>
      <p className="text-lg leading-8 text-ink-soft">
        感恩您的护持，{name ? `${name}的` : '您的'}会员有效期已延至{' '}
        <strong className="text-ink">{endDate}</strong>。
      </p>
      <div className="flex flex-wrap justify-center gap-4">
        <Link to="/index" className={buttonClass({ size: 'lg' })}>
          返回首页
        </Link>
        <Link to="/UserCenter" className={buttonClass({ tone: 'secondary', size: 'lg' })}>
          个人中心
        </Link>
      </div>
    </div>
  );
}
