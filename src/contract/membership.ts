import * as v from 'valibot';
import { realNameSchema } from './auth';
import { isRealDate } from './believer';
import { endpoint, portalEnvelope } from './envelope';
import { ORDER_TYPES } from './order-types';
import { prePayAnswer } from './payment';
import { phoneSchema } from './phone';
import { isPhotoUrl } from './photo';
import { templeToday } from './temple-day';
import { NO_CONTROL, wireText, yuanAmount } from './wire';

/**
 * The charity society (功德会, spec 001 sections 2-5, 7, 9): packages, the membership and its
 * end-date rule, the join / renewal / proxy-renewal order (type 6) and the proxy lookup.
 *
 * How the three orders of type 6 are told apart (the spec gives one type): no RENEW is a join
 * (the member's form); RENEW 1 without TARGET_ID renews one's own membership; RENEW 1 with
 * TARGET_ID (the token the proxy lookup answered) and RELATION renews another member's.
 */

export const MEMBERSHIP_RULES = {
  /** ORDER_TYPES.membership, as the membership machines name it. */
  orderType: ORDER_TYPES.membership,
  channel: 'pc',
  dictKey: 'WFS.COMMON.HY.PRODUCT',
  relationKey: 'WFS.HY.RELATION',
  /** The fee when no package says otherwise (001 section 9): 365 yuan for one year. */
  defaultYearPrice: 365,
  /** GFR1's default (001 section 5: a fixed religious phrase). */
  defaultGfr: '十方法界一切众生',
  /** How long a lookup's TARGET_ID may be used to order. */
  lookupTokenMinutes: 30,
} as const;

export const MEMBERSHIP_MESSAGES = {
  gfr1: '请输入供奉人姓名',
  ys1: '请输入阳上人姓名',
  birthDate: '请选择出生日期',
  birthFuture: '出生日期不能晚于今天',
  region: '请选择省市区',
  hyCode: '请输入代充值会员编号',
  hyName: '请输入代充值用户姓名',
  lookupFailed: '查找失败',
  qrFailed: '获取二维码失败',
  tooManyLookups: '查找过于频繁，请稍后再试',
  names: '姓名为20个字以内中文或英文',
  address: '地址最多100个字',
  sex: '请选择性别',
  unknownProduct: '该会员套餐不存在，请刷新页面后重试',
  totalMismatch: '会员费与价格不符，请刷新页面后重试',
  alreadyMember: '您已是功德会会员，请办理续费',
  notMember: '您还不是功德会会员，请先入会',
  relation: '请选择与会员的关系',
  targetExpired: '查找结果已失效，请重新查找',
  selfProxy: '不能为自己代充值，请办理续费',
  orderIncomplete: '订单内容不完整，请刷新页面后重试',
  orderType: '订单类型不正确',
  channel: '下单渠道不正确',
} as const;

/** HY_STATUS: '1' active, '0' expired (001 section 4). */
export type MembershipStatus = '0' | '1';

/** Active while the end date is today or later. */
export const membershipStatus = (endDate: string | null, today: string): MembershipStatus =>
  endDate !== null && endDate >= today ? '1' : '0';

/** `ymd` plus whole years; 29 February becomes 28 February in a common year. */
export const addYearsYmd = (ymd: string, years: number): string => {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  return `${y + years}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
};

/**
 * The end date after buying `years` (001 section 4): counted from the current end date while the
 * membership is active, from today when it has expired (or never began).
 */
export const membershipEndDate = (current: string | null, today: string, years: number): string =>
  addYearsYmd(membershipStatus(current, today) === '1' && current ? current : today, years);

/** A package of the dictionary: EXTINT1 the price (yuan), EXTINT2 the years it buys. */
export const membershipPackage = v.object({
  ITEMNO: v.string(),
  CNNAME: v.string(),
  EXTINT1: v.nullable(v.number()),
  EXTINT2: v.nullable(v.number()),
});
export type MembershipPackage = v.InferOutput<typeof membershipPackage>;

/** What a package costs (yuan) and buys (years): 365 a year when the dictionary leaves it open. */
export const packageTerms = (item: Pick<MembershipPackage, 'EXTINT1' | 'EXTINT2'>) => {
  const years = item.EXTINT2 && item.EXTINT2 > 0 ? item.EXTINT2 : 1;
  return { years, price: item.EXTINT1 ?? MEMBERSHIP_RULES.defaultYearPrice * years };
};

/** A dictionary item as getDictData and getDictDataName answer it. */
export const dictItem = v.object({
  ITEMNO: v.string(),
  CNNAME: v.string(),
  EXTINT1: v.nullable(v.number()),
  EXTINT2: v.nullable(v.number()),
  EXTTEXT1: v.nullable(v.string()),
});
export type DictItem = v.InferOutput<typeof dictItem>;

// ---------------------------------------------------------------------------------------------
// The order (type 6).

const CHINESE_OR_LETTERS_20 = /^[\u4e00-\u9fa5A-Za-z·]{1,20}$/;
const personName = (message: string) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.nonEmpty(message),
    v.regex(CHINESE_OR_LETTERS_20, MEMBERSHIP_MESSAGES.names),
  );
const optionalName = v.pipe(
  v.optional(v.string(MEMBERSHIP_MESSAGES.names), ''),
  v.trim(),
  v.check((n) => n === '' || CHINESE_OR_LETTERS_20.test(n), MEMBERSHIP_MESSAGES.names),
);
const productId = wireText(MEMBERSHIP_MESSAGES.unknownProduct, 20);
const common = {
  type: v.literal(MEMBERSHIP_RULES.orderType, MEMBERSHIP_MESSAGES.orderType),
  CHANNEL: v.optional(v.literal(MEMBERSHIP_RULES.channel, MEMBERSHIP_MESSAGES.channel), 'pc'),
  MOBILE: phoneSchema,
  PRODUCT_ID: productId,
  /** The total the page showed (yuan): the server prices the package itself and refuses a mismatch. */
  customAmount: yuanAmount(MEMBERSHIP_MESSAGES.totalMismatch),
};

/**
 * The join form's fields (001 sections 3 and 5): the member's facts, GFR1-3 and YS1-6. `today`
 * (the temple's day, asked at each parse) bounds the birth date: one to come is refused.
 */
const joinFormEntries = (today: () => string) => ({
  NAME: realNameSchema,
  SEX: v.picklist(['1', '2'], MEMBERSHIP_MESSAGES.sex),
  BIRTH_DATE: v.pipe(
    v.string(MEMBERSHIP_MESSAGES.birthDate),
    v.check(isRealDate, MEMBERSHIP_MESSAGES.birthDate),
    v.check((date) => date <= today(), MEMBERSHIP_MESSAGES.birthFuture),
  ),
  SSQ_NAME: v.pipe(
    v.array(wireText(MEMBERSHIP_MESSAGES.region, 30), MEMBERSHIP_MESSAGES.region),
    v.minLength(1, MEMBERSHIP_MESSAGES.region),
    v.maxLength(3, MEMBERSHIP_MESSAGES.region),
  ),
  SSQ: v.optional(
    v.pipe(
      v.array(
        v.pipe(v.string(MEMBERSHIP_MESSAGES.region), v.regex(/^\d{2,12}$/, MEMBERSHIP_MESSAGES.region)),
        MEMBERSHIP_MESSAGES.region,
      ),
      v.maxLength(3, MEMBERSHIP_MESSAGES.region),
    ),
    [],
  ),
  ADDRESS: v.pipe(
    v.optional(v.string(MEMBERSHIP_MESSAGES.address), ''),
    v.maxLength(100, MEMBERSHIP_MESSAGES.address),
    v.regex(NO_CONTROL, MEMBERSHIP_MESSAGES.address),
  ),
  GFR1: personName(MEMBERSHIP_MESSAGES.gfr1),
  GFR2: optionalName,
  GFR3: optionalName,
  YS1: personName(MEMBERSHIP_MESSAGES.ys1),
  YS2: optionalName,
  YS3: optionalName,
  YS4: optionalName,
  YS5: optionalName,
  YS6: optionalName,
  PHOTO: v.pipe(
    v.optional(v.string(MEMBERSHIP_MESSAGES.orderIncomplete), ''),
    v.check((p) => p === '' || isPhotoUrl(p), MEMBERSHIP_MESSAGES.orderIncomplete),
  ),
});

/** The join form as the order carries it: the birth date no later than the temple's today. */
export const membershipJoinForm = v.object(joinFormEntries(() => templeToday()));
/** The join form judged on a given day (YYYY-MM-DD): the wizard's judge, and its tests. */
export const membershipJoinFormOn = (today: string) => v.object(joinFormEntries(() => today));
export type MembershipJoinForm = v.InferOutput<typeof membershipJoinForm>;

/** A join: the package and the form, the birth date bounded by `today` (asked at each parse). */
const joinRequestWith = (today: () => string) =>
  v.object(
    {
      ...common,
      RENEW: v.optional(v.literal(0, MEMBERSHIP_MESSAGES.orderIncomplete)),
      ...joinFormEntries(today),
    },
    MEMBERSHIP_MESSAGES.orderIncomplete,
  );
export const membershipJoinRequest = joinRequestWith(() => templeToday());
export const membershipRenewRequest = v.object(
  { ...common, RENEW: v.literal(1, MEMBERSHIP_MESSAGES.orderIncomplete) },
  MEMBERSHIP_MESSAGES.orderIncomplete,
);
export const membershipProxyRequest = v.object(
  {
    ...common,
    RENEW: v.literal(1, MEMBERSHIP_MESSAGES.orderIncomplete),
    TARGET_ID: v.pipe(
      v.string(MEMBERSHIP_MESSAGES.targetExpired),
      v.regex(/^[A-Za-z0-9_-]{16,64}$/, MEMBERSHIP_MESSAGES.targetExpired),
    ),
    RELATION: wireText(MEMBERSHIP_MESSAGES.relation, 10),
  },
  MEMBERSHIP_MESSAGES.orderIncomplete,
);

const orderRequestWith = (join: typeof membershipJoinRequest) =>
  v.variant(
    'kind',
    [
      v.object({ kind: v.literal('proxy'), order: membershipProxyRequest }),
      v.object({ kind: v.literal('renew'), order: membershipRenewRequest }),
      v.object({ kind: v.literal('join'), order: join }),
    ],
    MEMBERSHIP_MESSAGES.orderIncomplete,
  );
/** The type-6 order: a proxy renewal (TARGET_ID), an own renewal (RENEW 1) or a join. */
export const membershipOrderRequest = orderRequestWith(membershipJoinRequest);

/** Which of the three a raw order is, before its own schema judges it. */
export const membershipOrderKind = (input: unknown): 'proxy' | 'renew' | 'join' => {
  const o = (input ?? {}) as Record<string, unknown>;
  if (o.TARGET_ID !== undefined) return 'proxy';
  return o.RENEW === 1 || o.RENEW === '1' ? 'renew' : 'join';
};

const orderWith = (request: typeof membershipOrderRequest) =>
  v.pipe(
    v.unknown(),
    v.transform((input) => ({ kind: membershipOrderKind(input), order: input })),
    request,
  );
/** Parses a type-6 order into its kind, a join's birth date bounded by the temple's today. */
export const membershipOrder = orderWith(membershipOrderRequest);
/**
 * The same on a given day (YYYY-MM-DD): the server's schema for order kind 6, on its clock's
 * temple day, so the birth-date rule follows the injected clock.
 */
export const membershipOrderOn = (today: string) => orderWith(orderRequestWith(joinRequestWith(() => today)));
export type MembershipOrder = v.InferOutput<typeof membershipOrder>;

// ---------------------------------------------------------------------------------------------
// The membership and the proxy lookup.

const ANSWER = '会员数据有误';

/** The believer's own membership (null before a join is paid: no HY_CODE until then). */
export const myMembership = v.nullable(
  v.object(
    {
      HY_CODE: v.string(ANSWER),
      HY_STATUS: v.picklist(['0', '1'], ANSWER),
      JOIN_DATE: v.string(ANSWER),
      END_DATE: v.string(ANSWER),
      NAME: v.string(ANSWER),
      SEX: v.string(ANSWER),
      BIRTH_DATE: v.string(ANSWER),
      MOBILE: v.string(ANSWER),
      SSQ_NAME: v.array(v.string(ANSWER), ANSWER),
      ADDRESS: v.string(ANSWER),
      PHOTO: v.string(ANSWER),
    },
    ANSWER,
  ),
);
export type MyMembership = v.InferOutput<typeof myMembership>;

/** 陈*明: the first character and, for three or more, the last; the rest masked. */
export const maskName = (name: string): string => {
  const chars = [...name];
  if (chars.length <= 1) return name;
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
};

export const memberLookupRequest = v.object(
  {
    hyCode: v.pipe(
      v.string(MEMBERSHIP_MESSAGES.hyCode),
      v.trim(),
      v.nonEmpty(MEMBERSHIP_MESSAGES.hyCode),
      v.maxLength(20, MEMBERSHIP_MESSAGES.lookupFailed),
      v.regex(/^[A-Za-z0-9]+$/, MEMBERSHIP_MESSAGES.lookupFailed),
    ),
    name: v.pipe(
      v.string(MEMBERSHIP_MESSAGES.hyName),
      v.trim(),
      v.nonEmpty(MEMBERSHIP_MESSAGES.hyName),
      v.maxLength(20, MEMBERSHIP_MESSAGES.lookupFailed),
      v.regex(NO_CONTROL, MEMBERSHIP_MESSAGES.lookupFailed),
    ),
  },
  MEMBERSHIP_MESSAGES.hyCode,
);

/**
 * What the lookup answers: only what the renewal needs. ID is a short-lived token naming the
 * member (TARGET_ID of the proxy order), never the member's id; SELF when it is the caller.
 */
export const memberLookupAnswer = v.object(
  {
    ID: v.string(ANSWER),
    NAME: v.string(ANSWER),
    HY_STATUS: v.picklist(['0', '1'], ANSWER),
    END_DATE: v.string(ANSWER),
    SELF: v.boolean(ANSWER),
  },
  ANSWER,
);
export type MemberLookupAnswer = v.InferOutput<typeof memberLookupAnswer>;

/** The proxy lookup's limits (per believer and per address), counted in the database per hour. */
export const LOOKUP_LIMITS = { perBeliever: 10, perAddress: 30, windowSeconds: 3600 } as const;

const dictKeyParam = v.pipe(v.string('字典名称不正确'), v.regex(/^[A-Za-z0-9._]{1,60}$/, '字典名称不正确'));

export const membershipApi = {
  /** Dictionary by key (002 section 7): data keyed by the dictKey. */
  dict: endpoint({
    method: 'GET',
    path: '/portal/rs/common-api/v1/common/getDictData',
    request: v.object({ dictKey: dictKeyParam }, '字典名称不正确'),
    response: portalEnvelope(v.record(v.string(), v.array(dictItem))),
  }),
  /** The values of one dictionary (the relations, WFS.HY.RELATION). */
  dictValues: endpoint({
    method: 'GET',
    path: '/portal/rs/common-api/v1/common/getDictDataName',
    request: v.object({ dictKey: dictKeyParam }, '字典名称不正确'),
    response: portalEnvelope(v.array(dictItem)),
  }),
  lookup: endpoint({
    method: 'GET',
    path: '/portal/rs/believer-api/v1/believer/getBelieverByMemberNoAndName',
    request: memberLookupRequest,
    response: portalEnvelope(memberLookupAnswer),
  }),
  /** The logged-in believer's membership (not in the spec; named in the family). */
  mine: endpoint({
    method: 'GET',
    path: '/portal/rs/believer-api/v1/believer/getMyMember',
    request: null,
    response: portalEnvelope(myMembership),
  }),
  /** The order as the wire carries it: one of the three (the server tells them apart, `membershipOrder`). */
  order: endpoint({
    method: 'POST',
    path: '/portal/rs/payapi/v1/pay/prePay',
    request: v.union(
      [membershipProxyRequest, membershipRenewRequest, membershipJoinRequest],
      MEMBERSHIP_MESSAGES.orderIncomplete,
    ),
    response: prePayAnswer,
    encoding: 'jsonObject',
  }),
};
