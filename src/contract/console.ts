import * as v from 'valibot';
import { HOE_TYPES } from './assembly';
import {
  assemblyAnswerSchema,
  assemblyDraftSchema,
  assemblyPublishSchema,
  assemblyRowSchema,
  assemblySaveSchema,
} from './assembly-catalogue';
import { isCalendarDate } from './ceremony';
import {
  ceremonyCatalogueSchema,
  ceremonySlotsAnswerSchema,
  ceremonySlotsSaveSchema,
  ceremonyTypeAnswerSchema,
  ceremonyTypeSaveSchema,
} from './ceremony-catalogue';
import { closedDayRowSchema, closedDaySchema } from './closed-days';
import { contentImageUploadSchema } from './content-image';
import { endpoint, mainEnvelope } from './envelope';
import {
  meritAnswerSchema,
  meritDraftSchema,
  meritOrderSchema,
  meritPublishSchema,
  meritRowSchema,
  meritSaveSchema,
} from './merit-catalogue';
import {
  carouselOrderSchema,
  carouselSchema,
  newsCreateSchema,
  newsEditableSchema,
  newsRowSchema,
  newsUpdateSchema,
} from './news-editing';
import { orderMoneySchema } from './order-money';
import { siteSettingsAnswerSchema, siteSettingsUpdateSchema } from './site-settings';
import {
  auditEntrySchema,
  type StaffPermission,
  staffAccountSchema,
  staffCreateSchema,
  staffMeSchema,
  staffSignInSchema,
  staffUpdateSchema,
  totpEnrolmentSchema,
} from './staff';
import {
  nicheAddSchema,
  nicheMapSchema,
  nicheRemoveSchema,
  statueLocationAnswerSchema,
  statueLocationListSchema,
  statueLocationSaveSchema,
} from './statue-catalogue';
import {
  tabletCatalogueSchema,
  tabletGroupAnswerSchema,
  tabletGroupCreateSchema,
  tabletGroupSaveSchema,
  tabletSeatsAddSchema,
  tabletSeatsRemoveSchema,
  tabletTextAnswerSchema,
  tabletTextSaveSchema,
} from './tablet-catalogue';
import { tabletPhrasesAnswer } from './tablet-phrases';
import {
  videoAnswerSchema,
  videoDraftSchema,
  videoPublishSchema,
  videoRowSchema,
  videoSaveSchema,
  videoUploadAnswerSchema,
} from './video-catalogue';
import { LINES_NO_CONTROL, NO_CONTROL } from './wire';

/**
 * The staff console's calls (`/admin/api/*`): the same envelope as the main API
 * (`{ status: 200, msg, data }`), a session cookie of the console's own (never a believer's
 * token), JSON bodies only. Each call names the permission the server checks (staff.ts).
 */

export const CONSOLE_API_PREFIX = '/admin/api';
/** The console's session cookie: HttpOnly, SameSite=Strict, only sent to the console's API. */
export const STAFF_COOKIE = 'temple_staff';

export const CONSOLE_MESSAGES = {
  notFound: '未找到该记录',
  orderNotFound: '未找到该订单',
  nothingOwed: '该订单没有待收的款项：已付清、已关闭或已退款',
  amountMismatch: '收款金额须与订单应付金额一致',
  methodEmpty: '请选择付款方式',
  receiptEmpty: '请输入收据编号',
  receiptInvalid: '收据编号为1至32位字母、数字或连字符',
  noteTooLong: '备注最多200个字',
  noteInvalid: '备注不能包含控制字符',
  reasonEmpty: '请填写原因',
  reasonTooLong: '原因最多200个字',
  daysInvalid: '延长天数为1至7天',
  notExtendable: '只有仍在保留期内的未付款订单可以延长',
  notCancellable: '只有未付款的订单可以取消',
  confirmRequired: '请再次确认',
  decisionEmpty: '请选择审核结果',
  seatNotFound: '未找到该座位',
  seatHeld: '该座位已有订单，不能封存',
  holdEnded: '该订单的保留期已过，已关闭',
  onlineOrder: '网上下单的订单请扫码支付，不能登记到寺付款',
  onlineNotCancellable: '网上下单的订单在付款码有效期内不能在此取消，到期未付款将自动关闭',
  searchTooLong: '搜索内容最多40个字',
  pageInvalid: '页码不正确',
  sortInvalid: '排序方式不正确',
  filterInvalid: '筛选条件不正确',
  /** The refund's second confirmation: the last four characters of the order number, typed. */
  refundDigits: '请输入订单号的后四位以确认退款',
  /** A console call that failed without the server's words (the network). */
  failed: '操作未能完成，请稍后再试',
} as const;

/** What a refund's `refundStatus` reads (payments.refund_status); none: not asked yet. */
export const REFUND_STATUS_LABELS: Record<string, string> = {
  asked: '已申请',
  processing: '退款中',
  success: '已退款',
  abnormal: '退款异常',
  closed: '退款关闭',
};

/** Why a payment is owed back (payments.flag), as the refunds list and an order's page say it. */
export const PAYMENT_FLAG_LABELS: Record<string, string> = {
  amount_mismatch: '付款金额与订单不符',
  currency_mismatch: '付款币种不是人民币',
  place_gone: '付款时名额已无',
  already_paid: '订单已付过款（重复付款）',
  not_open: '付款时订单已关闭',
};

// ---- requests ----

const reasonSchema = v.pipe(
  v.string(CONSOLE_MESSAGES.reasonEmpty),
  v.trim(),
  v.nonEmpty(CONSOLE_MESSAGES.reasonEmpty),
  v.maxLength(200, CONSOLE_MESSAGES.reasonTooLong),
  v.regex(LINES_NO_CONTROL, CONSOLE_MESSAGES.noteInvalid),
);

const noteSchema = v.pipe(
  v.optional(v.string(CONSOLE_MESSAGES.noteInvalid), ''),
  v.trim(),
  v.maxLength(200, CONSOLE_MESSAGES.noteTooLong),
  v.regex(LINES_NO_CONTROL, CONSOLE_MESSAGES.noteInvalid),
);

export const COUNTER_METHODS = ['cash', 'pos', 'transfer', 'counterQr'] as const;
export type CounterMethod = (typeof COUNTER_METHODS)[number];
export const COUNTER_METHOD_LABELS: Record<CounterMethod, string> = {
  cash: '现金',
  pos: 'POS刷卡',
  transfer: '对公转账',
  counterQr: '柜台扫码',
};

/** A payment taken at the temple for an unpaid order (most often a 7-day reservation). */
export const recordPaymentSchema = v.object(
  {
    method: v.picklist(COUNTER_METHODS, CONSOLE_MESSAGES.methodEmpty),
    /** What was received, in fen: what the order still owes (its price, or a ceremony's balance; the server compares). */
    amountFen: v.pipe(
      v.number(CONSOLE_MESSAGES.amountMismatch),
      v.integer(CONSOLE_MESSAGES.amountMismatch),
      v.minValue(1, CONSOLE_MESSAGES.amountMismatch),
    ),
    receiptNo: v.pipe(
      v.string(CONSOLE_MESSAGES.receiptEmpty),
      v.trim(),
      v.nonEmpty(CONSOLE_MESSAGES.receiptEmpty),
      v.regex(/^[A-Za-z0-9-]{1,32}$/, CONSOLE_MESSAGES.receiptInvalid),
    ),
    note: noteSchema,
  },
  CONSOLE_MESSAGES.methodEmpty,
);
export type RecordPayment = v.InferOutput<typeof recordPaymentSchema>;

export const extendHoldSchema = v.object(
  {
    days: v.pipe(
      v.number(CONSOLE_MESSAGES.daysInvalid),
      v.integer(CONSOLE_MESSAGES.daysInvalid),
      v.minValue(1, CONSOLE_MESSAGES.daysInvalid),
      v.maxValue(7, CONSOLE_MESSAGES.daysInvalid),
    ),
    reason: reasonSchema,
  },
  CONSOLE_MESSAGES.daysInvalid,
);
export type ExtendHold = v.InferOutput<typeof extendHoldSchema>;

/** Release a reservation's hold or cancel an unpaid order: the order closes, its place is freed. */
export const cancelOrderSchema = v.object({ reason: reasonSchema }, CONSOLE_MESSAGES.reasonEmpty);

/** A refund is asked only with its second confirmation. */
export const refundSchema = v.object(
  { confirm: v.literal(true, CONSOLE_MESSAGES.confirmRequired) },
  CONSOLE_MESSAGES.confirmRequired,
);

export const reviewSchema = v.object(
  { decision: v.picklist(['approved', 'rejected'], CONSOLE_MESSAGES.decisionEmpty), note: noteSchema },
  CONSOLE_MESSAGES.decisionEmpty,
);
export type Review = v.InferOutput<typeof reviewSchema>;

export const seatBlockSchema = v.object(
  { blocked: v.boolean(CONSOLE_MESSAGES.seatNotFound), reason: reasonSchema },
  CONSOLE_MESSAGES.reasonEmpty,
);

/**
 * A place in a list paged by key (keyset paging: no page number limits how deep a list goes): the
 * sort value of the row next to it (a time in microseconds since 1970, an amount in fen; at most
 * 16 digits, which every time PostgreSQL keeps can be) and its id.
 */
const cursorParam = v.optional(
  v.pipe(v.string(), v.regex(/^\d{1,16}_\d{1,18}$/, CONSOLE_MESSAGES.pageInvalid)),
);

/** The rows after `after` or the rows before `before` (the page before), never both. */
const keysetParams = { after: cursorParam, before: cursorParam };
const oneCursor = (search: { after?: string; before?: string }) =>
  search.after === undefined || search.before === undefined;

export const ORDER_SORTS = ['createdAt', 'amount', 'holdUntil'] as const;

/** The order search's query string: text (an order number's beginning or end, a phone's, part of a name), filters, sort, and where the page starts. */
export const orderSearchSchema = v.pipe(
  v.object({
    q: v.pipe(
      v.optional(v.string(), ''),
      v.trim(),
      v.maxLength(40, CONSOLE_MESSAGES.searchTooLong),
      v.regex(NO_CONTROL, CONSOLE_MESSAGES.searchTooLong),
    ),
    state: v.optional(v.picklist(['', '0', '1', '3', '4', '5'], CONSOLE_MESSAGES.sortInvalid), ''),
    reservation: v.optional(v.picklist(['', 'true'], CONSOLE_MESSAGES.sortInvalid), ''),
    sort: v.optional(v.picklist(ORDER_SORTS, CONSOLE_MESSAGES.sortInvalid), 'createdAt'),
    dir: v.optional(v.picklist(['asc', 'desc'], CONSOLE_MESSAGES.sortInvalid), 'desc'),
    ...keysetParams,
  }),
  v.check((search) => oneCursor(search), CONSOLE_MESSAGES.pageInvalid),
);
export type OrderSearch = v.InferOutput<typeof orderSearchSchema>;

/** A day of the temple's calendar (YYYY-MM-DD) in a filter; '' for none. */
const dayFilter = v.optional(
  v.union(
    [
      v.literal(''),
      v.pipe(
        v.string(),
        v.regex(/^\d{4}-\d{2}-\d{2}$/, CONSOLE_MESSAGES.filterInvalid),
        v.check(isCalendarDate, CONSOLE_MESSAGES.filterInvalid),
      ),
    ],
    CONSOLE_MESSAGES.filterInvalid,
  ),
  '',
);

/** A filter's text: trimmed, at most `max` characters, no control characters. */
const filterText = (max: number) =>
  v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.maxLength(max, CONSOLE_MESSAGES.filterInvalid),
    v.regex(NO_CONTROL, CONSOLE_MESSAGES.filterInvalid),
  );

/**
 * 操作记录's query string: by staff member (their username), action (its code), subject (whole, or
 * its beginning: `order:` finds every order's lines) and the temple's days from and to (both kept).
 */
export const auditSearchSchema = v.pipe(
  v.object({
    staff: filterText(40),
    action: filterText(60),
    subject: filterText(80),
    from: dayFilter,
    to: dayFilter,
    ...keysetParams,
  }),
  v.check((search) => oneCursor(search), CONSOLE_MESSAGES.pageInvalid),
);
export type AuditSearch = v.InferOutput<typeof auditSearchSchema>;

// ---- answers ----

export const PAGE_SIZE = 20;

const paged = <T extends v.GenericSchema>(row: T) =>
  v.object({ rows: v.array(row), total: v.number(), page: v.number(), pageSize: v.number() });

/** A list counts its matching rows up to this many; beyond, it says 超过 TOTAL_CAP 条. */
export const TOTAL_CAP = 1000;

/**
 * A page of a list paged by key: its rows, how many match (`totalCapped`: more than `total`,
 * which is TOTAL_CAP), and the cursors of the pages before and after it (null at either end).
 */
const keysetPaged = <T extends v.GenericSchema>(row: T) =>
  v.object({
    rows: v.array(row),
    total: v.number(),
    totalCapped: v.boolean(),
    prev: v.nullable(v.string()),
    next: v.nullable(v.string()),
    pageSize: v.number(),
  });
export type KeysetPage<T> = {
  rows: T[];
  total: number;
  totalCapped: boolean;
  prev: string | null;
  next: string | null;
  pageSize: number;
};

export const orderRowSchema = v.object({
  outTradeNo: v.string(),
  type: v.number(),
  description: v.string(),
  state: v.number(),
  /** What settles the order (online, or at the counter for a reservation); a ceremony: its deposit. */
  amountFen: v.number(),
  /** Its price, what was paid and what is still owed, by when. */
  money: orderMoneySchema,
  reservation: v.boolean(),
  /** Masked (138****0000) in lists; the order's page shows it whole. */
  phone: v.string(),
  /** Names on its entries (功德主, tablets), for recognising the order at the counter. */
  names: v.array(v.string()),
  createdAt: v.string(),
  holdUntil: v.string(),
  paidAt: v.nullable(v.string()),
});
export type OrderRow = v.InferOutput<typeof orderRowSchema>;

export const orderEntrySchema = v.object({
  position: v.number(),
  kind: v.picklist(['往生', '延生']),
  tablets: v.array(v.string()),
  /** The birth and death date typed beside each of `tablets` ('' where none was typed). */
  births: v.array(v.string()),
  deaths: v.array(v.string()),
  /** 阳上 names. */
  ys: v.array(v.string()),
});
export type OrderEntry = v.InferOutput<typeof orderEntrySchema>;

export const orderPaymentSchema = v.object({
  id: v.number(),
  gateway: v.string(),
  transactionId: v.string(),
  amountFen: v.number(),
  paidAt: v.string(),
  method: v.nullable(v.string()),
  receiptNo: v.nullable(v.string()),
  note: v.nullable(v.string()),
  refundDue: v.boolean(),
  flag: v.nullable(v.string()),
  refundStatus: v.nullable(v.string()),
});

export const orderHistorySchema = v.object({ at: v.string(), what: v.string(), by: v.nullable(v.string()) });

export const orderDetailSchema = v.object({
  order: v.object({ ...orderRowSchema.entries, phone: v.string(), believerName: v.nullable(v.string()) }),
  lines: v.array(
    v.object({ name: v.string(), quantity: v.number(), unitPriceFen: v.number(), amountFen: v.number() }),
  ),
  entries: v.array(orderEntrySchema),
  /** What the believer typed for a single-family ceremony (null for other kinds). */
  ceremony: v.nullable(
    v.object({
      /** 缘由, 地址 (FS_ADDRESS), 备注 (REMARK), as entered. */
      cause: v.string(),
      address: v.string(),
      remark: v.string(),
      tabletType: v.string(),
      tier: v.string(),
      /** The day to come to the temple by, once the deposit is paid. */
      comeBy: v.nullable(v.string()),
    }),
  ),
  /** Places it holds: an assembly type, a ceremony day and time, a statue or tablet seat. */
  places: v.array(v.string()),
  payments: v.array(orderPaymentSchema),
  history: v.array(orderHistorySchema),
});
export type OrderDetail = v.InferOutput<typeof orderDetailSchema>;

export const refundRowSchema = v.object({
  paymentId: v.number(),
  outTradeNo: v.string(),
  description: v.string(),
  amountFen: v.number(),
  paidAt: v.string(),
  flag: v.nullable(v.string()),
  refundStatus: v.nullable(v.string()),
  outRefundNo: v.nullable(v.string()),
});

export const todaySchema = v.object({
  day: v.string(),
  assemblies: v.array(v.object({ id: v.number(), name: v.string(), paid: v.number(), pending: v.number() })),
  ceremonies: v.array(
    v.object({ timeLabel: v.string(), name: v.string(), paid: v.number(), pending: v.number() }),
  ),
  /** The first RESERVATIONS_SHOWN reservations ending within 48 hours, soonest first, and how many there are. */
  reservationsEndingSoon: v.array(orderRowSchema),
  reservationsEndingSoonTotal: v.number(),
  /** Ceremonies paid by their deposit whose balance is due about now (today's, or to come by soon). */
  balancesDue: v.array(orderRowSchema),
  refundsWaiting: v.number(),
  messagesUnsent: v.number(),
  sweeperLastRunAt: v.nullable(v.string()),
});
export type Today = v.InferOutput<typeof todaySchema>;

export const rosterEntrySchema = v.object({
  outTradeNo: v.string(),
  paid: v.boolean(),
  /** 功德主 or the believer's name. */
  donor: v.string(),
  phone: v.string(),
  group: v.string(),
  tabletType: v.string(),
  kind: v.picklist(['往生', '延生']),
  tablets: v.array(v.string()),
  /** The birth and death date typed beside each of `tablets` ('' where none was typed). */
  births: v.array(v.string()),
  deaths: v.array(v.string()),
  ys: v.array(v.string()),
  seat: v.string(),
  /** A single-family ceremony's 缘由, 地址 and 备注 as entered ('' for other kinds). */
  cause: v.string(),
  address: v.string(),
  remark: v.string(),
  /** The order's price, what was paid and what is still owed (the day's board at the counter). */
  money: orderMoneySchema,
});
export type RosterEntry = v.InferOutput<typeof rosterEntrySchema>;

/** A roster: its entries, and the temple's phrases its tablets are printed with (tablet-text.ts). */
export const rosterSchema = v.object({
  title: v.string(),
  entries: v.array(rosterEntrySchema),
  tabletPhrases: tabletPhrasesAnswer,
});
export type Roster = v.InferOutput<typeof rosterSchema>;

export const rosterChoicesSchema = v.object({
  assemblies: v.array(
    v.object({
      id: v.number(),
      name: v.string(),
      startDate: v.string(),
      /** Its entries that hold their place; null for an assembly ended more than ROSTER_RECENT_DAYS ago (not counted on every call). */
      count: v.nullable(v.number()),
      /** The assembly's own types (往生, 延生, 延往生: those it has), in its order: what its roster narrows to. */
      hoeTypes: v.array(v.picklist(HOE_TYPES)),
    }),
  ),
  /** The ceremony days with bookings from `ceremonyDaysFrom` on (an earlier day's roster opens by its date). */
  ceremonyDays: v.array(v.object({ day: v.string(), count: v.number() })),
  ceremonyDaysFrom: v.string(),
});

/** How far back the roster list counts (assemblies ended, ceremony days past): older ones open by name or date. */
export const ROSTER_RECENT_DAYS = 30;

/** A seat map the console can open: `kind` and `key` make its path (/seats/:kind/:map). */
export const seatMapChoiceSchema = v.object({
  kind: v.picklist(['statue', 'tablet']),
  key: v.string(),
  title: v.string(),
});
export type SeatMapChoice = v.InferOutput<typeof seatMapChoiceSchema>;

export const seatMapSchema = v.object({
  title: v.string(),
  seats: v.array(
    v.object({
      id: v.number(),
      row: v.number(),
      col: v.number(),
      /** free, blocked, held (unpaid), paid (已售未供), enshrined (已售已供). */
      state: v.picklist(['free', 'blocked', 'held', 'paid', 'enshrined']),
      holder: v.nullable(v.object({ outTradeNo: v.string(), name: v.string() })),
    }),
  ),
});

export const volunteerRowSchema = v.object({
  id: v.number(),
  name: v.string(),
  phone: v.string(),
  groups: v.array(v.string()),
  status: v.picklist(['pending', 'approved', 'rejected']),
  submittedAt: v.string(),
  reviewNote: v.nullable(v.string()),
  hasPhoto: v.boolean(),
});

/**
 * What an applicant filled in beyond the row (spec 002 sections 2-3), its choices in the form's
 * own words (男, 本科, 健康, 周六, 殿堂香灯…; '' where nothing was given), so the 客堂 can call them
 * within the 2-3 working days the success page promises.
 */
export const volunteerFactsSchema = v.object({
  sex: v.string(),
  birthDate: v.string(),
  age: v.string(),
  nation: v.string(),
  /** 籍贯: province, city, county. */
  hometown: v.string(),
  degree: v.string(),
  health: v.string(),
  employer: v.string(),
  wechat: v.string(),
  address: v.string(),
  postCode: v.string(),
  /** 信佛时间. */
  foDate: v.string(),
  /** 是否广慈功德会. */
  guangci: v.boolean(),
  /** 皈依: its date, dharma name (皈依法名) and temple; null when the applicant has not taken refuge. */
  conversion: v.nullable(v.object({ date: v.string(), dharmaName: v.string(), temple: v.string() })),
  /** 随时, and the days ticked (周一 … 周日). */
  anytime: v.boolean(),
  weekdays: v.array(v.string()),
  /** 日常维护项目, 大型活动项目, 擅长的技能. */
  dailyProjects: v.array(v.string()),
  eventProjects: v.array(v.string()),
  talents: v.array(v.string()),
});
export type VolunteerFacts = v.InferOutput<typeof volunteerFactsSchema>;

/** One application on the desk: its row (phone masked) and its facts. */
export const volunteerApplicationSchema = v.object({
  ...volunteerRowSchema.entries,
  facts: volunteerFactsSchema,
});
export type VolunteerApplication = v.InferOutput<typeof volunteerApplicationSchema>;

/** The applicant's whole phone, asked for apart from the application (each ask is audited). */
export const revealedPhoneSchema = v.object({ phone: v.string() });

const ok = v.null();
const data = mainEnvelope;
const p = (path: string) => `${CONSOLE_API_PREFIX}${path}`;

export const consoleApi = {
  signIn: endpoint({
    method: 'POST',
    path: p('/session'),
    request: staffSignInSchema,
    response: data(staffMeSchema),
  }),
  me: endpoint({ method: 'GET', path: p('/session'), request: null, response: data(staffMeSchema) }),
  signOut: endpoint({ method: 'POST', path: p('/session/end'), request: null, response: data(ok) }),
  staffList: endpoint({
    method: 'GET',
    path: p('/staff'),
    request: null,
    response: data(v.array(staffAccountSchema)),
  }),
  staffCreate: endpoint({
    method: 'POST',
    path: p('/staff'),
    request: staffCreateSchema,
    response: data(totpEnrolmentSchema),
  }),
  /** `:id` in the path. */
  staffUpdate: endpoint({
    method: 'PUT',
    path: p('/staff/:id'),
    request: staffUpdateSchema,
    response: data(staffAccountSchema),
  }),
  staffResetTotp: endpoint({
    method: 'POST',
    path: p('/staff/:id/totp'),
    request: null,
    response: data(totpEnrolmentSchema),
  }),
  audit: endpoint({
    method: 'GET',
    path: p('/audit'),
    request: null,
    response: data(keysetPaged(auditEntrySchema)),
  }),
  today: endpoint({ method: 'GET', path: p('/today'), request: null, response: data(todaySchema) }),
  orders: endpoint({
    method: 'GET',
    path: p('/orders'),
    request: null,
    response: data(keysetPaged(orderRowSchema)),
  }),
  order: endpoint({
    method: 'GET',
    path: p('/orders/:no'),
    request: null,
    response: data(orderDetailSchema),
  }),
  recordPayment: endpoint({
    method: 'POST',
    path: p('/orders/:no/payment'),
    request: recordPaymentSchema,
    response: data(orderDetailSchema),
  }),
  extendHold: endpoint({
    method: 'POST',
    path: p('/orders/:no/extend'),
    request: extendHoldSchema,
    response: data(orderDetailSchema),
  }),
  cancelOrder: endpoint({
    method: 'POST',
    path: p('/orders/:no/cancel'),
    request: cancelOrderSchema,
    response: data(orderDetailSchema),
  }),
  markEnshrined: endpoint({
    method: 'POST',
    path: p('/orders/:no/enshrined'),
    request: null,
    response: data(orderDetailSchema),
  }),
  refunds: endpoint({
    method: 'GET',
    path: p('/refunds'),
    request: null,
    response: data(v.array(refundRowSchema)),
  }),
  refund: endpoint({
    method: 'POST',
    path: p('/refunds/:no'),
    request: refundSchema,
    response: data(refundRowSchema),
  }),
  rosterChoices: endpoint({
    method: 'GET',
    path: p('/rosters'),
    request: null,
    response: data(rosterChoicesSchema),
  }),
  /** `?hoeType=` narrows to one type; `/admin/api/rosters/assembly/:id.csv` is the same as CSV. */
  assemblyRoster: endpoint({
    method: 'GET',
    path: p('/rosters/assembly/:id'),
    request: null,
    response: data(rosterSchema),
  }),
  ceremonyRoster: endpoint({
    method: 'GET',
    path: p('/rosters/ceremony/:day'),
    request: null,
    response: data(rosterSchema),
  }),
  /** `:kind` statue|tablet; `:map` the map's key (location-group, or type-floor-group). */
  /** Every statue and tablet map, for choosing one. */
  seatMaps: endpoint({
    method: 'GET',
    path: p('/seats'),
    request: null,
    response: data(v.array(seatMapChoiceSchema)),
  }),
  seatMap: endpoint({
    method: 'GET',
    path: p('/seats/:kind/:map'),
    request: null,
    response: data(seatMapSchema),
  }),
  seatBlock: endpoint({
    method: 'POST',
    path: p('/seats/:kind/seat/:id'),
    request: seatBlockSchema,
    response: data(ok),
  }),
  volunteers: endpoint({
    method: 'GET',
    path: p('/volunteers'),
    request: null,
    response: data(v.array(volunteerRowSchema)),
  }),
  /** One application with what its applicant filled in; the phone still masked. */
  volunteer: endpoint({
    method: 'GET',
    path: p('/volunteers/:id'),
    request: null,
    response: data(volunteerApplicationSchema),
  }),
  /** The application's whole phone, to call the applicant: a POST, since each one is audited. */
  volunteerPhone: endpoint({
    method: 'POST',
    path: p('/volunteers/:id/phone'),
    request: null,
    response: data(revealedPhoneSchema),
  }),
  /** The photo: `/admin/api/volunteers/:id/photo` (image bytes, staff only, never cached). */
  /** The temple's facts (issue 25): read with their version, saved with the version read. */
  siteSettings: endpoint({
    method: 'GET',
    path: p('/site'),
    request: null,
    response: data(siteSettingsAnswerSchema),
  }),
  siteSettingsSave: endpoint({
    method: 'PUT',
    path: p('/site'),
    request: siteSettingsUpdateSchema,
    response: data(siteSettingsAnswerSchema),
  }),
  /** Days closed to ceremonies, from today on. */
  closedDays: endpoint({
    method: 'GET',
    path: p('/closed-days'),
    request: null,
    response: data(v.array(closedDayRowSchema)),
  }),
  closeDay: endpoint({
    method: 'POST',
    path: p('/closed-days'),
    request: closedDaySchema,
    response: data(closedDayRowSchema),
  }),
  /** `:day` YYYY-MM-DD: the day opens again. */
  reopenDay: endpoint({
    method: 'POST',
    path: p('/closed-days/:day/reopen'),
    request: null,
    response: data(ok),
  }),
  /** 佛事设置: the ceremony types (a line each) and the day's slots. */
  ceremonies: endpoint({
    method: 'GET',
    path: p('/ceremonies'),
    request: null,
    response: data(ceremonyCatalogueSchema),
  }),
  /** `:fsType` 1 (往生) or 2 (延生): the type with its price table. */
  ceremonyType: endpoint({
    method: 'GET',
    path: p('/ceremonies/types/:fsType'),
    request: null,
    response: data(ceremonyTypeAnswerSchema),
  }),
  ceremonyTypeSave: endpoint({
    method: 'PUT',
    path: p('/ceremonies/types/:fsType'),
    request: ceremonyTypeSaveSchema,
    response: data(ceremonyTypeAnswerSchema),
  }),
  ceremonySlots: endpoint({
    method: 'GET',
    path: p('/ceremonies/slots'),
    request: null,
    response: data(ceremonySlotsAnswerSchema),
  }),
  /** The whole list of slots, saved with the version read. */
  ceremonySlotsSave: endpoint({
    method: 'PUT',
    path: p('/ceremonies/slots'),
    request: ceremonySlotsSaveSchema,
    response: data(ceremonySlotsAnswerSchema),
  }),
  /** News of the home carousel and the news page (issue 25): `?menu=&state=&q=&page=`, 20 a page. */
  newsList: endpoint({
    method: 'GET',
    path: p('/news'),
    request: null,
    response: data(paged(newsRowSchema)),
  }),
  newsItem: endpoint({
    method: 'GET',
    path: p('/news/:id'),
    request: null,
    response: data(newsEditableSchema),
  }),
  newsCreate: endpoint({
    method: 'POST',
    path: p('/news'),
    request: newsCreateSchema,
    response: data(newsEditableSchema),
  }),
  /** Saved against the version read (409 when another save came first); publishing is part of the save. */
  newsUpdate: endpoint({
    method: 'PUT',
    path: p('/news/:id'),
    request: newsUpdateSchema,
    response: data(newsEditableSchema),
  }),
  /** The home carousel (menu 1, published and scheduled) in its order. */
  newsCarousel: endpoint({
    method: 'GET',
    path: p('/news-carousel'),
    request: null,
    response: data(carouselSchema),
  }),
  newsCarouselSave: endpoint({
    method: 'PUT',
    path: p('/news-carousel'),
    request: carouselOrderSchema,
    response: data(carouselSchema),
  }),
  /** The assemblies of the catalogue, drafts too, by date. */
  assemblies: endpoint({
    method: 'GET',
    path: p('/assemblies'),
    request: null,
    response: data(v.array(assemblyRowSchema)),
  }),
  assembly: endpoint({
    method: 'GET',
    path: p('/assemblies/:id'),
    request: null,
    response: data(assemblyAnswerSchema),
  }),
  /** A new assembly: a draft until published. */
  assemblyCreate: endpoint({
    method: 'POST',
    path: p('/assemblies'),
    request: assemblyDraftSchema,
    response: data(assemblyAnswerSchema),
  }),
  assemblySave: endpoint({
    method: 'PUT',
    path: p('/assemblies/:id'),
    request: assemblySaveSchema,
    response: data(assemblyAnswerSchema),
  }),
  assemblyPublish: endpoint({
    method: 'POST',
    path: p('/assemblies/:id/publish'),
    request: assemblyPublishSchema,
    response: data(assemblyAnswerSchema),
  }),
  /** The merit items of the catalogue (功德项目), drafts and withdrawn ones too, in the site's order. */
  meritItems: endpoint({
    method: 'GET',
    path: p('/merit-items'),
    request: null,
    response: data(v.array(meritRowSchema)),
  }),
  meritItem: endpoint({
    method: 'GET',
    path: p('/merit-items/:id'),
    request: null,
    response: data(meritAnswerSchema),
  }),
  /** A new merit item: a draft until published. */
  meritItemCreate: endpoint({
    method: 'POST',
    path: p('/merit-items'),
    request: meritDraftSchema,
    response: data(meritAnswerSchema),
  }),
  meritItemSave: endpoint({
    method: 'PUT',
    path: p('/merit-items/:id'),
    request: meritSaveSchema,
    response: data(meritAnswerSchema),
  }),
  meritItemPublish: endpoint({
    method: 'POST',
    path: p('/merit-items/:id/publish'),
    request: meritPublishSchema,
    response: data(meritAnswerSchema),
  }),
  /** The items' order on the site, saved against the order read (409 when it changed). */
  meritItemsOrder: endpoint({
    method: 'PUT',
    path: p('/merit-order'),
    request: meritOrderSchema,
    response: data(v.array(meritRowSchema)),
  }),
  /** The memorial tablets (牌位供奉): types, categories, and every group with its price and extent. */
  tablets: endpoint({
    method: 'GET',
    path: p('/tablets'),
    request: null,
    response: data(tabletCatalogueSchema),
  }),
  tabletTypeSave: endpoint({
    method: 'PUT',
    path: p('/tablets/types/:id'),
    request: tabletTextSaveSchema,
    response: data(tabletTextAnswerSchema),
  }),
  tabletCategorySave: endpoint({
    method: 'PUT',
    path: p('/tablets/categories/:id'),
    request: tabletTextSaveSchema,
    response: data(tabletTextAnswerSchema),
  }),
  /** A new group of a floor (closed until opened), with its places. */
  tabletGroupCreate: endpoint({
    method: 'POST',
    path: p('/tablets/groups'),
    request: tabletGroupCreateSchema,
    response: data(tabletGroupAnswerSchema),
  }),
  /** A group (`<pw_type>-<floor>-<pw_group>`) with its seat map. */
  tabletGroup: endpoint({
    method: 'GET',
    path: p('/tablets/groups/:map'),
    request: null,
    response: data(tabletGroupAnswerSchema),
  }),
  /** Name, open or closed, and the price of all its places. */
  tabletGroupSave: endpoint({
    method: 'PUT',
    path: p('/tablets/groups/:map'),
    request: tabletGroupSaveSchema,
    response: data(tabletGroupAnswerSchema),
  }),
  tabletSeatsAdd: endpoint({
    method: 'POST',
    path: p('/tablets/groups/:map/seats'),
    request: tabletSeatsAddSchema,
    response: data(tabletGroupAnswerSchema),
  }),
  /** Places nobody holds; a held one refuses the removal (409). */
  tabletSeatsRemove: endpoint({
    method: 'POST',
    path: p('/tablets/groups/:map/seats/remove'),
    request: tabletSeatsRemoveSchema,
    response: data(tabletGroupAnswerSchema),
  }),
  /** Statue enshrinement (佛像供奉): the three locations with their statues, materials and groups. */
  statueLocations: endpoint({
    method: 'GET',
    path: p('/statues'),
    request: null,
    response: data(statueLocationListSchema),
  }),
  statueLocation: endpoint({
    method: 'GET',
    path: p('/statues/:location'),
    request: null,
    response: data(statueLocationAnswerSchema),
  }),
  statueLocationSave: endpoint({
    method: 'PUT',
    path: p('/statues/:location'),
    request: statueLocationSaveSchema,
    response: data(statueLocationAnswerSchema),
  }),
  /** A group's niches: add a row or a column, remove one no order names (each under the group's version). */
  statueNiches: endpoint({
    method: 'GET',
    path: p('/statues/:location/groups/:group/niches'),
    request: null,
    response: data(nicheMapSchema),
  }),
  statueNichesAdd: endpoint({
    method: 'POST',
    path: p('/statues/:location/groups/:group/niches'),
    request: nicheAddSchema,
    response: data(nicheMapSchema),
  }),
  statueNicheRemove: endpoint({
    method: 'POST',
    path: p('/statues/:location/groups/:group/niches/remove'),
    request: nicheRemoveSchema,
    response: data(nicheMapSchema),
  }),
  review: endpoint({
    method: 'POST',
    path: p('/volunteers/:id/review'),
    request: reviewSchema,
    response: data(volunteerRowSchema),
  }),
  /** 视频管理: the gallery's videos (news menu 6), drafts too, the newest first. */
  videos: endpoint({
    method: 'GET',
    path: p('/videos'),
    request: null,
    response: data(v.array(videoRowSchema)),
  }),
  video: endpoint({
    method: 'GET',
    path: p('/videos/:id'),
    request: null,
    response: data(videoAnswerSchema),
  }),
  /** A new video: a draft until published. */
  videoCreate: endpoint({
    method: 'POST',
    path: p('/videos'),
    request: videoDraftSchema,
    response: data(videoAnswerSchema),
  }),
  videoSave: endpoint({
    method: 'PUT',
    path: p('/videos/:id'),
    request: videoSaveSchema,
    response: data(videoAnswerSchema),
  }),
  videoPublish: endpoint({
    method: 'POST',
    path: p('/videos/:id/publish'),
    request: videoPublishSchema,
    response: data(videoAnswerSchema),
  }),
  /** The film itself as the body (WebM or MP4, header X-Temple-Upload), not JSON: up to 200 MB. */
  videoFilmUpload: endpoint({
    method: 'POST',
    path: p('/video-files/film'),
    request: null,
    response: data(videoUploadAnswerSchema),
  }),
  /** The captions file itself as the body (WebVTT, header X-Temple-Upload): up to 512 KB. */
  videoCaptionsUpload: endpoint({
    method: 'POST',
    path: p('/video-files/captions'),
    request: null,
    response: data(videoUploadAnswerSchema),
  }),
  /** Multipart (field `file`, header X-Temple-Upload), not JSON: a photograph for a content form (issue 25). */
  uploadImage: endpoint({
    method: 'POST',
    path: p('/images'),
    request: null,
    response: data(contentImageUploadSchema),
  }),
};

/**
 * The permission each call needs (null: any signed-in member; sign-in needs none). The server's
 * routes check these; the console hides what a member's roles do not allow; the access test walks
 * this table with every role.
 */
export const CONSOLE_PERMISSIONS: Record<keyof typeof consoleApi, StaffPermission | null> = {
  signIn: null,
  me: null,
  signOut: null,
  staffList: 'manageStaff',
  staffCreate: 'manageStaff',
  staffUpdate: 'manageStaff',
  staffResetTotp: 'manageStaff',
  audit: 'manageStaff',
  today: 'viewOrders',
  orders: 'viewOrders',
  order: 'viewOrders',
  recordPayment: 'changeOrders',
  extendHold: 'changeOrders',
  cancelOrder: 'changeOrders',
  markEnshrined: 'changeSeats',
  refunds: 'refund',
  refund: 'refund',
  rosterChoices: 'printRosters',
  assemblyRoster: 'printRosters',
  ceremonyRoster: 'printRosters',
  seatMaps: 'changeSeats',
  seatMap: 'changeSeats',
  seatBlock: 'changeSeats',
  volunteers: 'reviewVolunteers',
  volunteer: 'reviewVolunteers',
  volunteerPhone: 'reviewVolunteers',
  review: 'reviewVolunteers',
  siteSettings: 'editContent',
  siteSettingsSave: 'editContent',
  closedDays: 'editContent',
  closeDay: 'editContent',
  reopenDay: 'editContent',
  ceremonies: 'editContent',
  ceremonyType: 'editContent',
  ceremonyTypeSave: 'editContent',
  ceremonySlots: 'editContent',
  ceremonySlotsSave: 'editContent',
  newsList: 'editContent',
  newsItem: 'editContent',
  newsCreate: 'editContent',
  newsUpdate: 'editContent',
  newsCarousel: 'editContent',
  newsCarouselSave: 'editContent',
  assemblies: 'editContent',
  assembly: 'editContent',
  assemblyCreate: 'editContent',
  assemblySave: 'editContent',
  assemblyPublish: 'editContent',
  meritItems: 'editContent',
  meritItem: 'editContent',
  meritItemCreate: 'editContent',
  meritItemSave: 'editContent',
  meritItemPublish: 'editContent',
  meritItemsOrder: 'editContent',
  tablets: 'editContent',
  tabletTypeSave: 'editContent',
  tabletCategorySave: 'editContent',
  tabletGroupCreate: 'editContent',
  tabletGroup: 'editContent',
  tabletGroupSave: 'editContent',
  tabletSeatsAdd: 'editContent',
  tabletSeatsRemove: 'editContent',
  statueLocations: 'editContent',
  statueLocation: 'editContent',
  statueLocationSave: 'editContent',
  statueNiches: 'editContent',
  statueNichesAdd: 'editContent',
  statueNicheRemove: 'editContent',
  uploadImage: 'editContent',
  videos: 'editContent',
  video: 'editContent',
  videoCreate: 'editContent',
  videoSave: 'editContent',
  videoPublish: 'editContent',
  videoFilmUpload: 'editContent',
  videoCaptionsUpload: 'editContent',
};
