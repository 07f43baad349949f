import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../components/ui/button';
import { SuccessMark } from '../../components/ui/success-mark';

/** 支付成功: the believer is a member now; 返回首页 (001 section 2: the success screens). */
export function JoinSuccess() {
  return (
    <div className="flex flex-col items-center gap-6 py-10 text-center">
      <SuccessMark />
      <h2 className="font-serif text-4xl tracking-widest text-temple">支付成功</h2>
      <p className="text-lg leading-8 text-ink-soft">
        感恩您的护持，您已成为功德会会员。会员编号与有效期可在个人中心查看。
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
