import * as v from 'valibot';
import { idBirthDate, idSex, isChineseIdNumber, isRealDate } from './believer';
import { endpoint, fieldMessages, mainEnvelope } from './envelope';
import { MOBILE_PATTERN } from './phone';
import { sniffPhotoType } from './photo';
import { CHINESE_OR_LETTERS } from './seats';
import { NO_CONTROL } from './wire';

/**
 * The volunteer application (志工申请, spec 002 sections 2-5, 7-9): the enumerations with their
 * labels, the messages, the rule of each field (shared by the form in `volunteer-form.ts` and the
 * wire payload the server parses), the anytime/weekday rule, the ID card's facts, the photo's
 * limits and the calls.
 */

export const VOLUNTEER_RULES = {
  dataSource: 6,
  codePurpose: 'volunteer',
  nameMax: 20,
  nationMax: 5,
  ageMax: 3,
  wechatMax: 25,
  addressMax: 100,
  employerMax: 50,
  dharmaNameMax: 20,
  templeMax: 30,
} as const;

export const VOLUNTEER_MESSAGES = {
  nameEmpty: '请输入姓名',
  nameInvalid: '姓名只能为汉字或字母',
  nameTooLong: '姓名最多20个字',
  idEmpty: '请输入身份证号',
  idInvalid: '身份证号格式不正确',
  telEmpty: '请输入联系电话',
  telInvalid: '手机号格式不正确',
  sex: '请选择性别',
  nationEmpty: '请输入民族',
  nationInvalid: '民族只能为汉字',
  nationTooLong: '民族最多5个字',
  addressEmpty: '请输入家庭住址',
  addressInvalid: '家庭住址只能包含汉字、数字和常用标点（如“-”“#”“（）”）',
  addressTooLong: '家庭住址最多100个字',
  employerInvalid: '工作单位只能为汉字或字母',
  employerTooLong: '工作单位最多50个字',
  dharmaNameInvalid: '皈依法名只能为汉字',
  dharmaNameEmpty: '请输入皈依法名',
  templeInvalid: '授皈依寺院只能为汉字',
  templeEmpty: '请输入授皈依寺院',
  convertDate: '请选择皈依时间',
  convertDateFuture: '皈依时间不能晚于今天',
  convert: '请选择是否皈依',
  codeEmpty: '请输入短信验证码',
  codeFormat: '请输入6位数字验证码',
  photoEmpty: '请上传图片',
  photoTooLarge: '上传头像图片大小不能超过 5MB!',
  photoTooSmall: '上传头像图片大小需要大于120kb!',
  photoUploaded: '照片上传成功',
  photoNotOurs: '请重新上传图片',
  photoNotFound: '图片不存在',
  hometown: '请输入籍贯',
  birthDate: '请选择出生年月',
  birthFuture: '出生日期不能晚于今天',
  age: '请输入年龄',
  foDate: '请选择信佛时间',
  foDateFuture: '信佛时间不能晚于今天',
  postCodeEmpty: '请输入邮政编码',
  postCodeInvalid: '邮政编码格式不正确',
  degree: '请选择最后学历',
  health: '请选择身体状况',
  gms: '请选择是否广慈功德会',
  wechat: '微信号最多25个字符',
  week: '请勾选活动信息',
  weekMismatch: '活动时间有误，请重新勾选',
  dailyProjects: '请勾选日常维护项目',
  eventProjects: '请勾选大型活动项目',
  talents: '请勾选技能专长',
  incomplete: '提交的申请不完整，请刷新页面后重试',
  /** The application failed and the server gave no words. */
  submitFailed: '提交失败，请稍后再试',
  dataSource: '申请来源不正确',
  codeSent: '发送成功',
  codeTooOften: '发送过于频繁，请稍后再试',
  photoUse: '图片用途不正确',
  applied: '志工申请成功',
  alreadyApplied: '您已提交过志工申请，请耐心等待审核',
  successTitle: '志工申请成功',
  successThanks: '感谢您的发心，您的志工申请已提交成功！',
  successReview: '审核结果将在 2-3 个工作日内以短信和电话通知您',
  applyAgain: '再次申请',
  /** Staff review: the application is gone, or was decided (or withdrawn) already. */
  notFound: '志工申请不存在',
  notPending: '该志工申请已审核或已撤回',
} as const;

// ---------------------------------------------------------------------------------------------
// The enumerations (002 section 3): value and label, in the order the page shows them.

export interface VolunteerOption<V extends string = string> {
  value: V;
  label: string;
}

export const VOLUNTEER_SEXES = [
  { value: '1', label: '男' },
  { value: '2', label: '女' },
] as const satisfies readonly VolunteerOption[];

export const HEALTH_OPTIONS = [
  { value: '1', label: '健康' },
  { value: '2', label: '良好' },
  { value: '3', label: '较差' },
] as const satisfies readonly VolunteerOption[];

export const EDUCATION_OPTIONS = [
  { value: '1', label: '小学' },
  { value: '2', label: '初中' },
  { value: '3', label: '高中/中专' },
  { value: '4', label: '大专' },
  { value: '5', label: '本科' },
  { value: '6', label: '研究生' },
  { value: '7', label: '其他' },
] as const satisfies readonly VolunteerOption[];

export const YES_NO_OPTIONS = [
  { value: '1', label: '是' },
  { value: '0', label: '否' },
] as const satisfies readonly VolunteerOption[];

export const TALENT_OPTIONS = [
  { value: '1', label: '活动策划' },
  { value: '2', label: '水电维修' },
  { value: '3', label: '手工制作' },
  { value: '4', label: '美术设计' },
  { value: '5', label: '公共关系' },
  { value: '6', label: '法律咨询' },
  { value: '7', label: '心理辅导' },
  { value: '8', label: '外语翻译' },
  { value: '9', label: '演讲主持' },
  { value: '10', label: '医疗护理' },
  { value: '11', label: '电脑网络' },
  { value: '12', label: '音乐表演' },
  { value: '13', label: '培训教学' },
  { value: '14', label: '编辑写作' },
  { value: '15', label: '摄影摄像' },
  { value: '16', label: '驾驶运输' },
  { value: '17', label: '其他' },
] as const satisfies readonly VolunteerOption[];

/** 日常维护 projects (volunteer type 1): 9-16, and 18 其他. */
export const DAILY_PROJECT_OPTIONS = [
  { value: '9', label: '殿堂香灯' },
  { value: '10', label: '斋堂行堂' },
  { value: '11', label: '客堂接待' },
  { value: '12', label: '环境清洁' },
  { value: '13', label: '花木养护' },
  { value: '14', label: '图书流通' },
  { value: '15', label: '文书整理' },
  { value: '16', label: '网络宣传' },
  { value: '18', label: '其他' },
] as const satisfies readonly VolunteerOption[];

/** 大型活动 projects (volunteer type 2): 1-8, and 17 其他. */
export const EVENT_PROJECT_OPTIONS = [
  { value: '1', label: '法会引导' },
  { value: '2', label: '交通疏导' },
  { value: '3', label: '秩序维护' },
  { value: '4', label: '医疗救护' },
  { value: '5', label: '摄影摄像' },
  { value: '6', label: '后勤供应' },
  { value: '7', label: '义卖' },
  { value: '8', label: '接待外宾' },
  { value: '17', label: '其他' },
] as const satisfies readonly VolunteerOption[];

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  monday: '周一',
  tuesday: '周二',
  wednesday: '周三',
  thursday: '周四',
  friday: '周五',
  saturday: '周六',
  sunday: '周日',
};
export const ANYTIME_LABEL = '随时';

const valuesOf = (options: readonly VolunteerOption[]) => options.map((o) => o.value);
export const TALENT_IDS: readonly string[] = valuesOf(TALENT_OPTIONS);
export const DAILY_PROJECT_IDS: readonly string[] = valuesOf(DAILY_PROJECT_OPTIONS);
export const EVENT_PROJECT_IDS: readonly string[] = valuesOf(EVENT_PROJECT_OPTIONS);

// ---------------------------------------------------------------------------------------------
// The anytime / weekday rule (002 section 2).

export type WeekTicks = Record<Weekday, boolean>;
export interface Availability {
  ANYTIME: boolean;
  WEEK: WeekTicks;
}

const weekOf = (ticked: boolean): WeekTicks =>
  Object.fromEntries(WEEKDAYS.map((day) => [day, ticked])) as WeekTicks;
export const NO_DAYS: WeekTicks = weekOf(false);

/** Ticking 随时 ticks all seven days; un-ticking it clears them. */
export const tickAnytime = (ticked: boolean): Availability => ({ ANYTIME: ticked, WEEK: weekOf(ticked) });

/** Ticking a day: all seven ticked ticks 随时; un-ticking any day clears it. */
export const tickWeekday = (current: WeekTicks, day: Weekday, ticked: boolean): Availability => {
  const WEEK = { ...current, [day]: ticked };
  return { ANYTIME: WEEKDAYS.every((d) => WEEK[d]), WEEK };
};

/** timeAvailable of the payload: 1 anytime, 2 otherwise. */
export const timeAvailable = (anytime: boolean): 1 | 2 => (anytime ? 1 : 2);

// ---------------------------------------------------------------------------------------------
// The ID card's facts (filled in when a valid number leaves its field).

export interface IdCardFacts {
  age: number;
  sex: '1' | '2';
  birthDate: string;
  /** The six-digit region code; the page names it with the region table. */
  regionCode: string;
}

/** Whole years from `birthDate` to `today` (both YYYY-MM-DD). */
export const ageOn = (birthDate: string, today: string): number => {
  const years = Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return today.slice(5) >= birthDate.slice(5) ? years : years - 1;
};

/** A valid 18-character ID number (the full check): its facts; anything else null. */
export const idCardFacts = (idNumber: string, today: string): IdCardFacts | null => {
  const id = idNumber.trim().toUpperCase();
  if (id.length !== 18 || !isChineseIdNumber(id, today)) return null;
  const birthDate = idBirthDate(id);
  const sex = idSex(id);
  if (!birthDate || !sex) return null;
  return {
    age: ageOn(birthDate, today),
    sex,
    birthDate,
    regionCode: id.slice(0, 6),
  };
};

// ---------------------------------------------------------------------------------------------
// The photo: png, jpg or gif by its bytes, over 120 KB and at most 5 MB.

export const VOLUNTEER_PHOTO_RULES = {
  /** 120 KB: a photo of this many bytes or fewer is refused. */
  minExclusiveBytes: 120 * 1024,
  /** 5 MB: a photo of more bytes is refused (413), while it is still being received. */
  maxBytes: 5 * 1024 * 1024,
  field: 'file',
  extensions: ['png', 'jpg', 'jpeg', 'gif'] as const,
  /** The query that makes uploadPhoto store a volunteer photo (not the believer's profile photo). */
  use: 'volunteer',
} as const;

/** What the photo field states beside its button: the types and the limits above. */
export const VOLUNTEER_PHOTO_HINT = `请上传本人近期正面照片：${VOLUNTEER_PHOTO_RULES.extensions.join('、')}，大于 ${
  VOLUNTEER_PHOTO_RULES.minExclusiveBytes / 1024
}KB，不超过 ${VOLUNTEER_PHOTO_RULES.maxBytes / (1024 * 1024)}MB`;

/** Where a volunteer photo is served: `/api/yxs-app/yg/photo/<32 hex>`. */
export const VOLUNTEER_PHOTO_URL_PREFIX = '/api/yxs-app/yg/photo/';
export const isVolunteerPhotoUrl = (url: string): boolean =>
  url.startsWith(VOLUNTEER_PHOTO_URL_PREFIX) &&
  /^[0-9a-f]{32}$/.test(url.slice(VOLUNTEER_PHOTO_URL_PREFIX.length));

/** The size's refusal (the server's check, and the browser's). */
export const volunteerPhotoSizeRefusal = (bytes: number): string | null => {
  if (bytes > VOLUNTEER_PHOTO_RULES.maxBytes) return VOLUNTEER_MESSAGES.photoTooLarge;
  if (bytes <= VOLUNTEER_PHOTO_RULES.minExclusiveBytes) return VOLUNTEER_MESSAGES.photoTooSmall;
  return null;
};

/**
 * The browser's first check of a chosen file: its name's extension, its size and, when the first
 * bytes are given, what they show. The server judges again by the bytes it receives.
 */
export const volunteerPhotoRefusal = (
  file: { name: string; size: number },
  head?: Uint8Array,
): string | null => {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (
    !file.name.includes('.') ||
    !(VOLUNTEER_PHOTO_RULES.extensions as readonly string[]).includes(extension)
  )
    return VOLUNTEER_MESSAGES.photoEmpty;
  if (head && sniffPhotoType(head) === null) return VOLUNTEER_MESSAGES.photoEmpty;
  return volunteerPhotoSizeRefusal(file.size);
};

// ---------------------------------------------------------------------------------------------
// The rule of each field (002 section 5), shared by the form and the payload.

const M = VOLUNTEER_MESSAGES;
const CHINESE = /^[\u4e00-\u9fa5]+$/;
/**
 * A home address: Chinese and digits (002 section 5) with the punctuation addresses are written
 * with: hyphens and dashes, #, slashes, parentheses, commas and stops, the Chinese 、；：· and
 * spaces between parts (188弄2-301室, 3号楼（东）, 12#); at least one Chinese character or digit.
 * Letters, other symbols (< > & " ' @ …), line breaks and emoji are refused, as before.
 */
const ADDRESS = /^[\u4e00-\u9fa50-9０-９\-－—–#＃/／()（）,，.。、;；:：·・ \u3000]+$/;
const HAS_CHINESE_OR_DIGIT = /[\u4e00-\u9fa50-9０-９]/;

const required = (message: string) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message));
const optional = (message: string, max: number, maxMessage = message) =>
  v.pipe(
    v.optional(v.string(message), ''),
    v.trim(),
    v.maxLength(max, maxMessage),
    v.regex(NO_CONTROL, message),
  );
const pastDate = (empty: string, future: string, today: string) =>
  v.pipe(
    required(empty),
    v.check(isRealDate, empty),
    v.check((d) => d <= today, future),
  );

/**
 * The applicant's name: letters or Chinese, at most 20. The spec's messages say 用户名 (username);
 * the field is 姓名, so its messages say 姓名 (请输入姓名 / 姓名只能为汉字或字母).
 */
export const volunteerNameSchema = v.pipe(
  required(M.nameEmpty),
  v.regex(CHINESE_OR_LETTERS, M.nameInvalid),
  v.maxLength(VOLUNTEER_RULES.nameMax, M.nameTooLong),
);

/** The application's phone (its own messages: 请输入联系电话 / 手机号格式不正确). */
export const volunteerPhoneSchema = v.pipe(required(M.telEmpty), v.regex(MOBILE_PATTERN, M.telInvalid));

/** The application phone's message (请输入联系电话 / 手机号格式不正确), or null when it is valid. */
export const judgeVolunteerPhone = (phone: string): string | null =>
  fieldMessages(volunteerPhoneSchema, phone).general ?? null;

/** The fields' rules, keyed by the form's field names; `today` bounds the dates and the ID. */
export const volunteerFieldRules = (today: string) => ({
  NAME: volunteerNameSchema,
  ID_CARD: v.pipe(
    required(M.idEmpty),
    v.length(18, M.idInvalid),
    v.check((id) => isChineseIdNumber(id, today), M.idInvalid),
    v.transform((id) => id.toUpperCase()),
  ),
  TEL: volunteerPhoneSchema,
  SEX: v.picklist(['1', '2'], M.sex),
  NATION: v.pipe(
    required(M.nationEmpty),
    v.regex(CHINESE, M.nationInvalid),
    v.maxLength(VOLUNTEER_RULES.nationMax, M.nationTooLong),
  ),
  ADDRESS: v.pipe(
    required(M.addressEmpty),
    v.regex(ADDRESS, M.addressInvalid),
    v.regex(HAS_CHINESE_OR_DIGIT, M.addressInvalid),
    v.maxLength(VOLUNTEER_RULES.addressMax, M.addressTooLong),
  ),
  EMPLOYER: v.pipe(
    optional(M.employerInvalid, VOLUNTEER_RULES.employerMax, M.employerTooLong),
    v.check((t) => t === '' || CHINESE_OR_LETTERS.test(t), M.employerInvalid),
  ),
  verifCode: v.pipe(required(M.codeEmpty), v.maxLength(6, M.codeFormat), v.regex(/^\d{6}$/, M.codeFormat)),
  PHOTO: v.pipe(v.string(M.photoEmpty), v.nonEmpty(M.photoEmpty), v.check(isVolunteerPhotoUrl, M.photoEmpty)),
  BIRTH_DATE: pastDate(M.birthDate, M.birthFuture, today),
  AGE: v.pipe(required(M.age), v.regex(/^\d{1,3}$/, M.age)),
  XF_DATE: pastDate(M.foDate, M.foDateFuture, today),
  POST_CODE: v.pipe(required(M.postCodeEmpty), v.regex(/^\d{6}$/, M.postCodeInvalid)),
  WX_NUMBER: optional(M.wechat, VOLUNTEER_RULES.wechatMax),
  LAST_DEGREE: v.picklist(valuesOf(EDUCATION_OPTIONS), M.degree),
  ST_ZK: v.picklist(valuesOf(HEALTH_OPTIONS), M.health),
  BOOL_CONVERT: v.picklist(['0', '1'], M.convert),
  BOOL_GMS: v.picklist(['0', '1'], M.gms),
  /** Judged only when BOOL_CONVERT is 1 (`conversionChecks`); safe text always. */
  CONVERT_DATE: optional(M.convertDate, 10),
  CONVERT_LEGAL_NAME: optional(M.dharmaNameInvalid, VOLUNTEER_RULES.dharmaNameMax),
  REFUGE_TEMPLE: optional(M.templeInvalid, VOLUNTEER_RULES.templeMax),
});

type ConversionField = 'CONVERT_DATE' | 'CONVERT_LEGAL_NAME' | 'REFUGE_TEMPLE';

/** A conversion field's refusal when BOOL_CONVERT is 1 (required, then its rule), or null. */
export const conversionRefusal = (field: ConversionField, value: string, today: string): string | null => {
  if (field === 'CONVERT_DATE') {
    if (value === '' || !isRealDate(value)) return M.convertDate;
    return value > today ? M.convertDateFuture : null;
  }
  if (field === 'CONVERT_LEGAL_NAME') {
    if (value === '') return M.dharmaNameEmpty;
    return CHINESE.test(value) ? null : M.dharmaNameInvalid;
  }
  if (value === '') return M.templeEmpty;
  return CHINESE.test(value) ? null : M.templeInvalid;
};

/**
 * A check over some fields of an object that reports on `target`. It runs whenever those fields
 * parse, so its message stands beside the other fields' messages.
 */
export const fieldCheck = <T>(
  fields: readonly string[],
  holds: (input: T) => boolean,
  message: v.ErrorMessage<v.PartialCheckIssue<Record<string, unknown>>>,
  target: string,
): v.GenericValidation<T, T> =>
  v.forward(
    v.partialCheck(fields.map((f) => [f]) as never, holds as never, message as never) as never,
    [target] as never,
  ) as never;

/**
 * The three conversion fields judged only when the believer has taken refuge, on an object whose
 * fields are named by `names` (the form's or the payload's).
 */
export const conversionChecks = <T>(
  today: string,
  names: { flag: string } & Record<ConversionField, string>,
  converted: (flag: unknown) => boolean,
) => {
  const check = (field: ConversionField) => {
    const refusal = (input: unknown) => {
      const o = input as Record<string, unknown>;
      return converted(o[names.flag]) ? conversionRefusal(field, String(o[names[field]] ?? ''), today) : null;
    };
    return fieldCheck<T>(
      [names.flag, names[field]],
      (input) => refusal(input) === null,
      (issue) => refusal(issue.input) ?? M.incomplete,
      names[field],
    );
  };
  return [check('CONVERT_DATE'), check('CONVERT_LEGAL_NAME'), check('REFUGE_TEMPLE')] as const;
};

// ---------------------------------------------------------------------------------------------
// The wire payload (002 section 3): what POST /api/yxs-app/yg carries, parsed by the server.

const commaIds = (allowed: readonly string[], message: string) =>
  v.pipe(
    v.string(message),
    v.maxLength(100, message),
    v.check((text) => {
      const ids = text.split(',');
      return text !== '' && ids.every((id) => allowed.includes(id)) && new Set(ids).size === ids.length;
    }, message),
  );
const bit = (message: string) => v.picklist([0, 1], message);

const weekSchema = v.object(
  Object.fromEntries(WEEKDAYS.map((day) => [day, bit(M.week)])) as Record<Weekday, ReturnType<typeof bit>>,
  M.week,
);

const wireEntries = (today: string) => {
  const r = volunteerFieldRules(today);
  return {
    name: r.NAME,
    idCard: r.ID_CARD,
    mobile: r.TEL,
    captcha: r.verifCode,
    sex: r.SEX,
    nation: r.NATION,
    address: r.ADDRESS,
    employer: r.EMPLOYER,
    photo: r.PHOTO,
    birthDate: r.BIRTH_DATE,
    age: r.AGE,
    foDate: r.XF_DATE,
    postCode: r.POST_CODE,
    wechat: r.WX_NUMBER,
    degree: r.LAST_DEGREE,
    physicalConditions: r.ST_ZK,
    boolConvert: bit(M.convert),
    boolGc: bit(M.gms),
    convertDate: r.CONVERT_DATE,
    convertLegalName: r.CONVERT_LEGAL_NAME,
    convertTemple: r.REFUGE_TEMPLE,
    ssqCode: v.pipe(v.string(M.hometown), v.regex(/^\d{2,12}(,\d{2,12}){0,2}$/, M.hometown)),
    ssqName: v.pipe(required(M.hometown), v.maxLength(100, M.hometown), v.regex(NO_CONTROL, M.hometown)),
    dataSource: v.literal(VOLUNTEER_RULES.dataSource, M.dataSource),
    timeAvailable: v.picklist([1, 2], M.weekMismatch),
    week: weekSchema,
    projectHcIds: commaIds(DAILY_PROJECT_IDS, M.dailyProjects),
    projectHdIds: commaIds(EVENT_PROJECT_IDS, M.eventProjects),
    talentIds: commaIds(TALENT_IDS, M.talents),
  };
};

/** The payload's shape (the endpoint's request); the server judges with `volunteerPayloadSchema(today)`. */
export const volunteerPayloadRequest = v.object(wireEntries('9999-12-31'), M.incomplete);
export type VolunteerPayloadInput = v.InferInput<typeof volunteerPayloadRequest>;
type PayloadShape = v.InferOutput<typeof volunteerPayloadRequest>;

/** The payload with every rule: the fields, the conversion rule, the week and its anytime flag. */
export const volunteerPayloadSchema = (today: string) =>
  v.pipe(
    v.object(wireEntries(today), M.incomplete),
    ...conversionChecks<PayloadShape>(
      today,
      {
        flag: 'boolConvert',
        CONVERT_DATE: 'convertDate',
        CONVERT_LEGAL_NAME: 'convertLegalName',
        REFUGE_TEMPLE: 'convertTemple',
      },
      (flag) => flag === 1,
    ),
    fieldCheck<PayloadShape>(['week'], (p) => WEEKDAYS.some((day) => p.week[day] === 1), M.week, 'week'),
    fieldCheck<PayloadShape>(
      ['week', 'timeAvailable'],
      (p) => (p.timeAvailable === 1) === WEEKDAYS.every((day) => p.week[day] === 1),
      M.weekMismatch,
      'timeAvailable',
    ),
    // Not converted: the conversion fields are not kept.
    v.transform((p: PayloadShape) =>
      p.boolConvert === 1 ? p : { ...p, convertDate: '', convertLegalName: '', convertTemple: '' },
    ),
  );
export type VolunteerPayload = v.InferOutput<ReturnType<typeof volunteerPayloadSchema>>;

export const volunteerCodeRequest = v.object(
  { phone: volunteerPhoneSchema, type: v.literal(VOLUNTEER_RULES.codePurpose, M.incomplete) },
  M.incomplete,
);

const ANSWER = '志工申请的答复有误';

export const volunteerPhotoAnswer = mainEnvelope(
  v.object({ url: v.pipe(v.string(ANSWER), v.check(isVolunteerPhotoUrl, ANSWER)) }, ANSWER),
);

/**
 * The believer's own open application, or null: the page says 您已提交过志工申请 on arrival
 * instead of showing an empty form. The phone comes masked (it may be a relative's).
 */
export const myVolunteerApplication = v.nullable(
  v.object(
    {
      name: v.string(ANSWER),
      /** The application's phone, its middle four digits masked (138****5678). */
      mobile: v.string(ANSWER),
      /** The temple's day it was submitted, YYYY-MM-DD. */
      submittedOn: v.pipe(v.string(ANSWER), v.regex(/^\d{4}-\d{2}-\d{2}$/, ANSWER)),
    },
    ANSWER,
  ),
);
export type MyVolunteerApplication = v.InferOutput<typeof myVolunteerApplication>;

export const volunteerApi = {
  /** The logged-in believer's pending application (status pending), or null; login required. */
  mine: endpoint({
    method: 'GET',
    path: '/api/yxs-app/yg/mine',
    request: null,
    response: mainEnvelope(myVolunteerApplication),
  }),
  /** The application; login required. Answers status 200, msg 志工申请成功. */
  apply: endpoint({
    method: 'POST',
    path: '/api/yxs-app/yg',
    request: volunteerPayloadRequest,
    response: mainEnvelope(v.null()),
  }),
  /** The SMS code for the application's phone (any valid mainland phone), type 'volunteer'. */
  sendCode: endpoint({
    method: 'POST',
    path: '/api/yxs-app/yg/register/verify',
    request: volunteerCodeRequest,
    response: mainEnvelope(v.null()),
  }),
  /** uploadPhoto with `?use=volunteer`: multipart, field `file`; login required. */
  uploadPhoto: endpoint({
    method: 'POST',
    path: `/api/yxs-app/believer/uploadPhoto?use=${VOLUNTEER_PHOTO_RULES.use}`,
    request: null,
    response: volunteerPhotoAnswer,
  }),
};
