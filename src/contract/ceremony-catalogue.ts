import * as v from 'valibot';
import { FS_TYPES, type FsType } from './address-keys';
import { CEREMONY_RULES } from './ceremony';
import {
  CONTROL_REFUSED,
  LINES_NO_CONTROL,
  MARKUP_REFUSED,
  NO_CONTROL,
  noMarkup,
  textLine,
  wholeNumber,
} from './wire';

/**
 * The single-family ceremonies (佛事设置) as 内容 staff keep them in the console (issue 25, scope 2):
 * each ceremony type (往生 1, 延生 2: the contract's FS_TYPES, fixed, since the booking's entries
 * follow the type) with its name, photograph, description and price table (tablet type × tier);
 * the day's slots with their sessions, the same every day the temple takes bookings (a day it does
 * not is closed in 佛事日历). One rule set for the console's form and the server. A price or a slot
 * that live bookings hold is withdrawn (停止预约: no new booking; bookings made keep their place),
 * never deleted; a price change never alters a booking made (it keeps its amount).
 */
export const CEREMONY_CATALOGUE_MESSAGES = {
  nameEmpty: '请输入佛事名称',
  nameTooLong: '佛事名称最多12个字',
  textInvalid: CONTROL_REFUSED,
  markup: MARKUP_REFUSED,
  imageInvalid: '图片地址无效，请重新上传',
  particularsEmpty: '请输入佛事介绍',
  particularsTooLong: '佛事介绍最多500个字',
  pricesEmpty: '请至少设置一种牌位价格',
  pricesTooMany: '价格最多设置30种',
  tabletTypeEmpty: '请输入牌位类型',
  tabletTypeTooLong: '牌位类型最多10个字',
  tierEmpty: '请输入堂数，如“一堂”',
  tierTooLong: '堂数最多10个字',
  /** Not below the deposit paid online (the rest is paid at the temple). */
  priceInvalid: `价格为${CEREMONY_RULES.money}至1000000元的整数`,
  priceTwice: '同一牌位类型与堂数只能设置一次',
  withdrawnInvalid: '“停止预约”选项不正确',
  versionInvalid: '版本号不正确',
  notFound: '未找到该佛事类型',
  priceInUse: (tabletType: string, tier: string) =>
    `“${tabletType}·${tier}”已有预约，不能删除；如不再接受预约，请勾选“停止预约”`,
  slotsEmpty: '请至少设置一个时段',
  slotsTooMany: '时段最多设置12个',
  timeLabelInvalid: '时段请按“08:30-10:00”填写，开始早于结束',
  timeLabelTwice: '同一时段只能设置一次',
  slotsOverlap: '时段之间不能重叠',
  sessionsInvalid: '场次为1至20的整数',
  slotInUse: (timeLabel: string) => `“${timeLabel}”已有预约，不能删除；如不再接受预约，请勾选“停止预约”`,
  sessionsBelowHeld: (timeLabel: string, day: string, held: number) =>
    `${day} 的“${timeLabel}”已有${held}场预约，场次不能少于${held}`,
  /** What a believer reads when booking what the temple withdrew. */
  priceWithdrawn: '该牌位类型已停止预约，请重新选择',
  slotWithdrawn: '该时段已停止预约，请选择其他时间',
} as const;

const M = CEREMONY_CATALOGUE_MESSAGES;

/** What each fixed type is for, as the console names it beside the temple's own name. */
export const CEREMONY_TYPE_KINDS: Record<FsType, string> = {
  '1': '往生（超荐亡故亲人）',
  '2': '延生（为在世亲眷祈福）',
};

/** The highest price of one tablet type × tier (yuan). */
export const MAX_CEREMONY_PRICE_YUAN = 1_000_000;
export const MAX_CEREMONY_PRICES = 30;
export const MAX_SLOTS = 12;
export const MAX_SESSIONS = 20;

export const ceremonyPriceRowSchema = v.object(
  {
    /** FS_CONTENT of a booking (the order takes up to 20 characters). */
    tabletType: textLine(M.tabletTypeEmpty, 10, M.tabletTypeTooLong),
    /** MANY of a booking: 一堂, 三堂… */
    tier: textLine(M.tierEmpty, 10, M.tierTooLong),
    priceYuan: wholeNumber(M.priceInvalid, CEREMONY_RULES.money, MAX_CEREMONY_PRICE_YUAN),
    /** No new booking; bookings made keep their place. */
    withdrawn: v.boolean(M.withdrawnInvalid),
  },
  M.tabletTypeEmpty,
);
export type CeremonyPriceRow = v.InferOutput<typeof ceremonyPriceRowSchema>;

const pairKey = (row: { tabletType: string; tier: string }) => `${row.tabletType}\u0000${row.tier}`;

const ceremonyTypeDraftObject = v.object(
  {
    name: textLine(M.nameEmpty, 12, M.nameTooLong),
    /** '' (the drawn art), or an image uploaded in the console (the server checks it is ours). */
    image: v.pipe(
      v.string(M.imageInvalid),
      v.trim(),
      v.maxLength(200, M.imageInvalid),
      v.regex(NO_CONTROL, M.imageInvalid),
    ),
    particulars: v.pipe(
      v.string(M.particularsEmpty),
      v.trim(),
      v.nonEmpty(M.particularsEmpty),
      v.maxLength(500, M.particularsTooLong),
      v.regex(LINES_NO_CONTROL, M.textInvalid),
      noMarkup(M.markup),
    ),
    prices: v.pipe(
      v.array(ceremonyPriceRowSchema, M.pricesEmpty),
      v.minLength(1, M.pricesEmpty),
      v.maxLength(MAX_CEREMONY_PRICES, M.pricesTooMany),
      v.check((rows) => new Set(rows.map(pairKey)).size === rows.length, M.priceTwice),
    ),
  },
  M.nameEmpty,
);

/** A ceremony type as the form edits it (and the server stores it). */
export const ceremonyTypeDraftSchema = ceremonyTypeDraftObject;
export type CeremonyTypeDraft = v.InferOutput<typeof ceremonyTypeDraftSchema>;

// ---- slots ----

const TIME_LABEL = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/;

/** The minutes of a slot's start and end (08:30-10:00 → [510, 600]), or null when not a slot. */
export const slotMinutes = (label: string): [number, number] | null => {
  const m = TIME_LABEL.exec(label);
  if (!m) return null;
  const [, h1, m1, h2, m2] = m.map(Number) as [number, number, number, number, number];
  const range: [number, number] = [h1 * 60 + m1, h2 * 60 + m2];
  return range[0] < range[1] ? range : null;
};

export const ceremonySlotSchema = v.object(
  {
    /** FS_TIME of a booking: 08:30-10:00. */
    timeLabel: v.pipe(
      v.string(M.timeLabelInvalid),
      v.trim(),
      v.check((label) => slotMinutes(label) !== null, M.timeLabelInvalid),
    ),
    /** Bookings one slot takes on one day. */
    sessions: wholeNumber(M.sessionsInvalid, 1, MAX_SESSIONS),
    withdrawn: v.boolean(M.withdrawnInvalid),
  },
  M.timeLabelInvalid,
);
export type CeremonySlot = v.InferOutput<typeof ceremonySlotSchema>;

/** Whether two of the slots share a minute (the slots are in any order). */
export const slotsOverlap = (slots: readonly { timeLabel: string }[]): boolean => {
  const ranges = slots
    .map((slot) => slotMinutes(slot.timeLabel))
    .filter((range): range is [number, number] => range !== null)
    .sort((a, b) => a[0] - b[0]);
  return ranges.some((range, k) => k > 0 && range[0] < (ranges[k - 1] as [number, number])[1]);
};

export const ceremonySlotsDraftSchema = v.pipe(
  v.array(ceremonySlotSchema, M.slotsEmpty),
  v.minLength(1, M.slotsEmpty),
  v.maxLength(MAX_SLOTS, M.slotsTooMany),
  v.check((slots) => new Set(slots.map((slot) => slot.timeLabel)).size === slots.length, M.timeLabelTwice),
  v.check((slots) => !slotsOverlap(slots), M.slotsOverlap),
);
export type CeremonySlotsDraft = v.InferOutput<typeof ceremonySlotsDraftSchema>;

// ---- requests and answers ----

const version = v.pipe(
  v.number(M.versionInvalid),
  v.integer(M.versionInvalid),
  v.minValue(1, M.versionInvalid),
);

export const ceremonyTypeParam = v.picklist(FS_TYPES, M.notFound);

export const ceremonyTypeSaveSchema = v.object({ type: ceremonyTypeDraftSchema, version }, M.versionInvalid);
export type CeremonyTypeSave = v.InferOutput<typeof ceremonyTypeSaveSchema>;

export const ceremonySlotsSaveSchema = v.object(
  { slots: ceremonySlotsDraftSchema, version },
  M.versionInvalid,
);
export type CeremonySlotsSave = v.InferOutput<typeof ceremonySlotsSaveSchema>;

/** One ceremony type as its form reads it: each price with the live bookings that hold it. */
export const ceremonyTypeAnswerSchema = v.object({
  fsType: v.picklist(FS_TYPES),
  version: v.number(),
  type: v.object({
    ...v.omit(ceremonyTypeDraftObject, ['prices']).entries,
    prices: v.array(
      v.object({
        ...ceremonyPriceRowSchema.entries,
        /** Bookings from today on that hold a session at this price: it cannot be deleted. */
        liveOrders: v.number(),
      }),
    ),
  }),
});
export type CeremonyTypeAnswer = v.InferOutput<typeof ceremonyTypeAnswerSchema>;

/** The slots as their form reads them: each with its live bookings and its fullest day. */
export const ceremonySlotsAnswerSchema = v.object({
  version: v.number(),
  slots: v.array(
    v.object({
      ...ceremonySlotSchema.entries,
      /** Bookings from today on that hold a session of this slot: it cannot be deleted. */
      liveOrders: v.number(),
      /** The day from today on with the most sessions held (sessions cannot go below it). */
      fullest: v.nullable(v.object({ day: v.string(), held: v.number() })),
    }),
  ),
});
export type CeremonySlotsAnswer = v.InferOutput<typeof ceremonySlotsAnswerSchema>;

/** 佛事设置: the types (a line each) and the slots. */
export const ceremonyCatalogueSchema = v.object({
  types: v.array(
    v.object({
      fsType: v.picklist(FS_TYPES),
      name: v.string(),
      image: v.string(),
      prices: v.number(),
      withdrawnPrices: v.number(),
      /** The lowest price offered (yuan), null when none is. */
      fromYuan: v.nullable(v.number()),
    }),
  ),
  slots: ceremonySlotsAnswerSchema,
});
export type CeremonyCatalogue = v.InferOutput<typeof ceremonyCatalogueSchema>;
