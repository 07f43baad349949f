import * as v from 'valibot';
import { PW_TYPES, type PwType } from './address-keys';
import { SEAT_RULES } from './seats';
import { PW_FLOORS, TABLET_CATEGORIES } from './tablet';
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
 * The memorial tablets (牌位供奉) as 内容 staff keep them in the console (issue 25, scope 2): the
 * two tablet types and the two categories (name, photograph, description: their numbers are the
 * site's wire keys, so they are edited, never added or deleted); the groups (区) of each pagoda
 * floor (added, renamed, closed); a group's price, one for all its places (the believers' page
 * shows one price per group and the order is checked against it); its seat map (a row or a column
 * added, places nobody holds removed). A new group is closed until the editor opens it (the
 * draft). A price change never alters an order already made: an order keeps its amount.
 */
export const TABLET_CATALOGUE_MESSAGES = {
  nameEmpty: '请输入名称',
  nameTooLong: '名称最多10个字',
  textInvalid: CONTROL_REFUSED,
  markup: MARKUP_REFUSED,
  imageInvalid: '图片地址无效，请重新上传',
  particularsEmpty: '请输入介绍',
  particularsTooLong: '介绍最多500个字',
  closedInvalid: '请选择是否开放',
  priceInvalid: '价格为10至1000000的整数（元）',
  typeInvalid: '请选择牌位类型',
  floorInvalid: '请选择塔层（一至四层）',
  rowsInvalid: '排数为1至30的整数',
  colsInvalid: '每排位置数为1至60的整数',
  addInvalid: '请选择增加一排或一列',
  seatsEmpty: '请先在座位图上选择要删除的位置',
  seatsTooMany: '一次最多删除500个位置',
  seatInvalid: '位置编号不正确',
  versionInvalid: '版本号不正确',
  notFound: '未找到该项',
  groupNotFound: '未找到该区域',
  nameTaken: '该塔层已有同名区域，请换一个名称',
  tooLarge: '一个区域最多30排、每排最多60个位置',
  keepOne: '区域至少保留一个位置；如不再供奉，请将区域设为暂不开放',
  seatGone: '所选位置已不存在，请重新读取',
  seatHeld: (where: string) => `${where}已有供奉订单，不能删除；如不再供奉，请在“座位管理”中停用该位置`,
} as const;

const M = TABLET_CATALOGUE_MESSAGES;

/** The most rows and places per row of a group's map. */
export const MAX_TABLET_ROWS = 30;
export const MAX_TABLET_COLS = 60;
/** The lowest and highest price of a place (yuan); from 10000 yuan a place is reserved, paid at the temple. */
export const MIN_TABLET_PRICE_YUAN = 10;
export const MAX_TABLET_PRICE_YUAN = 1_000_000;
export const TABLET_RESERVATION_FROM_YUAN = SEAT_RULES.reservationFromYuan;

const version = wholeNumber(M.versionInvalid, 1, 2_147_483_647);

/** A tablet type's or a category's text as the form edits it (and the server stores it). */
export const tabletTextSchema = v.object(
  {
    name: textLine(M.nameEmpty, 10, M.nameTooLong),
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
  },
  M.nameEmpty,
);
export type TabletText = v.InferOutput<typeof tabletTextSchema>;

export const tabletTextSaveSchema = v.object({ text: tabletTextSchema, version }, M.versionInvalid);

/** A group as the form edits it: its name, whether believers may choose it, its price. */
export const tabletGroupSchema = v.object(
  {
    name: textLine(M.nameEmpty, 10, M.nameTooLong),
    /** Closed: every place shows 不可选 and no new order is taken; orders made keep their place. */
    closed: v.boolean(M.closedInvalid),
    priceYuan: wholeNumber(M.priceInvalid, MIN_TABLET_PRICE_YUAN, MAX_TABLET_PRICE_YUAN),
  },
  M.nameEmpty,
);
export type TabletGroupDraft = v.InferOutput<typeof tabletGroupSchema>;

export const tabletGroupSaveSchema = v.object({ group: tabletGroupSchema, version }, M.versionInvalid);

/** A new group of a floor: closed (a draft) unless the editor opens it; its places all free. */
export const tabletGroupCreateSchema = v.object(
  {
    pwType: v.picklist(PW_TYPES, M.typeInvalid),
    floor: v.picklist(PW_FLOORS, M.floorInvalid),
    ...tabletGroupSchema.entries,
    rows: wholeNumber(M.rowsInvalid, 1, MAX_TABLET_ROWS),
    cols: wholeNumber(M.colsInvalid, 1, MAX_TABLET_COLS),
  },
  M.nameEmpty,
);
export type TabletGroupCreate = v.InferOutput<typeof tabletGroupCreateSchema>;

/** A row (at the back) or a column (at the end of every row) of free places at the group's price. */
export const tabletSeatsAddSchema = v.object(
  { add: v.picklist(['row', 'col'], M.addInvalid), version },
  M.addInvalid,
);

/** Places to remove: none a live order holds (block those instead). */
export const tabletSeatsRemoveSchema = v.object(
  {
    seatIds: v.pipe(
      v.array(wholeNumber(M.seatInvalid, 1, 2_147_483_647), M.seatsEmpty),
      v.minLength(1, M.seatsEmpty),
      v.maxLength(500, M.seatsTooMany),
    ),
    version,
  },
  M.seatsEmpty,
);

/** A group's key in the console's paths: `<pw_type>-<floor>-<pw_group>` (as the seat desk's maps). */
export const tabletGroupKey = (g: { pwType: string | number; floor: number; pwGroup: string }) =>
  `${g.pwType}-${g.floor}-${g.pwGroup}`;

// ---- answers ----

export const tabletTextAnswerSchema = v.object({
  id: v.number(),
  version: v.number(),
  ...tabletTextSchema.entries,
});
export type TabletTextAnswer = v.InferOutput<typeof tabletTextAnswerSchema>;

export const tabletGroupRowSchema = v.object({
  key: v.string(),
  pwType: v.picklist(PW_TYPES),
  floor: v.number(),
  pwGroup: v.string(),
  name: v.string(),
  closed: v.boolean(),
  version: v.number(),
  /** The price of its places (yuan): the lowest, which believers are shown, when its places disagree. */
  priceYuan: v.number(),
  mixedPrices: v.boolean(),
  rows: v.number(),
  cols: v.number(),
  seats: v.number(),
  /** Places live orders hold (paid, or unpaid within their hold). */
  held: v.number(),
});
export type TabletGroupRow = v.InferOutput<typeof tabletGroupRowSchema>;

export const tabletCatalogueSchema = v.object({
  types: v.array(v.object({ ...tabletTextAnswerSchema.entries, pwType: v.picklist(PW_TYPES) })),
  categories: v.array(v.object({ ...tabletTextAnswerSchema.entries, fsType: v.picklist(TABLET_CATEGORIES) })),
  groups: v.array(tabletGroupRowSchema),
});
export type TabletCatalogue = v.InferOutput<typeof tabletCatalogueSchema>;

export const tabletGroupSeatSchema = v.object({
  id: v.number(),
  row: v.number(),
  col: v.number(),
  state: v.picklist(['free', 'blocked', 'held', 'paid', 'enshrined']),
  priceYuan: v.number(),
});

export const tabletGroupAnswerSchema = v.object({
  ...tabletGroupRowSchema.entries,
  typeName: v.string(),
  seatList: v.array(tabletGroupSeatSchema),
});
export type TabletGroupAnswer = v.InferOutput<typeof tabletGroupAnswerSchema>;

export type { PwType };
