import * as v from 'valibot';
import { endpoint, portalEnvelope } from './envelope';
import { assemblyJyEntryFor, assemblyZzEntryFor, type EntryLimit } from './memorial-entry';
import { ONLINE_LIMIT_FEN, OVER_LIMIT_MESSAGE, yuanToFen } from './money';
import { ORDER_TYPES } from './order-types';
import { prePayAnswer } from './payment';
import { phoneSchema } from './phone';
import { NO_CONTROL, wholeNumber, wholeNumberParam, wireText, yuanAmount } from './wire';

/**
 * Dharma assemblies (法会): the list, the detail with its price map, the merit items, the tablet
 * preview's style facts and the registration order (type 1), as spec 000 sections 2-5 and 001
 * sections 3-5 give them. Money is yuan on the wire.
 */

/** The assembly types (FH) the temple offers; 延往生 registers deceased or blessing entries. */
export const HOE_TYPES = ['往生', '延生', '延往生'] as const;
export type HoeType = (typeof HOE_TYPES)[number];
/** The kinds of entry (the memorial-entry dialogs): deceased (jyList) and blessing (zzList). */
export type EntryKind = '往生' | '延生';

export const ASSEMBLY_RULES = {
  minQuantity: 1,
  maxQuantity: 10,
  /** The free and the voluntary merit amount: whole yuan, at least this much. */
  minAmount: 10,
  /** The merit amounts offered as choices beside the free amount input (yuan). */
  amountChoices: [50, 100, 200, 500] as const,
  maxMeritCount: 10_000,
  /** Entries of one order where "any number" may be added (assemblies with a leader tablet). */
  maxEntries: 20,
  /** Unpaid registrations one believer may hold at once (a hold lasts 15 minutes, or 7 days as a reservation). */
  maxUnpaidHolds: 3,
  /** Blessing names: 6 characters, 4 in the wisdom assembly (000 section 5). */
  blessingNameLength: 6,
  wisdomBlessingNameLength: 4,
  /** What the order is on the wire: DATA_SOURCE, PAY_METHOD, CHANNEL (000 sections 3, 9). */
  dataSource: '3',
  payMethod: '3',
  channel: 'pc',
} as const;

/** The spec's messages (000 section 5, 001 sections 4-5) and the site's own in the same voice. */
export const ASSEMBLY_MESSAGES = {
  /** The login dialog's notice when a visitor submits the registration (awaitLogin). */
  loginFirst: '请先登录，登录后将继续您的报名',
  unknownAssembly: '该法会不存在或已结束',
  chooseHoeType: '请选择法会类型!',
  chooseTabletType: '请选择类型!',
  chooseAmount: '请选择功德金!',
  /** 延往生: deceased or blessing is chosen before the entry dialog opens. */
  chooseEntryKind: '请选择类型',
  unknownHoeType: '该法会没有此法会类型',
  /** The type was withdrawn from the console: registrations made keep their place. */
  hoeTypeWithdrawn: '该法会类型已停止报名，请选择其他类型或联系客堂',
  unknownTabletType: '该法会类型没有此牌位类型',
  tabletNotOffered: '该法会类型不能选择此牌位类型',
  addEntry: '请添加明细信息',
  agree: '请勾选协议！',
  oneEntryOnly: '该法会每单限登记一位',
  tooManyEntries: (quantity: number) => `明细最多添加${quantity}条，与数量一致`,
  entriesShort: (quantity: number, entries: number) =>
    `数量为${quantity}，请添加${quantity}条明细（已添加${entries}条）`,
  entryLimit: `每单最多添加${ASSEMBLY_RULES.maxEntries}条明细`,
  entryKind: '明细类型与法会类型不符',
  sevenGenerations: '七世父母仅限盂兰盆报恩法会登记',
  wisdomName: `请输入${ASSEMBLY_RULES.wisdomBlessingNameLength}个中文或英文字符`,
  quantity: `数量为${ASSEMBLY_RULES.minQuantity}至${ASSEMBLY_RULES.maxQuantity}`,
  quantityFixed: '该牌位类型不可选择数量',
  meritCount: `功德数量为0至${ASSEMBLY_RULES.maxMeritCount}`,
  unknownMeritItem: '该功德项目不存在或已下架',
  meritTwice: '同一功德项目请只添加一次',
  amountTooSmall: `功德金不能少于${ASSEMBLY_RULES.minAmount}元`,
  amountWhole: '功德金请填写整数',
  amountInvalid: '功德金不正确',
  gdjMismatch: '功德金与法会价格不符，请刷新页面后重试',
  totalMismatch: '订单金额与法会价格不符，请刷新页面后重试',
  datesChanged: '法会日期已变更，请刷新页面后重试',
  overLimit: OVER_LIMIT_MESSAGE,
  soldOut: '该法会名额已满，请选择其他类型或联系客堂',
  holdCap: `您已有${ASSEMBLY_RULES.maxUnpaidHolds}个未完成支付的法会报名，请先完成支付或等候其释放后再报名`,
  orderIncomplete: '订单内容不完整，请刷新页面后重试',
  orderType: '订单类型不正确',
  channel: '下单渠道不正确',
  dataSource: '订单来源不正确',
  payMethod: '支付方式不正确',
  date: '日期格式不正确',
  previewNote: '效果图仅供参考，以实际打印为准',
} as const;

// ---------------------------------------------------------------------------------------------
// Option rules (001 section 4) and the order-level rules (000 section 5), pure.

/**
 * The tablet types (PW) offered for an assembly type (FH): 延往生 keeps the types with 会首; in
 * the general water-land ceremony 往生 keeps the types containing 往生, 延生 those containing 延生.
 */
export const tabletTypesFor = (
  hoeType: string,
  tabletTypes: readonly string[],
  { waterLand }: { waterLand: boolean },
): string[] => {
  if (hoeType === '延往生') return tabletTypes.filter((t) => t.includes('会首'));
  if (waterLand && (hoeType === '往生' || hoeType === '延生'))
    return tabletTypes.filter((t) => t.includes(hoeType));
  return [...tabletTypes];
};

/** The quantity stepper is on for big/small merit or lucky tablets; off for 会首 types and 无. */
export const isQuantityEnabled = (tabletType: string): boolean =>
  tabletType !== '无' && !tabletType.includes('会首') && /大功德主|小功德主|吉祥/.test(tabletType);

/**
 * The entry dialogs an assembly type opens: 往生 the deceased dialog, 延生 the blessing dialog,
 * 延往生 either, chosen first (请选择类型 when none is chosen).
 */
export const entryDialogsFor = (hoeType: string): EntryKind[] =>
  hoeType === '延往生'
    ? ['往生', '延生']
    : hoeType === '往生'
      ? ['往生']
      : hoeType === '延生'
        ? ['延生']
        : [];

/** Whether the entry dialog can open: 延往生 needs deceased or blessing chosen first. */
export const entryKindMessage = (hoeType: string, chosen: EntryKind | null): string | null =>
  entryDialogsFor(hoeType).length > 1 && chosen === null ? ASSEMBLY_MESSAGES.chooseEntryKind : null;

/** How the merit amount (HOE_GDJ) is chosen: the price map's, or free (the free-amount assembly, tablet type 无). */
export const gdjModeOf = (tabletType: string, { freeAmount }: { freeAmount: boolean }): 'fixed' | 'free' =>
  freeAmount || tabletType === '无' ? 'free' : 'fixed';

/** The longest blessing name: 4 in the wisdom assembly, 6 elsewhere. */
export const blessingNameLength = ({ wisdom }: { wisdom: boolean }): number =>
  wisdom ? ASSEMBLY_RULES.wisdomBlessingNameLength : ASSEMBLY_RULES.blessingNameLength;

export interface AssemblyEntryFacts {
  /** QUANTITY as counted (`countedQuantity`: one where the stepper is off). */
  quantity: number;
  /** The two new-year-eve assemblies: exactly one entry. */
  newYearEve: boolean;
  /** Assemblies with a leader tablet: any number of entries (up to `maxEntries`). */
  leaderTablet: boolean;
}

export interface AssemblyOrderFacts extends AssemblyEntryFacts {
  /** Entries added (deceased and blessing together). */
  entries: number;
  agreed: boolean;
}

/**
 * The entries an assembly order takes (000 section 5): exactly one in the two new-year-eve
 * assemblies; at least QUANTITY, and any number up to `maxEntries` with a leader tablet;
 * otherwise exactly QUANTITY ("must reach the quantity", "up to QUANTITY").
 */
export const assemblyEntryLimit = (facts: AssemblyEntryFacts): EntryLimit => {
  if (facts.newYearEve) return { min: 1, max: 1, full: ASSEMBLY_MESSAGES.oneEntryOnly };
  if (facts.leaderTablet)
    return { min: facts.quantity, max: ASSEMBLY_RULES.maxEntries, full: ASSEMBLY_MESSAGES.entryLimit };
  return { min: facts.quantity, max: facts.quantity, full: ASSEMBLY_MESSAGES.tooManyEntries(facts.quantity) };
};

/**
 * The order-level rules in their order (000 section 5): at least one entry, the agreement, no
 * more entries than the limit allows, then as many as QUANTITY asks. Answers the first message,
 * or null when the order may go. The editor, the order machine and the server all judge with it.
 */
export const judgeAssemblyOrder = (facts: AssemblyOrderFacts): string | null => {
  const limit = assemblyEntryLimit(facts);
  if (facts.entries < 1) return ASSEMBLY_MESSAGES.addEntry;
  if (!facts.agreed) return ASSEMBLY_MESSAGES.agree;
  if (facts.entries > limit.max) return limit.full;
  return facts.entries < limit.min ? ASSEMBLY_MESSAGES.entriesShort(limit.min, facts.entries) : null;
};

export interface AssemblyPriceFacts {
  tabletType: string;
  /** The tablet's price from the price map (yuan). */
  tabletPrice: number;
  /** The merit amount (yuan): the price map's, or the free one. */
  gdj: number;
  quantity: number;
  merit: readonly { unitPrice: number; count: number }[];
}

/** The tablet's quantity counted: QUANTITY where the stepper is on, else one. */
export const countedQuantity = (tabletType: string, quantity: number): number =>
  isQuantityEnabled(tabletType) ? quantity : 1;

/** The order's total in fen: tablet price × quantity (where it applies) + merit amount + merit items. */
export const assemblyTotalFen = (facts: AssemblyPriceFacts): number =>
  yuanToFen(facts.tabletPrice) * countedQuantity(facts.tabletType, facts.quantity) +
  yuanToFen(facts.gdj) +
  facts.merit.reduce((sum, line) => sum + yuanToFen(line.unitPrice) * line.count, 0);

/**
 * Above 10000 yuan the believer is sent to the temple (功德金超过10000，请前往寺庙办理), except in
 * the general water-land ceremony (001 section 5), whose leader tablets cost more: there a total
 * above the online limit is a reservation, paid at the temple (`isReservation`).
 */
export const isOverLimit = (totalFen: number, { waterLand }: { waterLand: boolean }): boolean =>
  !waterLand && totalFen > ONLINE_LIMIT_FEN;

/** A water-land registration above the online limit is held 7 days and paid at the temple. */
export const isReservation = (totalFen: number, { waterLand }: { waterLand: boolean }): boolean =>
  waterLand && totalFen > ONLINE_LIMIT_FEN;

/** A merit item's count the order takes (000 §5 "merit counts min 0"): a whole number from 0 to 10000. */
export const isMeritCount = (count: number): boolean =>
  Number.isInteger(count) && count >= 0 && count <= ASSEMBLY_RULES.maxMeritCount;

/** A merit item's count as the stepper keeps it: from 0, a count above 10000 set to 10000. */
export const clampMeritCount = (count: number): number =>
  Math.min(ASSEMBLY_RULES.maxMeritCount, Math.max(0, Math.round(count) || 0));

/** HOE_YL_TIME 'YYYY-MM-DD至YYYY-MM-DD' split into start and end (one day: both the same). */
export const splitSolarRange = (range: string): { start: string; end: string } => {
  const [start = '', end] = range.split('至');
  return { start: start.trim(), end: (end ?? start).trim() };
};

// ---------------------------------------------------------------------------------------------
// Wire shapes.

const ANSWER = '法会的数据有误';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** An assembly as the list shows it (000 section 3). */
export const hoeListItem = v.object(
  {
    HOE_NAME: v.string(ANSWER),
    HOE_YEAR: v.number(ANSWER),
    HOE_NL_TIME: v.string(ANSWER),
    HOE_YL_TIME: v.string(ANSWER),
    IMAGE: v.string(ANSWER),
    PARTICULARS: v.string(ANSWER),
  },
  ANSWER,
);
export type HoeListItem = v.InferOutput<typeof hoeListItem>;

/** An assembly type with its places left (null: unlimited). */
export const hoeTypeAnswer = v.object(
  { HOE_TYPE: v.string(ANSWER), PLACES_LEFT: v.nullable(v.number(ANSWER)) },
  ANSWER,
);

/** The detail: the list's fields, the assembly types, and the special rules as explicit flags. */
export const hoeDetail = v.object(
  {
    ...hoeListItem.entries,
    HOE_TYPES: v.array(hoeTypeAnswer, ANSWER),
    /** Has a leader (会首) tablet: any number of entries. */
    LEADER_TABLET: v.boolean(ANSWER),
    /** One of the two new-year-eve assemblies: exactly one entry. */
    NEW_YEAR_EVE: v.boolean(ANSWER),
    /** The festival whose deceased seats include 七世父母 (盂兰盆). */
    SEVEN_GENERATIONS: v.boolean(ANSWER),
    /** The wisdom assembly: blessing names of at most 4 characters. */
    WISDOM: v.boolean(ANSWER),
    /** The merit-amount choice with a free amount (minimum 10). */
    FREE_AMOUNT: v.boolean(ANSWER),
    /** The general water-land ceremony (its 往生/延生 tablet filter). */
    WATER_LAND: v.boolean(ANSWER),
  },
  ANSWER,
);
export type HoeDetail = v.InferOutput<typeof hoeDetail>;

/** One cell of the price map: assembly type × tablet type, the tablet's price and the merit amount (yuan). */
export const tabletGdj = v.object(
  {
    HOE_TYPE: v.string(ANSWER),
    TABLET_TYPE: v.string(ANSWER),
    TABLET_PRICE: v.number(ANSWER),
    GDJ: v.number(ANSWER),
  },
  ANSWER,
);
export type TabletGdj = v.InferOutput<typeof tabletGdj>;

/** A merit item of an assembly type (000 section 3): CNNAME, EXTINT1 (unit price, yuan), ITEMNO. */
export const assemblyMeritItem = v.object(
  { CNNAME: v.string(ANSWER), EXTINT1: v.number(ANSWER), ITEMNO: v.string(ANSWER) },
  ANSWER,
);
export type AssemblyMeritItem = v.InferOutput<typeof assemblyMeritItem>;

/** How a tablet of one entry kind is written (the temple's phrases, tablet-phrases.ts) and coloured. */
export const tabletStyle = v.object(
  {
    KIND: v.picklist(['往生', '延生'], ANSWER),
    /** The heading across the top: 佛力超荐 (deceased) or 佛光注照 (blessing). */
    HEADING: v.string(ANSWER),
    /** Before a deceased name where a seat applies (故), empty for blessings. */
    PREFIX: v.string(ANSWER),
    /** After the names: 之莲位 or 长生禄位. */
    SUFFIX: v.string(ANSWER),
    /** Before the yang-shang names (阳上) and after them (敬荐); empty for blessings. */
    PETITIONER_LABEL: v.string(ANSWER),
    PETITIONER_SUFFIX: v.string(ANSWER),
    /** Paper, ink and border colours (#rrggbb). */
    PAPER: v.string(ANSWER),
    INK: v.string(ANSWER),
    BORDER: v.string(ANSWER),
  },
  ANSWER,
);
export type TabletStyle = v.InferOutput<typeof tabletStyle>;

/** The tablet preview's facts for an assembly type × tablet type: size, styles per entry kind, the note. */
export const tabletPreview = v.object(
  {
    HOE_NAME: v.string(ANSWER),
    HOE_TYPE: v.string(ANSWER),
    TABLET_TYPE: v.string(ANSWER),
    /** large: 会首 and big merit; medium: small merit; small: lucky and 无. */
    SIZE: v.picklist(['large', 'medium', 'small'], ANSWER),
    STYLES: v.array(tabletStyle, ANSWER),
    NOTE: v.string(ANSWER),
  },
  ANSWER,
);
export type TabletPreview = v.InferOutput<typeof tabletPreview>;

const hoeName = wireText(ASSEMBLY_MESSAGES.unknownAssembly, 40);
const hoeYearParam = wholeNumberParam(ASSEMBLY_MESSAGES.unknownAssembly);
const hoeTypeParam = wireText(ASSEMBLY_MESSAGES.unknownHoeType, 10);
const tabletTypeParam = wireText(ASSEMBLY_MESSAGES.unknownTabletType, 20);

// ---------------------------------------------------------------------------------------------
// The order (type 1).

/**
 * The entries as the assembly's own rules judge them (the memorial-entry dialogs' rules): 七世父母
 * only in the festival that offers it, 4-character blessing names in the wisdom assembly.
 */
export const assemblyEntrySchemas = ({
  sevenGenerations,
  wisdom,
}: {
  sevenGenerations: boolean;
  wisdom: boolean;
}) => ({
  jy: assemblyJyEntryFor({ sevenGenerations }),
  zz: assemblyZzEntryFor({ blessingNameLength: wisdom ? 4 : 6 }),
});
/** The widest rules of any assembly: what the order's schema accepts before the assembly is known. */
const anyAssemblyEntries = assemblyEntrySchemas({ sevenGenerations: true, wisdom: false });

/** One merit line of the order: the item's code, the count, and the line's yuan. */
export const assemblyMeritLine = v.object(
  {
    MERIT_ITEM: wireText(ASSEMBLY_MESSAGES.unknownMeritItem, 20),
    // The judged form's rule (`isMeritCount`), with its message.
    QUANTITY: v.pipe(
      v.number(ASSEMBLY_MESSAGES.meritCount),
      v.check(isMeritCount, ASSEMBLY_MESSAGES.meritCount),
    ),
    AMOUNT: yuanAmount(ASSEMBLY_MESSAGES.totalMismatch),
  },
  ASSEMBLY_MESSAGES.orderIncomplete,
);
export type AssemblyMeritLine = v.InferOutput<typeof assemblyMeritLine>;

const wireDate = v.pipe(v.string(ASSEMBLY_MESSAGES.date), v.regex(DATE, ASSEMBLY_MESSAGES.date));

const orderEntries = <J extends v.GenericSchema, Z extends v.GenericSchema>(jy: J, zz: Z) => ({
  type: v.literal(ORDER_TYPES.assembly, ASSEMBLY_MESSAGES.orderType),
  HOE_NAME: hoeName,
  HOE_TYPE: v.picklist(HOE_TYPES, ASSEMBLY_MESSAGES.chooseHoeType),
  TABLET_TYPE: wireText(ASSEMBLY_MESSAGES.chooseTabletType, 20),
  HOE_GDJ: v.pipe(
    v.number(ASSEMBLY_MESSAGES.amountInvalid),
    v.integer(ASSEMBLY_MESSAGES.amountWhole),
    v.minValue(0, ASSEMBLY_MESSAGES.amountInvalid),
    v.maxValue(1_000_000, ASSEMBLY_MESSAGES.overLimit),
  ),
  HOE_TIME: v.pipe(
    v.string(ASSEMBLY_MESSAGES.orderIncomplete),
    v.maxLength(40, ASSEMBLY_MESSAGES.orderIncomplete),
    v.regex(NO_CONTROL, ASSEMBLY_MESSAGES.orderIncomplete),
  ),
  START_DATE: wireDate,
  END_DATE: wireDate,
  HOE_GDJ_TOTAL: yuanAmount(ASSEMBLY_MESSAGES.totalMismatch),
  HOE_YEAR: wholeNumber(ASSEMBLY_MESSAGES.unknownAssembly, 1900, 2200),
  DATA_SOURCE: v.literal(ASSEMBLY_RULES.dataSource, ASSEMBLY_MESSAGES.dataSource),
  PAY_METHOD: v.literal(ASSEMBLY_RULES.payMethod, ASSEMBLY_MESSAGES.payMethod),
  QUANTITY: wholeNumber(ASSEMBLY_MESSAGES.quantity, ASSEMBLY_RULES.minQuantity, ASSEMBLY_RULES.maxQuantity),
  jyList: v.pipe(
    v.optional(v.array(jy, ASSEMBLY_MESSAGES.orderIncomplete), []),
    v.maxLength(ASSEMBLY_RULES.maxEntries, ASSEMBLY_MESSAGES.entryLimit),
  ),
  zzList: v.pipe(
    v.optional(v.array(zz, ASSEMBLY_MESSAGES.orderIncomplete), []),
    v.maxLength(ASSEMBLY_RULES.maxEntries, ASSEMBLY_MESSAGES.entryLimit),
  ),
  meritItemList: v.pipe(
    v.optional(v.array(assemblyMeritLine, ASSEMBLY_MESSAGES.orderIncomplete), []),
    v.maxLength(50, ASSEMBLY_MESSAGES.orderIncomplete),
    v.check(
      (lines) => new Set(lines.map((l) => l.MERIT_ITEM)).size === lines.length,
      ASSEMBLY_MESSAGES.meritTwice,
    ),
  ),
  CHANNEL: v.literal(ASSEMBLY_RULES.channel, ASSEMBLY_MESSAGES.channel),
  MOBILE: phoneSchema,
});

const orderObject = v.object(
  orderEntries(anyAssemblyEntries.jy, anyAssemblyEntries.zz),
  ASSEMBLY_MESSAGES.orderIncomplete,
);
type OrderShape = v.InferOutput<typeof orderObject>;

/** Whether the entries' kinds fit the assembly type: 往生 deceased only, 延生 blessing only, 延往生 either. */
export const entriesFitHoeType = (order: Pick<OrderShape, 'HOE_TYPE' | 'jyList' | 'zzList'>): boolean => {
  const dialogs = entryDialogsFor(order.HOE_TYPE);
  return (
    (order.jyList.length === 0 || dialogs.includes('往生')) &&
    (order.zzList.length === 0 || dialogs.includes('延生'))
  );
};

/**
 * The registration (type 1) as the browser sends it in `jsonObject` (000 section 3). The rules
 * that need the assembly (its price map, places, new-year-eve or leader tablet) are the server's,
 * with `judgeAssemblyOrder` and `assemblyTotalFen`.
 */
export const assemblyOrderRequest = v.pipe(
  orderObject,
  v.forward<OrderShape, v.CheckIssue<OrderShape>, ['END_DATE']>(
    v.check((o) => o.START_DATE <= o.END_DATE, ASSEMBLY_MESSAGES.date),
    ['END_DATE'],
  ),
  v.check((o) => o.jyList.length + o.zzList.length > 0, ASSEMBLY_MESSAGES.addEntry),
  v.check((o: OrderShape) => entriesFitHoeType(o), ASSEMBLY_MESSAGES.entryKind),
);
export type AssemblyOrderRequest = v.InferOutput<typeof assemblyOrderRequest>;

// ---------------------------------------------------------------------------------------------
// The calls (000 section 7; the preview is named in the same family).

export const assemblyApi = {
  list: endpoint({
    method: 'GET',
    path: '/portal/rs/hoeapi/hoe/findByHoeList',
    request: null,
    response: portalEnvelope(v.object({ ls: v.array(hoeListItem, ANSWER) }, ANSWER)),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/portal/rs/hoeapi/hoe/getHoeAll',
    request: v.object({ hoeYear: hoeYearParam, hoeName }, ASSEMBLY_MESSAGES.unknownAssembly),
    response: portalEnvelope(v.object({ hoe: hoeDetail, tabletGdjList: v.array(tabletGdj, ANSWER) }, ANSWER)),
  }),
  meritItems: endpoint({
    method: 'GET',
    path: '/portal/rs/hoe-api/v1/hoe/getMeritItemList',
    request: v.object(
      {
        hoeName,
        hoeType: hoeTypeParam,
        tabletType: v.optional(tabletTypeParam),
        hoeYear: v.optional(hoeYearParam),
      },
      ASSEMBLY_MESSAGES.unknownAssembly,
    ),
    response: portalEnvelope(v.array(assemblyMeritItem, ANSWER)),
  }),
  preview: endpoint({
    method: 'GET',
    path: '/portal/rs/hoe-api/v1/hoe/getTabletPreview',
    request: v.object(
      { hoeName, hoeType: hoeTypeParam, tabletType: tabletTypeParam, hoeYear: v.optional(hoeYearParam) },
      ASSEMBLY_MESSAGES.unknownAssembly,
    ),
    response: portalEnvelope(tabletPreview),
  }),
  order: endpoint({
    method: 'POST',
    path: '/portal/rs/payapi/v1/pay/prePay',
    request: assemblyOrderRequest,
    response: prePayAnswer,
    encoding: 'jsonObject',
  }),
};
