import { Solar } from 'lunar-javascript';
import * as v from 'valibot';
import { HOE_TYPES, tabletTypesFor } from './assembly';
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
 * The assemblies of the year as 内容 staff keep them in the console (issue 25, scope 2): name,
 * solar dates (the lunar dates and the lunar year follow from them, by lunar-javascript), image,
 * description, the special rules, and per assembly type (往生/延生/延往生) its places and its price
 * map (tablet type → tablet price and merit money). One rule set for the console's form and the
 * server. A new assembly is a draft until published; a type that registrations hold is withdrawn,
 * never deleted; a price change never alters an order already made (an order keeps its amount).
 */
export const ASSEMBLY_CATALOGUE_MESSAGES = {
  nameEmpty: '请输入法会名称',
  nameTooLong: '法会名称最多20个字',
  textInvalid: CONTROL_REFUSED,
  markup: MARKUP_REFUSED,
  startInvalid: '请选择开始日期',
  endInvalid: '请选择结束日期',
  endBeforeStart: '结束日期不能早于开始日期',
  tooLong: '一场法会最长30天',
  particularsEmpty: '请输入法会介绍',
  particularsTooLong: '法会介绍最多1000个字',
  imageInvalid: '图片地址无效，请重新上传',
  flagInvalid: '规则选项不正确',
  typesEmpty: '请至少设置一个法会类型',
  typesTooMany: '法会类型最多3个',
  typeInvalid: '请选择法会类型（往生、延生或延往生）',
  typeTwice: '同一法会类型只能设置一次',
  placesInvalid: '名额为1至100000的整数；不限名额请留空',
  pricesEmpty: '请为该法会类型设置至少一种牌位',
  pricesTooMany: '每个法会类型最多20种牌位',
  tabletTypeEmpty: '请输入牌位类型',
  tabletTypeTooLong: '牌位类型最多10个字',
  tabletTypeTwice: '同一法会类型下牌位类型不能重复',
  priceInvalid: '牌位价格为0至1000000的整数（元）',
  gdjInvalid: '功德金为0至1000000的整数（元）',
  bothZero: '牌位价格与功德金不能都为0（“无”或随喜功德金除外）',
  noneOffered:
    '按法会规则，该法会类型没有可选的牌位：延往生须有含“会首”的牌位，水陆法会的往生、延生牌位须含“往生”或“延生”',
  versionInvalid: '版本号不正确',
  publishInvalid: '请选择发布或撤下',
  notFound: '未找到该法会',
  nameTaken: '该年度已有同名法会，请换一个名称',
  typeInUse: (hoeType: string) => `“${hoeType}”已有报名，不能删除；如不再接受报名，请勾选“停止报名”`,
  tabletInUse: (hoeType: string, tabletType: string) => `“${hoeType}·${tabletType}”已有报名，不能删除`,
} as const;

const M = ASSEMBLY_CATALOGUE_MESSAGES;

/** The longest an assembly runs. */
export const MAX_ASSEMBLY_DAYS = 30;
/** The most places a type may have. */
export const MAX_PLACES = 100_000;
/** The highest price or merit money of one tablet (yuan). */
export const MAX_PRICE_YUAN = 1_000_000;

/** The special rules the contract knows (assembly.ts), as the form's checkboxes read them. */
export const ASSEMBLY_FLAGS = [
  'leaderTablet',
  'newYearEve',
  'sevenGenerations',
  'wisdom',
  'freeAmount',
  'waterLand',
] as const;
export type AssemblyFlag = (typeof ASSEMBLY_FLAGS)[number];
export const ASSEMBLY_FLAG_LABELS: Record<AssemblyFlag, { label: string; description: string }> = {
  leaderTablet: { label: '设会首牌位', description: '可登记任意多位，延往生只供“会首”类牌位' },
  newYearEve: { label: '每单限登记一位', description: '除夕普佛的规则' },
  sevenGenerations: { label: '可登记七世父母', description: '盂兰盆报恩法会的规则' },
  wisdom: { label: '祈福姓名限4字', description: '文殊智慧法会的规则' },
  freeAmount: { label: '随喜功德金', description: '功德金由信众自填，至少10元' },
  waterLand: { label: '水陆法会', description: '往生、延生各只供名称含“往生”“延生”的牌位' },
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (value: string) => DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
const dayCount = (start: string, end: string) =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;

export const assemblyPriceSchema = v.object(
  {
    tabletType: textLine(M.tabletTypeEmpty, 10, M.tabletTypeTooLong),
    tabletPriceYuan: wholeNumber(M.priceInvalid, 0, MAX_PRICE_YUAN),
    gdjYuan: wholeNumber(M.gdjInvalid, 0, MAX_PRICE_YUAN),
  },
  M.tabletTypeEmpty,
);
export type AssemblyPrice = v.InferOutput<typeof assemblyPriceSchema>;

export const assemblyTypeSchema = v.object(
  {
    hoeType: v.picklist(HOE_TYPES, M.typeInvalid),
    /** Null: unlimited. */
    places: v.nullable(wholeNumber(M.placesInvalid, 1, MAX_PLACES)),
    /** No new registration; registrations made keep their place. */
    withdrawn: v.boolean(M.flagInvalid),
    prices: v.pipe(
      v.array(assemblyPriceSchema, M.pricesEmpty),
      v.minLength(1, M.pricesEmpty),
      v.maxLength(20, M.pricesTooMany),
      v.check((prices) => new Set(prices.map((p) => p.tabletType)).size === prices.length, M.tabletTypeTwice),
    ),
  },
  M.typeInvalid,
);
export type AssemblyType = v.InferOutput<typeof assemblyTypeSchema>;

const assemblyDraftObject = v.object(
  {
    name: textLine(M.nameEmpty, 20, M.nameTooLong),
    startDate: v.pipe(v.string(M.startInvalid), v.check(isDate, M.startInvalid)),
    endDate: v.pipe(v.string(M.endInvalid), v.check(isDate, M.endInvalid)),
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
      v.maxLength(1000, M.particularsTooLong),
      v.regex(LINES_NO_CONTROL, M.textInvalid),
      noMarkup(M.markup),
    ),
    flags: v.object(
      Object.fromEntries(ASSEMBLY_FLAGS.map((flag) => [flag, v.boolean(M.flagInvalid)])) as Record<
        AssemblyFlag,
        v.BooleanSchema<string>
      >,
      M.flagInvalid,
    ),
    types: v.pipe(
      v.array(assemblyTypeSchema, M.typesEmpty),
      v.minLength(1, M.typesEmpty),
      v.maxLength(HOE_TYPES.length, M.typesTooMany),
      v.check((types) => new Set(types.map((t) => t.hoeType)).size === types.length, M.typeTwice),
    ),
  },
  M.nameEmpty,
);

type DraftShape = v.InferOutput<typeof assemblyDraftObject>;

/**
 * What the price map cannot be for a believer to register: a type that offers no tablet under
 * the assembly's rules (tabletTypesFor), or a priced tablet whose total would be nothing.
 */
export const priceMapRefusal = (draft: Pick<DraftShape, 'flags' | 'types'>): string | null => {
  for (const type of draft.types) {
    const offered = tabletTypesFor(
      type.hoeType,
      type.prices.map((p) => p.tabletType),
      { waterLand: draft.flags.waterLand },
    );
    if (offered.length === 0) return M.noneOffered;
    const free = draft.flags.freeAmount;
    if (type.prices.some((p) => p.tabletPriceYuan === 0 && p.gdjYuan === 0 && p.tabletType !== '无' && !free))
      return M.bothZero;
  }
  return null;
};

/** The assembly as the form edits it (and the server stores it). */
export const assemblyDraftSchema = v.pipe(
  assemblyDraftObject,
  v.forward(
    v.check((draft) => draft.endDate >= draft.startDate, M.endBeforeStart),
    ['endDate'],
  ),
  v.forward(
    v.check((draft) => dayCount(draft.startDate, draft.endDate) <= MAX_ASSEMBLY_DAYS, M.tooLong),
    ['endDate'],
  ),
  v.forward(
    v.check(
      (draft) => priceMapRefusal(draft) === null,
      (issue) => priceMapRefusal(issue.input as DraftShape) ?? M.noneOffered,
    ),
    ['types'],
  ),
);
export type AssemblyDraft = v.InferOutput<typeof assemblyDraftSchema>;

/** The lunar year and the lunar dates of an assembly's solar dates: 农历四月初八, or 农历七月十三至十五. */
export const assemblyLunarDates = (
  startDate: string,
  endDate: string,
): { year: number; lunarTime: string } => {
  const lunarOf = (ymd: string) => {
    const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
    return Solar.fromYmd(y, m, d).getLunar();
  };
  const start = lunarOf(startDate);
  const text = (l: typeof start) => `${l.getMonthInChinese()}月${l.getDayInChinese()}`;
  const first = `农历${text(start)}`;
  if (endDate === startDate) return { year: start.getYear(), lunarTime: first };
  const end = lunarOf(endDate);
  const last = end.getMonth() === start.getMonth() ? end.getDayInChinese() : text(end);
  return { year: start.getYear(), lunarTime: `${first}至${last}` };
};

// ---- requests and answers ----

const version = v.pipe(
  v.number(M.versionInvalid),
  v.integer(M.versionInvalid),
  v.minValue(1, M.versionInvalid),
);

export const assemblySaveSchema = v.object({ assembly: assemblyDraftSchema, version }, M.versionInvalid);
export type AssemblySave = v.InferOutput<typeof assemblySaveSchema>;

export const assemblyPublishSchema = v.object(
  { published: v.boolean(M.publishInvalid), version },
  M.publishInvalid,
);

/** One type as the console shows it: with the places its registrations hold now. */
export const assemblyTypeAnswerSchema = v.object({
  ...assemblyTypeSchema.entries,
  held: v.number(),
  /** Registrations that hold a place (paid, or unpaid and not run out): the type cannot be deleted. */
  liveOrders: v.number(),
});

export const assemblyAnswerSchema = v.object({
  id: v.number(),
  version: v.number(),
  published: v.boolean(),
  year: v.number(),
  lunarTime: v.string(),
  assembly: v.object({
    ...v.omit(assemblyDraftObject, ['types']).entries,
    types: v.array(assemblyTypeAnswerSchema),
  }),
});
export type AssemblyAnswer = v.InferOutput<typeof assemblyAnswerSchema>;

export const assemblyRowSchema = v.object({
  id: v.number(),
  name: v.string(),
  year: v.number(),
  startDate: v.string(),
  endDate: v.string(),
  lunarTime: v.string(),
  image: v.string(),
  published: v.boolean(),
  types: v.array(
    v.object({
      hoeType: v.string(),
      places: v.nullable(v.number()),
      held: v.number(),
      withdrawn: v.boolean(),
    }),
  ),
});
export type AssemblyRow = v.InferOutput<typeof assemblyRowSchema>;
