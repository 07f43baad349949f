import * as v from 'valibot';
import { fieldMessages } from './envelope';
import {
  MEMBERSHIP_MESSAGES,
  MEMBERSHIP_RULES,
  type MembershipJoinForm,
  type MembershipPackage,
  membershipJoinFormOn,
  type membershipJoinRequest,
  packageTerms,
} from './membership';
import { ORDER_TYPES } from './order-types';
import { PAYMENT_MESSAGES } from './payment';
import { templeToday } from './temple-day';

/**
 * The membership join wizard's form (spec 001 sections 2-5 and 9): what the believer fills in
 * after choosing a package, its defaults, the judge the join machine runs on 下一步 (each field's
 * message beside it), and the order built from the package and the form.
 */

/** The form as the believer edits it: the schema's input, SEX possibly not chosen yet. */
export interface JoinFormValues {
  NAME: string;
  SEX: '1' | '2' | '';
  BIRTH_DATE: string;
  /** 省市区: the names (the order's SSQ_NAME) and their codes (SSQ), one to three levels. */
  SSQ_NAME: string[];
  SSQ: string[];
  ADDRESS: string;
  GFR1: string;
  GFR2: string;
  GFR3: string;
  YS1: string;
  YS2: string;
  YS3: string;
  YS4: string;
  YS5: string;
  YS6: string;
  /** A site-relative URL the photo upload answered, or ''. */
  PHOTO: string;
}
export type JoinField = keyof JoinFormValues;
export type JoinFieldErrors = Partial<Record<JoinField, string>>;

/** The fields in the order the form shows them (the first with a message gets the focus). */
export const JOIN_FIELDS: readonly JoinField[] = [
  'NAME',
  'SEX',
  'BIRTH_DATE',
  'SSQ_NAME',
  'ADDRESS',
  'PHOTO',
  'GFR1',
  'GFR2',
  'GFR3',
  'YS1',
  'YS2',
  'YS3',
  'YS4',
  'YS5',
  'YS6',
];

/** What the believer's profile gives the form (getByPhone's fields). */
export interface JoinProfile {
  realName: string;
  gender: string;
  birthDate: string;
  ssqName: string;
  ssqCode: string;
  addres: string;
  photo: string;
}

const list = (text: string) =>
  text
    .split(/[,，/\s]+/)
    .map((part) => part.trim())
    .filter(Boolean)
    .slice(0, 3);

/**
 * The form's first values (001 section 5): GFR1 the fixed phrase (十方法界一切众生), YS1 and the
 * name the member's own, and what the profile already knows (sex, birth date, region, address,
 * photo).
 */
export const joinFormDefaults = (profile: JoinProfile | null): JoinFormValues => {
  const name = profile?.realName.trim() ?? '';
  const codes = list(profile?.ssqCode ?? '');
  const names = list(profile?.ssqName ?? '');
  return {
    NAME: name,
    SEX: profile?.gender === '1' || profile?.gender === '2' ? profile.gender : '',
    BIRTH_DATE: profile?.birthDate ?? '',
    SSQ_NAME: names,
    SSQ: codes.length === names.length ? codes : [],
    ADDRESS: profile?.addres ?? '',
    GFR1: MEMBERSHIP_RULES.defaultGfr,
    GFR2: '',
    GFR3: '',
    YS1: name,
    YS2: '',
    YS3: '',
    YS4: '',
    YS5: '',
    YS6: '',
    PHOTO: profile?.photo ?? '',
  };
};

type Judged =
  | { outcome: 'invalid'; errors: JoinFieldErrors }
  | { outcome: 'valid'; form: MembershipJoinForm };

/**
 * 下一步 on the form: the join call's own schema, each field's first message (请输入供奉人姓名,
 * 请输入阳上人姓名, 请选择出生日期, 出生日期不能晚于今天, 请选择省市区 …), or the form as the order
 * sends it. `today` is the temple's day (today's by default).
 */
export const judgeJoinForm = (values: JoinFormValues, today: string = templeToday()): Judged => {
  const schema = membershipJoinFormOn(today);
  const parsed = v.safeParse(schema, values);
  if (parsed.success) return { outcome: 'valid', form: parsed.output };
  return { outcome: 'invalid', errors: fieldMessages(schema, values) as JoinFieldErrors };
};

/** The join order (type 6, no RENEW): the package priced as the page shows it, and the form. */
export type MembershipJoinOrder = v.InferInput<typeof membershipJoinRequest>;
export const joinOrderOf = (
  pkg: MembershipPackage,
  form: MembershipJoinForm,
  mobile: string,
): MembershipJoinOrder => ({
  type: ORDER_TYPES.membership,
  CHANNEL: MEMBERSHIP_RULES.channel,
  MOBILE: mobile,
  PRODUCT_ID: pkg.ITEMNO,
  customAmount: packageTerms(pkg).price,
  ...form,
});

/**
 * What the confirm step says when the order could not be created (001 section 8): 获取二维码失败,
 * with the server's reason after it when it gave one (the checkout's 下单失败… is no reason).
 */
export const qrFailureText = (reason: string | null): string =>
  reason && reason !== PAYMENT_MESSAGES.orderFailed
    ? `${MEMBERSHIP_MESSAGES.qrFailed}：${reason}`
    : MEMBERSHIP_MESSAGES.qrFailed;

/** A refusal that means the believer is a member already: the page points to 续费 (/Renewals). */
export const isAlreadyMember = (reason: string | null): boolean =>
  reason === MEMBERSHIP_MESSAGES.alreadyMember;

/** The clauses of the 会员支付须知 dialog the believer agrees to before buying. */
export const MEMBERSHIP_PAYMENT_NOTICE = [
  '功德会会员费按所选年限一次缴纳，支付成功后即成为功德会会员，会员编号将显示在个人中心。',
  '会员有效期自支付之日起计算；到期前后均可在“续费”页面办理续费，有效期顺延。',
  '供奉人与阳上人姓名将用于寺院为会员设立的供奉与祈福，请于支付前仔细核对。',
  '会员费属随喜功德，支付成功后恕不退还。',
  '请用手机扫描二维码完成支付；二维码15分钟内有效，过期请重新办理。',
  '如有疑问，请致电寺院客堂或亲临客堂咨询。',
] as const;
