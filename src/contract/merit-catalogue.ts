import * as v from 'valibot';
import { MERIT_RULES } from './merit';
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
 * The merit items (功德项目) as 内容 staff keep them in the console (issue 25, scope 2): name,
 * photograph, description and one of the three price models of the portal (merit.ts): '1' a unit
 * price times the number of portions, '2' amounts offered (the believer may type another, 10 to
 * 10000 yuan), '3' named choices, each with its price. One rule set for the console's form and the
 * server; the limits are the merit order's own (MERIT_RULES). A new item is a draft until
 * published; a withdrawn (撤下) item is not offered and new orders of it are refused, orders made
 * keep their amount. A choice that live orders hold is never deleted, only stopped (停止供养).
 */
export const MERIT_CATALOGUE_MESSAGES = {
  nameEmpty: '请输入功德项目名称',
  nameTooLong: '功德项目名称最多20个字',
  textInvalid: CONTROL_REFUSED,
  markup: MARKUP_REFUSED,
  imageInvalid: '图片地址无效，请重新上传',
  particularsEmpty: '请输入功德项目介绍',
  particularsTooLong: '功德项目介绍最多1000个字',
  modelInvalid: '请选择计价方式',
  unitPriceInvalid: `每份价格为1至${MERIT_RULES.maxAmount}的整数（元）`,
  amountsEmpty: '请至少填写一个可选金额',
  amountsTooMany: '可选金额最多8个',
  amountInvalid: `可选金额为${MERIT_RULES.minAmount}至${MERIT_RULES.maxAmount}的整数（元）`,
  amountTwice: '可选金额不能重复',
  choicesEmpty: '请至少设置一个名目',
  choicesTooMany: '名目最多20个',
  choiceNameEmpty: '请输入名目名称',
  choiceNameTooLong: '名目名称最多10个字',
  choiceNameTwice: '名目名称不能重复',
  choicePriceInvalid: `名目价格为1至${MERIT_RULES.maxAmount}的整数（元）`,
  choiceCodeInvalid: '名目编号不正确，请重新读取',
  allChoicesStopped: '至少保留一个可供养的名目',
  flagInvalid: '选项不正确',
  versionInvalid: '版本号不正确',
  publishInvalid: '请选择发布或撤下',
  orderInvalid: '顺序不正确，请重新读取',
  orderStale: '功德项目已有增减，请重新读取后再调整顺序',
  notFound: '未找到该功德项目',
  nameTaken: '已有同名的功德项目，请换一个名称',
  choiceInUse: (name: string) => `名目“${name}”已有订单，不能删除；如不再供养，请勾选“停止供养”`,
  /** To a believer ordering an item taken down since the page was read. */
  withdrawn: '该功德项目已停止供养',
  choiceWithdrawn: '该名目已停止供养，请选择其他名目',
} as const;

const M = MERIT_CATALOGUE_MESSAGES;

/** The portal's price models (PRICE_MODEL): the console offers these three. */
export const MERIT_PRICE_MODELS = ['1', '2', '3'] as const;
export type MeritPriceModel = (typeof MERIT_PRICE_MODELS)[number];
export const MERIT_PRICE_MODEL_LABELS: Record<MeritPriceModel, { label: string; description: string }> = {
  '1': { label: '按份计价', description: '每份一个价格，信众选择份数（如供灯一盏）' },
  '2': {
    label: '随喜金额',
    description: `列出几个金额供选择，信众也可自填${MERIT_RULES.minAmount}至${MERIT_RULES.maxAmount}元`,
  },
  '3': { label: '按名目计价', description: '列出几个名目，各有价格（如鲜花供养、时果供养）' },
};

/** The most amounts a model-2 item offers, and choices a model-3 item has. */
export const MAX_MERIT_AMOUNTS = 8;
export const MAX_MERIT_CHOICES = 20;
/** A choice's code (the order's GD_ITEM): letters, digits, '-' and '_'; '' for a new one (the server names it). */
const CHOICE_CODE = /^[A-Za-z0-9_-]{0,40}$/;

export const meritChoiceSchema = v.object(
  {
    item: v.pipe(v.string(M.choiceCodeInvalid), v.regex(CHOICE_CODE, M.choiceCodeInvalid)),
    name: textLine(M.choiceNameEmpty, 10, M.choiceNameTooLong),
    priceYuan: wholeNumber(M.choicePriceInvalid, 1, MERIT_RULES.maxAmount),
    /** Not offered any more; orders made keep it. */
    withdrawn: v.boolean(M.flagInvalid),
  },
  M.choiceNameEmpty,
);
export type MeritChoice = v.InferOutput<typeof meritChoiceSchema>;

const meritDraftObject = v.object(
  {
    name: textLine(M.nameEmpty, 20, M.nameTooLong),
    /** '' (the drawn art), the drawn art itself, or an image uploaded in the console (the server checks it). */
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
    priceModel: v.picklist(MERIT_PRICE_MODELS, M.modelInvalid),
    /** Model 1: the price of one portion (yuan); null for the others. */
    unitPriceYuan: v.nullable(wholeNumber(M.unitPriceInvalid, 1, MERIT_RULES.maxAmount)),
    /** Model 2: the amounts offered (yuan); [] for the others. */
    amountsYuan: v.pipe(
      v.array(wholeNumber(M.amountInvalid, MERIT_RULES.minAmount, MERIT_RULES.maxAmount), M.amountsEmpty),
      v.maxLength(MAX_MERIT_AMOUNTS, M.amountsTooMany),
      v.check((amounts) => new Set(amounts).size === amounts.length, M.amountTwice),
    ),
    /** Model 3: the named choices; [] for the others. */
    choices: v.pipe(
      v.array(meritChoiceSchema, M.choicesEmpty),
      v.maxLength(MAX_MERIT_CHOICES, M.choicesTooMany),
      v.check((choices) => new Set(choices.map((c) => c.name)).size === choices.length, M.choiceNameTwice),
      v.check((choices) => {
        const codes = choices.map((c) => c.item).filter(Boolean);
        return new Set(codes).size === codes.length;
      }, M.choiceCodeInvalid),
    ),
  },
  M.nameEmpty,
);
type DraftShape = v.InferOutput<typeof meritDraftObject>;

/** A rule of the chosen price model, its message on `field`. */
const modelRule = (field: keyof DraftShape, holds: (draft: DraftShape) => boolean, message: string) =>
  v.forward<DraftShape, v.CheckIssue<DraftShape>, ['name']>(v.check<DraftShape, string>(holds, message), [
    field,
  ] as never);

/**
 * The merit item as the form edits it (and the server stores it). Only the chosen model's price
 * fields may be filled: the others are null or empty, so nothing hidden is kept.
 */
export const meritDraftSchema = v.pipe(
  meritDraftObject,
  modelRule(
    'unitPriceYuan',
    (d) => (d.priceModel === '1') === (d.unitPriceYuan !== null),
    M.unitPriceInvalid,
  ),
  modelRule('amountsYuan', (d) => d.priceModel !== '2' || d.amountsYuan.length > 0, M.amountsEmpty),
  modelRule('amountsYuan', (d) => d.priceModel === '2' || d.amountsYuan.length === 0, M.modelInvalid),
  modelRule('choices', (d) => d.priceModel !== '3' || d.choices.length > 0, M.choicesEmpty),
  modelRule('choices', (d) => d.priceModel === '3' || d.choices.length === 0, M.modelInvalid),
  modelRule(
    'choices',
    (d) => d.priceModel !== '3' || d.choices.some((c) => !c.withdrawn),
    M.allChoicesStopped,
  ),
);
export type MeritDraft = v.InferOutput<typeof meritDraftSchema>;

// ---- requests and answers ----

const version = v.pipe(
  v.number(M.versionInvalid),
  v.integer(M.versionInvalid),
  v.minValue(1, M.versionInvalid),
);

export const meritSaveSchema = v.object({ item: meritDraftSchema, version }, M.versionInvalid);
export type MeritSave = v.InferOutput<typeof meritSaveSchema>;

export const meritPublishSchema = v.object(
  { published: v.boolean(M.publishInvalid), version },
  M.publishInvalid,
);

const idList = v.pipe(
  v.array(v.pipe(v.number(M.orderInvalid), v.integer(M.orderInvalid)), M.orderInvalid),
  v.maxLength(500, M.orderInvalid),
  v.check((ids) => new Set(ids).size === ids.length, M.orderInvalid),
);
/** The order of the items on the site: as read (`from`, refused when it changed since) and as wanted. */
export const meritOrderSchema = v.object({ from: idList, to: idList }, M.orderInvalid);
export type MeritOrder = v.InferOutput<typeof meritOrderSchema>;

export const meritAnswerSchema = v.object({
  id: v.number(),
  version: v.number(),
  published: v.boolean(),
  item: v.object({
    ...meritDraftObject.entries,
    choices: v.array(v.object({ ...meritChoiceSchema.entries, liveOrders: v.number() })),
  }),
  /** Orders that hold the item (paid, or unpaid and not run out). */
  liveOrders: v.number(),
});
export type MeritAnswer = v.InferOutput<typeof meritAnswerSchema>;

export const meritRowSchema = v.object({
  id: v.number(),
  name: v.string(),
  image: v.string(),
  priceModel: v.string(),
  /** What the site's card says of the price (每份 ¥100, ¥10 起，随喜, ¥50–¥100). */
  priceLabel: v.string(),
  published: v.boolean(),
  liveOrders: v.number(),
});
export type MeritRow = v.InferOutput<typeof meritRowSchema>;
