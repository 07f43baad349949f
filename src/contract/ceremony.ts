import * as v from 'valibot';
import { FS_TYPES, type FsType } from './address-keys';
import { endpoint, portalEnvelope } from './envelope';
import { ceremonyEntriesOn, ceremonyJyEntry, ceremonyYsEntry, ceremonyZzEntry } from './memorial-entry';
import { ORDER_TYPES } from './order-types';
import { prePayAnswer } from './payment';
import { phoneSchema } from './phone';
import { RESERVATION_HOLD_DAYS } from './reservation-hold';
import { LINES_NO_CONTROL, NO_CONTROL, wireText, yuanAmount } from './wire';

/**
 * Single-family ceremonies (独姓佛事): the types, the price map by tablet type, the calendar with
 * each day's slots and sessions left, the bookable-day rule and the booking order (type 2), as
 * spec 000 sections 3, 5, 7 and 9 and 002 sections 3 and 7 give them. Money is yuan on the wire.
 * The lunar calendar is not imported here: whether a date is a lunar 1st or 15th is passed in.
 */

export { FS_TYPES, type FsType };

export const CEREMONY_RULES = {
  /** The deposit paid online (yuan); the rest is paid at the temple. */
  money: 1000,
  payMethod: '3',
  channel: 'pc',
  blr: 'pc',
  /** After today, these days are not bookable: the earliest date is today + 8. */
  closedDays: 7,
  /** The furthest bookable date, in days from today. */
  horizonDays: 365,
  /** The days by which the believer comes to the temple after paying the deposit: the slot's reservation hold. */
  comeWithinDays: RESERVATION_HOLD_DAYS,
  /** A calendar call covers at most this many days. */
  maxRangeDays: 100,
  causeLength: 300,
  /** Entries per list (000 section 9: default 5 in the ceremony). */
  maxEntries: 5,
  /** Unpaid bookings one believer may hold at once (a session held 15 minutes, or 7 days as a reservation). */
  maxUnpaidHolds: 3,
  /** The years the lunar calendar covers (002 section 2). */
  minYear: 1900,
  maxYear: 2100,
} as const;

export const CEREMONY_MESSAGES = {
  unknownType: '该佛事类型不存在',
  chooseType: '请选择佛事类型',
  unknownTablet: '该佛事没有此牌位类型',
  unknownTier: '请确认选项',
  chooseTime: '请选择时间',
  loginFirst: '您还未登录，请先登录，登录后将继续您的预约',
  unknownSlot: '该时段不存在，请重新选择时间',
  date: '日期格式不正确',
  range: `查询日期范围不正确（结束日期不能早于开始日期，最多${CEREMONY_RULES.maxRangeDays}天）`,
  tooSoon: `最早可预约${CEREMONY_RULES.closedDays + 1}天后的日期`,
  tooLate: `仅可预约${CEREMONY_RULES.horizonDays}天内的日期`,
  lunarDay: '农历初一、十五不接受预约，请选择其他日期',
  assemblyDay: '当日有法会，不接受预约，请选择其他日期',
  soldOut: '该时段场次已满，请选择其他时间',
  holdCap: `您已有${CEREMONY_RULES.maxUnpaidHolds}个未完成支付的佛事预约，请先完成支付或等候其释放后再预约`,
  money: `定金为${CEREMONY_RULES.money}元，请刷新页面后重试`,
  totalMismatch: '佛事金额与价格不符，请刷新页面后重试',
  cause: `缘由最多${CEREMONY_RULES.causeLength}字，且不能包含表情符号`,
  text: '填写的内容有误',
  addEntry: '请添加明细信息',
  agree: '请同意协议',
  entryKind: '明细类型与佛事类型不符',
  entryLimit: `每单最多添加${CEREMONY_RULES.maxEntries}条明细`,
  petitioner: '请添加阳上人信息',
  orderIncomplete: '订单内容不完整，请刷新页面后重试',
  orderType: '订单类型不正确',
  channel: '下单渠道不正确',
  payMethod: '支付方式不正确',
  jfDate: '下单时间格式不正确',
} as const;

/** What the hint and the reservation dialogs say (000 section 2). */
export const CEREMONY_NOTICES = {
  hint: `线上预约需缴纳定金${CEREMONY_RULES.money}元，余款请到寺院客堂缴纳。`,
  reservation: `定金支付成功后，系统将为您保留该时段${CEREMONY_RULES.comeWithinDays}天，请于${CEREMONY_RULES.comeWithinDays}日内前往寺院客堂办理。`,
} as const;

// ---------------------------------------------------------------------------------------------
// Dates: YYYY-MM-DD strings, computed in whole days (no time zone: the caller gives "today").

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `ymd` is a real calendar date within the lunar calendar's years. */
export const isCalendarDate = (ymd: string): boolean => {
  if (!DATE_PATTERN.test(ymd)) return false;
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return (
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === m - 1 &&
    date.getUTCDate() === d &&
    y >= CEREMONY_RULES.minYear &&
    y <= CEREMONY_RULES.maxYear
  );
};

/** `ymd` moved by `days` whole days. */
export const addDaysYmd = (ymd: string, days: number): string => {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => {
  const at = (s: string) => {
    const [y, m, d] = s.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((at(to) - at(from)) / 86_400_000);
};

/** DATE_STR of the calendar data: year-month-day with leading zeros stripped (002 section 3). */
export const toDateStr = (ymd: string): string =>
  ymd
    .split('-')
    .map((part) => String(Number(part)))
    .join('-');

/**
 * The default calendar range (002 section 7): from day 20 of the month before today's month to
 * day 10 of the month after it, so a month grid with its neighbouring weeks is covered.
 */
export const defaultCalendarRange = (today: string): { startDate: string; endDate: string } => {
  const [y, m] = today.split('-').map(Number) as [number, number, number];
  const ymdOf = (year: number, month: number, day: number) =>
    new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
  return { startDate: ymdOf(y, m - 1, 20), endDate: ymdOf(y, m + 1, 10) };
};

export interface BookableFacts {
  /** The date is the 1st or the 15th of a lunar month (the server asks lunar-javascript). */
  lunarFirstOrFifteenth: boolean;
  /** An assembly is held that day. */
  hasAssembly: boolean;
  /** The temple closed the day to ceremonies in the staff console, with this reason (or null). */
  closedReason?: string | null;
}

/** What a believer reads on a day the temple closed to ceremonies: the temple's own reason. */
export const closedDayRefusal = (reason: string) => `本日暂停佛事预约：${reason}`;

/**
 * Why a date cannot be booked (000 section 9), or null when it can: the earliest date is tomorrow
 * and the next 7 days from today are closed (so the first is today + 8), nothing beyond the
 * horizon, no lunar 1st or 15th, no day with an assembly.
 */
export const bookingRefusal = (date: string, today: string, facts: BookableFacts): string | null => {
  if (!isCalendarDate(date)) return CEREMONY_MESSAGES.date;
  const ahead = daysBetween(today, date);
  if (ahead <= CEREMONY_RULES.closedDays) return CEREMONY_MESSAGES.tooSoon;
  if (ahead > CEREMONY_RULES.horizonDays) return CEREMONY_MESSAGES.tooLate;
  if (facts.lunarFirstOrFifteenth) return CEREMONY_MESSAGES.lunarDay;
  if (facts.hasAssembly) return CEREMONY_MESSAGES.assemblyDay;
  if (facts.closedReason) return closedDayRefusal(facts.closedReason);
  return null;
};

/** Whether a date can be booked (000 section 9); `bookingRefusal` says why not. */
export const isBookableDate = (date: string, today: string, facts: BookableFacts): boolean =>
  bookingRefusal(date, today, facts) === null;

/** The date by which the believer comes to the temple: the deposit's day + 7. */
export const comeByDate = (paidDay: string): string => addDaysYmd(paidDay, CEREMONY_RULES.comeWithinDays);

// ---------------------------------------------------------------------------------------------
// Wire shapes.

const ANSWER = '佛事的数据有误';

/** A ceremony type as the list shows it. */
export const ceremonyTypeItem = v.object(
  {
    FS_TYPE: v.picklist(FS_TYPES, ANSWER),
    FS_NAME: v.string(ANSWER),
    IMAGE: v.string(ANSWER),
    PARTICULARS: v.string(ANSWER),
  },
  ANSWER,
);
export type CeremonyTypeItem = v.InferOutput<typeof ceremonyTypeItem>;

/** One cell of the price map: tablet type (FS_CONTENT) × quantity tier (MANY), the price (yuan). */
export const ceremonyPrice = v.object(
  {
    FS_TYPE: v.picklist(FS_TYPES, ANSWER),
    FS_CONTENT: v.string(ANSWER),
    MANY: v.string(ANSWER),
    PRICE: v.number(ANSWER),
  },
  ANSWER,
);
export type CeremonyPrice = v.InferOutput<typeof ceremonyPrice>;

/** A ceremony type with its price map and its daily slots. */
export const ceremonyTypeDetail = v.object(
  {
    ...ceremonyTypeItem.entries,
    priceList: v.array(ceremonyPrice, ANSWER),
    SLOTS: v.array(v.string(ANSWER), ANSWER),
  },
  ANSWER,
);
export type CeremonyTypeDetail = v.InferOutput<typeof ceremonyTypeDetail>;

/**
 * A calendar day: DATE_STR (no leading zeros), slot → sessions left, and the server's verdict:
 * BOOKABLE, and REFUSAL, why not (`bookingRefusal`'s message), null when bookable.
 */
export const calendarDay = v.object(
  {
    DATE_STR: v.string(ANSWER),
    TIME_MAP: v.record(v.string(ANSWER), v.number(ANSWER), ANSWER),
    BOOKABLE: v.boolean(ANSWER),
    REFUSAL: v.nullable(v.string(ANSWER), null),
  },
  ANSWER,
);
export type CalendarDay = v.InferOutput<typeof calendarDay>;

/** The calendar data (000 section 7, 002 section 3): sessions per day, festivals, assembly days. */
export const calendarData = v.object(
  {
    startDate: v.string(ANSWER),
    endDate: v.string(ANSWER),
    fsDataCcList: v.array(calendarDay, ANSWER),
    jrDataList: v.array(v.object({ YL_DATE: v.string(ANSWER), NAME: v.string(ANSWER) }, ANSWER), ANSWER),
    hoeDataList: v.array(
      v.object({ HOE_DATE: v.string(ANSWER), HOE_NAME: v.string(ANSWER) }, ANSWER),
      ANSWER,
    ),
  },
  ANSWER,
);
export type CalendarData = v.InferOutput<typeof calendarData>;

const wireDate = (message: string) =>
  v.pipe(v.string(message), v.regex(DATE_PATTERN, message), v.check(isCalendarDate, message));

/**
 * A calendar query: both dates or neither (then 002's default range), the end not before the
 * start, at most `maxRangeDays` days.
 */
export const calendarRangeRequest = v.pipe(
  v.object(
    {
      startDate: v.optional(wireDate(CEREMONY_MESSAGES.date)),
      endDate: v.optional(wireDate(CEREMONY_MESSAGES.date)),
    },
    CEREMONY_MESSAGES.date,
  ),
  v.check(
    (q) =>
      (q.startDate === undefined) === (q.endDate === undefined) &&
      (q.startDate === undefined ||
        q.endDate === undefined ||
        (daysBetween(q.startDate, q.endDate) >= 0 &&
          daysBetween(q.startDate, q.endDate) < CEREMONY_RULES.maxRangeDays)),
    CEREMONY_MESSAGES.range,
  ),
);
export type CalendarRangeRequest = v.InferOutput<typeof calendarRangeRequest>;

const fsTypeParam = v.picklist(FS_TYPES, CEREMONY_MESSAGES.unknownType);

// ---------------------------------------------------------------------------------------------
// The order (type 2).

/** Pictographs (emoji) and their joiners and presentation selectors. */
const EMOJI = /\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}]|\u200d|\ufe0f/u;

/** The cause (缘由): at most 300 characters, no emoji (000 section 5), no control characters but newlines. */
export const causeRefusal = (cause: string): string | null =>
  [...cause].length > CEREMONY_RULES.causeLength || EMOJI.test(cause) || !LINES_NO_CONTROL.test(cause)
    ? CEREMONY_MESSAGES.cause
    : null;

const freeText = (message: string, max: number) =>
  v.pipe(v.optional(v.string(message), ''), v.maxLength(max, message), v.regex(NO_CONTROL, message));

/** A text block (WS_FG_JY, WS_YS, WS_FG_ZZ): lines of the entries, newlines allowed. */
const textBlock = v.pipe(
  v.optional(v.string(CEREMONY_MESSAGES.text), ''),
  v.maxLength(2000, CEREMONY_MESSAGES.text),
  v.regex(LINES_NO_CONTROL, CEREMONY_MESSAGES.text),
);

const entryList = <S extends v.GenericSchema>(entry: S) =>
  v.pipe(
    v.optional(v.array(entry, CEREMONY_MESSAGES.orderIncomplete), []),
    v.maxLength(CEREMONY_RULES.maxEntries, CEREMONY_MESSAGES.entryLimit),
  );

/** The order's shape; `entries` judge the dated entries (birth and death dates) on their day. */
const orderObjectWith = (entries: { jy: typeof ceremonyJyEntry; zz: typeof ceremonyZzEntry }) =>
  v.object(
    {
      type: v.literal(ORDER_TYPES.ceremony, CEREMONY_MESSAGES.orderType),
      CHANNEL: v.literal(CEREMONY_RULES.channel, CEREMONY_MESSAGES.channel),
      FS_TYPE: v.picklist(FS_TYPES, CEREMONY_MESSAGES.chooseType),
      FS_DATE: wireDate(CEREMONY_MESSAGES.date),
      FS_TIME: wireText(CEREMONY_MESSAGES.chooseTime, 20),
      MANY: wireText(CEREMONY_MESSAGES.unknownTier, 20),
      GDJ_TOTAL: yuanAmount(CEREMONY_MESSAGES.totalMismatch),
      // None chosen is an option left unconfirmed, as the screen says it (000 §5); an unknown one
      // finds no price (请确认选项 too); 该佛事没有此牌位类型 is for what no screen sends.
      FS_CONTENT: v.pipe(
        v.string(CEREMONY_MESSAGES.unknownTablet),
        v.nonEmpty(CEREMONY_MESSAGES.unknownTier),
        v.maxLength(20, CEREMONY_MESSAGES.unknownTablet),
        v.regex(NO_CONTROL, CEREMONY_MESSAGES.unknownTablet),
      ),
      FS_ADDRESS: freeText(CEREMONY_MESSAGES.text, 100),
      FS_CAUSE: v.pipe(
        v.optional(v.string(CEREMONY_MESSAGES.cause), ''),
        v.check((cause) => causeRefusal(cause) === null, CEREMONY_MESSAGES.cause),
      ),
      REMARK: freeText(CEREMONY_MESSAGES.text, 300),
      MOBILE: phoneSchema,
      WS_FG_JY: textBlock,
      WS_YS: textBlock,
      WS_FG_ZZ: textBlock,
      PAY_METHOD: v.literal(CEREMONY_RULES.payMethod, CEREMONY_MESSAGES.payMethod),
      MONEY: v.literal(CEREMONY_RULES.money, CEREMONY_MESSAGES.money),
      BLR: v.literal(CEREMONY_RULES.blr, CEREMONY_MESSAGES.channel),
      JF_DATE: v.pipe(
        v.string(CEREMONY_MESSAGES.jfDate),
        v.regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, CEREMONY_MESSAGES.jfDate),
      ),
      jyList: entryList(entries.jy),
      zzList: entryList(entries.zz),
      ysList: entryList(ceremonyYsEntry),
    },
    CEREMONY_MESSAGES.orderIncomplete,
  );
type OrderShape = v.InferOutput<ReturnType<typeof orderObjectWith>>;

/**
 * Whether the entries fit the type: deceased (1), each with its own yang-shang names (ysList has
 * one row per jyList entry, in its order), or blessing (2) alone.
 */
export const ceremonyEntriesRefusal = (
  order: Pick<OrderShape, 'FS_TYPE' | 'jyList' | 'zzList' | 'ysList'>,
): string | null => {
  const own = order.FS_TYPE === '1' ? order.jyList : order.zzList;
  const other = order.FS_TYPE === '1' ? order.zzList : order.jyList;
  if (other.length > 0 || (order.FS_TYPE === '2' && order.ysList.length > 0))
    return CEREMONY_MESSAGES.entryKind;
  if (own.length === 0) return CEREMONY_MESSAGES.addEntry;
  if (order.FS_TYPE === '1' && order.ysList.length !== order.jyList.length)
    return CEREMONY_MESSAGES.petitioner;
  return null;
};

const orderRequestWith = (entries: { jy: typeof ceremonyJyEntry; zz: typeof ceremonyZzEntry }) =>
  v.pipe(
    orderObjectWith(entries),
    v.rawCheck<OrderShape>(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const refusal = ceremonyEntriesRefusal(dataset.value);
      if (refusal) addIssue({ message: refusal });
    }),
  );

/**
 * The booking (type 2) as the browser sends it in `jsonObject` (000 section 3), its entries'
 * dates judged on the browser's day. The rules that need the server's tables (the price, the
 * slot, the bookable day, the sessions left) are the server's, with `bookingRefusal`.
 */
export const ceremonyOrderRequest = orderRequestWith({ jy: ceremonyJyEntry, zz: ceremonyZzEntry });
/** The booking judged on a given day (YYYY-MM-DD): the server's schema, on its clock's temple day. */
export const ceremonyOrderRequestOn = (today: string) => orderRequestWith(ceremonyEntriesOn(today));
export type CeremonyOrderRequest = v.InferOutput<typeof ceremonyOrderRequest>;
export type CeremonyOrderInput = v.InferInput<typeof ceremonyOrderRequest>;

// ---------------------------------------------------------------------------------------------
// The calls (000 section 7, 002 section 7).

const calendarEndpoint = (path: string) =>
  endpoint({ method: 'GET', path, request: calendarRangeRequest, response: portalEnvelope(calendarData) });

export const ceremonyApi = {
  /** The ceremony types (002 section 7). */
  fsList: endpoint({
    method: 'GET',
    path: '/portal/rs/fsapi/findByFsList',
    request: null,
    response: portalEnvelope(v.object({ ls: v.array(ceremonyTypeItem, ANSWER) }, ANSWER)),
  }),
  /** One ceremony type with its price map and slots. */
  fsByType: endpoint({
    method: 'GET',
    path: '/portal/rs/fsapi/selectByFsType',
    request: v.object({ fsType: fsTypeParam }, CEREMONY_MESSAGES.unknownType),
    response: portalEnvelope(ceremonyTypeDetail),
  }),
  /** The ceremony types with their images (000 section 7). */
  pwList: endpoint({
    method: 'GET',
    path: '/portal/rs/pwapi/findByPwList',
    request: null,
    response: portalEnvelope(v.object({ ls: v.array(ceremonyTypeItem, ANSWER) }, ANSWER)),
  }),
  /** The price map of a ceremony type, as JSON data (the original answered text to evaluate). */
  pwByType: endpoint({
    method: 'GET',
    path: '/portal/rs/pwapi/selectByPwType',
    request: v.object({ pwType: fsTypeParam }, CEREMONY_MESSAGES.unknownType),
    response: portalEnvelope(v.array(ceremonyPrice, ANSWER)),
  }),
  /** The booking calendar: sessions left per day and slot, festivals, assembly days. */
  calendar: calendarEndpoint('/portal/rs/pw-api/v1/pw/getQueryTabData'),
  /** The same data over an interval (002 section 7), 002's default range when none is given. */
  calendarInterval: calendarEndpoint('/portal/rs/buddhism-api/v1/buddhism/getCalendarIntervalDataList'),
  order: endpoint({
    method: 'POST',
    path: '/portal/rs/payapi/v1/pay/prePay',
    request: ceremonyOrderRequest,
    response: prePayAnswer,
    encoding: 'jsonObject',
  }),
};
