import { type MembershipPackage, packageTerms } from '@contract/membership';
import {
  isAlreadyMember,
  MEMBERSHIP_PAYMENT_NOTICE,
  type MembershipJoinOrder,
  qrFailureText,
} from '@contract/membership-form';
import { formatYuan, yuanToFen } from '@contract/money';
import { Link } from '@tanstack/react-router';
import { Agreement } from '../../components/ui/agreement';
import { Button, buttonClass } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';

export interface JoinConfirmStepProps {
  pkg: MembershipPackage;
  order: MembershipJoinOrder;
  agreed: boolean;
  /** Why the last order failed (获取二维码失败 and the server's reason), or null. */
  refusal: string | null;
  /** 立即购买 may be pressed (agreed, and not already under way). */
  canBuy: boolean;
  isPending: boolean;
  onAgree: (agreed: boolean) => void;
  onBack: () => void;
  onBuy: () => void;
}

const term = 'text-ink-soft';
const names = (...list: (string | undefined)[]) => list.filter(Boolean).join('、') || '—';
const SEX_TEXT: Record<string, string> = { '1': '男', '2': '女' };

/** 信息确认: the package and its price, the member's facts and names, read-only; the consent and 立即购买. */
export function JoinConfirmStep(props: JoinConfirmStepProps) {
  const { pkg, order, agreed, refusal, canBuy, isPending, onAgree, onBack, onBuy } = props;
  const { years, price } = packageTerms(pkg);
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid grid-cols-[7rem_1fr] gap-x-4 gap-y-3 rounded-lg border border-gold/40 bg-white p-6 text-lg">
        <dt className={term}>会员套餐</dt>
        <dd>{pkg.CNNAME}</dd>
        <dt className={term}>会员年限</dt>
        <dd>{years}年</dd>
        <dt className={term}>会员姓名</dt>
        <dd>{order.NAME}</dd>
        <dt className={term}>性别</dt>
        <dd>{SEX_TEXT[order.SEX] ?? '—'}</dd>
        <dt className={term}>出生日期</dt>
        <dd>{order.BIRTH_DATE}</dd>
        <dt className={term}>所在地区</dt>
        <dd>{order.SSQ_NAME.join(' / ')}</dd>
        <dt className={term}>详细地址</dt>
        <dd className="break-all">{order.ADDRESS || '—'}</dd>
        <dt className={term}>供奉人</dt>
        <dd>{names(order.GFR1, order.GFR2, order.GFR3)}</dd>
        <dt className={term}>阳上人</dt>
        <dd>{names(order.YS1, order.YS2, order.YS3, order.YS4, order.YS5, order.YS6)}</dd>
        <dt className={term}>会员费</dt>
        <dd className="text-2xl font-bold text-temple">{formatYuan(yuanToFen(price))}</dd>
      </dl>
      <Agreement
        title="会员支付须知"
        clauses={MEMBERSHIP_PAYMENT_NOTICE}
        agreed={agreed}
        onAgree={onAgree}
        isDisabled={isPending}
      />
      {refusal !== null && (
        <div className="flex flex-col gap-3">
          <Notice tone="error">{qrFailureText(refusal)}</Notice>
          {isAlreadyMember(refusal) && (
            <Link to="/Renewals" className={buttonClass({ tone: 'secondary' })}>
              去续费
            </Link>
          )}
        </div>
      )}
      <div className="flex items-center justify-between gap-4 border-t border-gold/30 pt-6">
        <Button size="lg" tone="secondary" onPress={onBack} isDisabled={isPending}>
          上一步
        </Button>
        <div className="flex items-center gap-4">
          {!agreed && <p className="text-base text-ink-soft">请先阅读并同意《会员支付须知》</p>}
          <Button size="lg" onPress={onBuy} isDisabled={!canBuy} isPending={isPending}>
            立即购买
          </Button>
        </div>
      </div>
    </div>
  );
}
