import * as v from 'valibot';
import { STATUE_LOCATIONS, type StatueLocation } from './address-keys';
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
 * Statue enshrinement (圣像供奉) as 内容 staff keep it in the console (issue 25, scope 2): each of
 * the three locations (fixed by the spec: 1 大殿内, 2 大殿外, 3 六合居) with its name, English name,
 * photograph and description; its statues and materials (added, renamed, withdrawn: never deleted,
 * orders name them); its position groups (方位) with the two terms' prices (期限: 常供 CG_PRICE,
 * 年供 NG_PRICE, both fixed by the spec, priced per group) and the closed flag; and each group's
 * niches (add a row or a column, remove a niche no order ever named). One rule set for the form
 * and the server; a price change never alters an order made (orders keep their amount).
 */
export const STATUE_CATALOGUE_MESSAGES = {
  nameEmpty: '请输入地点名称',
  nameTooLong: '地点名称最多20个字',
  nameTaken: '已有同名的供奉地点，请换一个名称',
  enNameTooLong: '英文名称最多60个字符',
  enNameInvalid: '英文名称只能包含英文字母、数字、空格和常用标点',
  textInvalid: CONTROL_REFUSED,
  markup: MARKUP_REFUSED,
  imageInvalid: '图片地址无效，请重新上传',
  particularsEmpty: '请输入地点介绍',
  particularsTooLong: '地点介绍最多1000个字',
  statuesEmpty: '请至少设置一尊佛像',
  statuesTooMany: '每个地点最多50尊佛像',
  statueNameEmpty: '请输入佛像名称',
  statueNameTooLong: '佛像名称最多20个字',
  statueTwice: '同一地点的佛像名称不能重复',
  materialsEmpty: '请至少设置一种材质',
  materialsTooMany: '每个地点最多20种材质',
  materialNameEmpty: '请输入材质名称',
  materialNameTooLong: '材质名称最多10个字',
  materialTwice: '同一地点的材质名称不能重复',
  groupsInvalid: '方位不正确，请重新读取',
  groupNameEmpty: '请输入方位名称',
  groupNameTooLong: '方位名称最多10个字',
  groupTwice: '同一地点的方位名称不能重复',
  ngPriceInvalid: '年供价格为1至1000000的整数（元）',
  cgPriceInvalid: '常供价格为1至1000000的整数（元）',
  flagInvalid: '选项不正确',
  idInvalid: '编号不正确，请重新读取',
  rowRemoved: '佛像和材质不能删除（已有订单会用到）；不再供奉请勾选“停止供奉”',
  versionInvalid: '版本号不正确',
  notFound: '未找到该供奉地点',
  groupNotFound: '未找到该方位',
  addInvalid: '请选择增加一排或增加一列',
  tooBig: `每个方位最多50排、50列`,
  nicheNotFound: '未找到该龛位，请重新读取',
  nicheHeld: '该龛位已有人供奉或预定，不能删除；如需停用，请在“座位图”中封存',
  nicheOrdered: '该龛位有过订单记录，不能删除；如需停用，请在“座位图”中封存',
  lastNiche: '每个方位至少保留一个龛位',
  /** A believer's order of a statue or material the temple withdrew. */
  statueWithdrawn: '该佛像已停止供奉，请选择其他佛像',
  materialWithdrawn: '该材质已停止供奉，请选择其他材质',
} as const;

const M = STATUE_CATALOGUE_MESSAGES;

/** The highest price of a term (yuan), and the largest seat map of a group. */
export const MAX_STATUE_PRICE_YUAN = 1_000_000;
export const MAX_NICHE_ROWS = 50;
export const MAX_NICHE_COLS = 50;

const ENGLISH = /^[A-Za-z0-9 '’,.()&-]*$/;
const english = v.pipe(
  v.string(M.enNameInvalid),
  v.trim(),
  v.maxLength(60, M.enNameTooLong),
  v.regex(ENGLISH, M.enNameInvalid),
);

/** A row's id as stored, or null for a new one. */
const rowId = v.nullable(wholeNumber(M.idInvalid, 1, 2_147_483_647));

const unique =
  <T>(key: (item: T) => string) =>
  (items: T[]) =>
    new Set(items.map(key)).size === items.length;

export const statueRowSchema = v.object(
  {
    id: rowId,
    name: textLine(M.statueNameEmpty, 20, M.statueNameTooLong),
    enName: english,
    /** No new order; orders made keep it. */
    withdrawn: v.boolean(M.flagInvalid),
  },
  M.statueNameEmpty,
);
export type StatueRow = v.InferOutput<typeof statueRowSchema>;

export const materialRowSchema = v.object(
  {
    id: rowId,
    name: textLine(M.materialNameEmpty, 10, M.materialNameTooLong),
    withdrawn: v.boolean(M.flagInvalid),
  },
  M.materialNameEmpty,
);
export type MaterialRow = v.InferOutput<typeof materialRowSchema>;

export const groupRowSchema = v.object(
  {
    /** The group's key (FX_GROUP): the groups are the seat maps', edited, not added here. */
    fxGroup: v.pipe(v.string(M.groupsInvalid), v.regex(/^\w{1,16}$/, M.groupsInvalid)),
    name: textLine(M.groupNameEmpty, 10, M.groupNameTooLong),
    /** 年供 (NG_PRICE) and 常供 (CG_PRICE), whole yuan. */
    ngPriceYuan: wholeNumber(M.ngPriceInvalid, 1, MAX_STATUE_PRICE_YUAN),
    cgPriceYuan: wholeNumber(M.cgPriceInvalid, 1, MAX_STATUE_PRICE_YUAN),
    /** Not open to believers: every niche shows 不可选; orders made keep their niche. */
    closed: v.boolean(M.flagInvalid),
  },
  M.groupsInvalid,
);
export type GroupRow = v.InferOutput<typeof groupRowSchema>;

/** A location as the console's form edits it (and the server stores it). */
export const statueLocationDraftSchema = v.object(
  {
    name: textLine(M.nameEmpty, 20, M.nameTooLong),
    enName: english,
    /** '' (the drawn art), an upload of ours or the drawn art (the server checks it). */
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
    statues: v.pipe(
      v.array(statueRowSchema, M.statuesEmpty),
      v.minLength(1, M.statuesEmpty),
      v.maxLength(50, M.statuesTooMany),
      v.check(
        unique((s: StatueRow) => s.name),
        M.statueTwice,
      ),
    ),
    materials: v.pipe(
      v.array(materialRowSchema, M.materialsEmpty),
      v.minLength(1, M.materialsEmpty),
      v.maxLength(20, M.materialsTooMany),
      v.check(
        unique((m: MaterialRow) => m.name),
        M.materialTwice,
      ),
    ),
    groups: v.pipe(
      v.array(groupRowSchema, M.groupsInvalid),
      v.maxLength(50, M.groupsInvalid),
      v.check(
        unique((g: GroupRow) => g.fxGroup),
        M.groupsInvalid,
      ),
      v.check(
        unique((g: GroupRow) => g.name),
        M.groupTwice,
      ),
    ),
  },
  M.nameEmpty,
);
export type StatueLocationDraft = v.InferOutput<typeof statueLocationDraftSchema>;

const version = v.pipe(
  v.number(M.versionInvalid),
  v.integer(M.versionInvalid),
  v.minValue(1, M.versionInvalid),
);

export const statueLocationSaveSchema = v.object(
  { location: statueLocationDraftSchema, version },
  M.versionInvalid,
);

export const statueLocationParam = v.picklist(STATUE_LOCATIONS, M.notFound);
export const statueGroupParam = v.pipe(v.string(M.groupNotFound), v.regex(/^\w{1,16}$/, M.groupNotFound));

/** Adds a row (below the last) or a column (right of the last) of free niches to a group. */
export const nicheAddSchema = v.object(
  { add: v.picklist(['row', 'column'], M.addInvalid), version },
  M.addInvalid,
);
/** Removes one niche no order ever named. */
export const nicheRemoveSchema = v.object(
  { nicheId: wholeNumber(M.nicheNotFound, 1, 2_147_483_647), version },
  M.nicheNotFound,
);

// ---- answers ----

export const statueLocationAnswerSchema = v.object({
  location: v.picklist(STATUE_LOCATIONS),
  version: v.number(),
  draft: v.object({
    ...statueLocationDraftSchema.entries,
    groups: v.array(
      v.object({
        ...groupRowSchema.entries,
        /** Niches in the group, and those a live order holds. */
        niches: v.number(),
        held: v.number(),
      }),
    ),
  }),
  /** Live orders by statue and material id: such a row is withdrawn, never removed. */
  statueOrders: v.record(v.string(), v.number()),
  materialOrders: v.record(v.string(), v.number()),
});
export type StatueLocationAnswer = v.InferOutput<typeof statueLocationAnswerSchema>;

export const statueLocationListSchema = v.array(
  v.object({
    location: v.picklist(STATUE_LOCATIONS),
    name: v.string(),
    enName: v.string(),
    image: v.string(),
    statues: v.array(v.object({ name: v.string(), withdrawn: v.boolean() })),
    materials: v.array(v.object({ name: v.string(), withdrawn: v.boolean() })),
    groups: v.array(
      v.object({
        fxGroup: v.string(),
        name: v.string(),
        ngPriceYuan: v.number(),
        cgPriceYuan: v.number(),
        closed: v.boolean(),
        niches: v.number(),
      }),
    ),
  }),
);
export type StatueLocationList = v.InferOutput<typeof statueLocationListSchema>;

/** A group's niches as the layout editor shows them. */
export const nicheMapSchema = v.object({
  location: v.picklist(STATUE_LOCATIONS),
  fxGroup: v.string(),
  title: v.string(),
  version: v.number(),
  rows: v.number(),
  cols: v.number(),
  niches: v.array(
    v.object({
      id: v.number(),
      row: v.number(),
      col: v.number(),
      state: v.picklist(['free', 'blocked', 'held', 'paid', 'enshrined']),
      /** Some order (live or not) names it: it stays (block it instead). */
      ordered: v.boolean(),
    }),
  ),
});
export type NicheMap = v.InferOutput<typeof nicheMapSchema>;

export type { StatueLocation };
