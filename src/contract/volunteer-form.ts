import * as v from 'valibot';
import { AUTH_MESSAGES } from './auth';
import { fieldMessages } from './envelope';
import {
  conversionChecks,
  DAILY_PROJECT_IDS,
  EVENT_PROJECT_IDS,
  fieldCheck,
  NO_DAYS,
  TALENT_IDS,
  timeAvailable,
  VOLUNTEER_MESSAGES,
  VOLUNTEER_RULES,
  type VolunteerPayloadInput,
  volunteerFieldRules,
  WEEKDAYS,
  type WeekTicks,
} from './volunteer';

/**
 * The volunteer application form (spec 002 sections 2, 4, 5): what the believer fills in, its
 * defaults, the fields in the order the page shows them, the one schema with every message of
 * the validation table and the activity rules, the judge the machine runs on 提交, and the wire
 * payload built from a valid form.
 */

/** The form as the believer edits it (the spec's field names; dates YYYY-MM-DD). */
export interface VolunteerFormValues {
  NAME: string;
  ID_CARD: string;
  /** The URL the volunteer photo upload answered, or ''. */
  PHOTO: string;
  SEX: '1' | '2' | '';
  BIRTH_DATE: string;
  NATION: string;
  AGE: string;
  /** 籍贯: the cascader's codes (province, city, county) and their names. */
  HOMETOWN: string[];
  HOMETOWN_NAME: string[];
  XF_DATE: string;
  POST_CODE: string;
  WX_NUMBER: string;
  LAST_DEGREE: string;
  EMPLOYER: string;
  ST_ZK: string;
  BOOL_CONVERT: '0' | '1';
  BOOL_GMS: '0' | '1' | '';
  CONVERT_DATE: string;
  TEL: string;
  verifCode: string;
  CONVERT_LEGAL_NAME: string;
  ADDRESS: string;
  REFUGE_TEMPLE: string;
  /** 随时 and the seven days (`tickAnytime` / `tickWeekday` keep them consistent). */
  ANYTIME: boolean;
  WEEK: WeekTicks;
  /** The ticked 日常维护 projects, 大型活动 projects and 技能专长 (option values). */
  PROJECT_HC: string[];
  PROJECT_HD: string[];
  TALENTS: string[];
}

/** The fields a message can stand beside (HOMETOWN_NAME and ANYTIME go with HOMETOWN and WEEK). */
export type VolunteerField = Exclude<keyof VolunteerFormValues, 'HOMETOWN_NAME' | 'ANYTIME'>;
export type VolunteerFieldErrors = Partial<Record<VolunteerField, string>>;

/**
 * 基本信息, in the order the page shows them: the person, then 联系方式 (phone, code, address,
 * postcode), then 信仰情况 with the conversion three after 是否皈依 (shown when BOOL_CONVERT is 1).
 */
export const VOLUNTEER_BASIC_FIELDS = [
  'NAME',
  'ID_CARD',
  'PHOTO',
  'SEX',
  'BIRTH_DATE',
  'NATION',
  'AGE',
  'HOMETOWN',
  'LAST_DEGREE',
  'ST_ZK',
  'EMPLOYER',
  'WX_NUMBER',
  'TEL',
  'verifCode',
  'ADDRESS',
  'POST_CODE',
  'XF_DATE',
  'BOOL_GMS',
  'BOOL_CONVERT',
  'CONVERT_DATE',
  'CONVERT_LEGAL_NAME',
  'REFUGE_TEMPLE',
] as const satisfies readonly VolunteerField[];

/** 活动信息, 日常维护, 大型活动, 技能专长: the sections after the basic info. */
export const VOLUNTEER_ACTIVITY_FIELDS = [
  'WEEK',
  'PROJECT_HC',
  'PROJECT_HD',
  'TALENTS',
] as const satisfies readonly VolunteerField[];

/** Every field in page order: the first with a message gets the focus. */
export const VOLUNTEER_FIELDS: readonly VolunteerField[] = [
  ...VOLUNTEER_BASIC_FIELDS,
  ...VOLUNTEER_ACTIVITY_FIELDS,
];

export const isBasicInfoField = (field: VolunteerField): boolean =>
  (VOLUNTEER_BASIC_FIELDS as readonly VolunteerField[]).includes(field);

/** What the logged-in believer gives the form: name and phone. */
export interface VolunteerProfile {
  realName?: string | null;
  phone?: string | null;
}

/** The form's first values (002 section 2): male, health 1, not converted, not in 广慈功德会. */
export const volunteerFormDefaults = (profile?: VolunteerProfile | null): VolunteerFormValues => ({
  NAME: profile?.realName?.trim() ?? '',
  ID_CARD: '',
  PHOTO: '',
  SEX: '1',
  BIRTH_DATE: '',
  NATION: '',
  AGE: '',
  HOMETOWN: [],
  HOMETOWN_NAME: [],
  XF_DATE: '',
  POST_CODE: '',
  WX_NUMBER: '',
  LAST_DEGREE: '',
  EMPLOYER: '',
  ST_ZK: '1',
  BOOL_CONVERT: '0',
  BOOL_GMS: '0',
  CONVERT_DATE: '',
  TEL: profile?.phone ?? '',
  verifCode: '',
  CONVERT_LEGAL_NAME: '',
  ADDRESS: '',
  REFUGE_TEMPLE: '',
  ANYTIME: false,
  WEEK: { ...NO_DAYS },
  PROJECT_HC: [],
  PROJECT_HD: [],
  TALENTS: [],
});

const M = VOLUNTEER_MESSAGES;
const ticked = (allowed: readonly string[], message: string) =>
  v.pipe(v.array(v.picklist(allowed, message), message), v.minLength(1, message), v.maxLength(20, message));

const formEntries = (today: string) => ({
  ...volunteerFieldRules(today),
  HOMETOWN: v.pipe(
    v.array(v.pipe(v.string(M.hometown), v.regex(/^\d{2,12}$/, M.hometown)), M.hometown),
    v.minLength(1, M.hometown),
    v.maxLength(3, M.hometown),
  ),
  HOMETOWN_NAME: v.pipe(
    v.array(v.pipe(v.string(M.hometown), v.nonEmpty(M.hometown), v.maxLength(30, M.hometown)), M.hometown),
    v.maxLength(3, M.hometown),
  ),
  ANYTIME: v.boolean(M.week),
  WEEK: v.pipe(
    v.object(
      Object.fromEntries(WEEKDAYS.map((day) => [day, v.boolean(M.week)])) as Record<
        (typeof WEEKDAYS)[number],
        v.BooleanSchema<string>
      >,
      M.week,
    ),
    v.check((week) => WEEKDAYS.some((day) => week[day]), M.week),
  ),
  PROJECT_HC: ticked(DAILY_PROJECT_IDS, M.dailyProjects),
  PROJECT_HD: ticked(EVENT_PROJECT_IDS, M.eventProjects),
  TALENTS: ticked(TALENT_IDS, M.talents),
});
type FormShape = v.InferOutput<v.ObjectSchema<ReturnType<typeof formEntries>, string>>;

/**
 * The one schema of the form: every row of 002 section 5, the activity rules, the conversion
 * fields judged only when BOOL_CONVERT is 1, and 随时 consistent with the seven days.
 */
export const volunteerFormSchema = (today: string) =>
  v.pipe(
    v.object(formEntries(today), M.incomplete),
    ...conversionChecks<FormShape>(
      today,
      {
        flag: 'BOOL_CONVERT',
        CONVERT_DATE: 'CONVERT_DATE',
        CONVERT_LEGAL_NAME: 'CONVERT_LEGAL_NAME',
        REFUGE_TEMPLE: 'REFUGE_TEMPLE',
      },
      (flag) => flag === '1',
    ),
    fieldCheck<FormShape>(
      ['ANYTIME', 'WEEK'],
      (f) => f.ANYTIME === WEEKDAYS.every((day) => f.WEEK[day]),
      M.weekMismatch,
      'WEEK',
    ),
  );
export type VolunteerForm = v.InferOutput<ReturnType<typeof volunteerFormSchema>>;

/** The payload of POST /api/yxs-app/yg built from a valid form (002 section 3). */
export const volunteerPayload = (form: VolunteerForm): VolunteerPayloadInput => {
  const converted = form.BOOL_CONVERT === '1';
  return {
    name: form.NAME,
    idCard: form.ID_CARD,
    mobile: form.TEL,
    captcha: form.verifCode,
    sex: form.SEX,
    nation: form.NATION,
    address: form.ADDRESS,
    employer: form.EMPLOYER,
    photo: form.PHOTO,
    birthDate: form.BIRTH_DATE,
    age: form.AGE,
    foDate: form.XF_DATE,
    postCode: form.POST_CODE,
    wechat: form.WX_NUMBER,
    degree: form.LAST_DEGREE,
    physicalConditions: form.ST_ZK,
    boolConvert: converted ? 1 : 0,
    boolGc: form.BOOL_GMS === '1' ? 1 : 0,
    convertDate: converted ? form.CONVERT_DATE : '',
    convertLegalName: converted ? form.CONVERT_LEGAL_NAME : '',
    convertTemple: converted ? form.REFUGE_TEMPLE : '',
    ssqCode: form.HOMETOWN.join(','),
    ssqName: form.HOMETOWN_NAME.join(','),
    dataSource: VOLUNTEER_RULES.dataSource,
    timeAvailable: timeAvailable(form.ANYTIME),
    week: Object.fromEntries(WEEKDAYS.map((day) => [day, form.WEEK[day] ? 1 : 0])) as Record<
      (typeof WEEKDAYS)[number],
      0 | 1
    >,
    projectHcIds: form.PROJECT_HC.join(','),
    projectHdIds: form.PROJECT_HD.join(','),
    talentIds: form.TALENTS.join(','),
  };
};

const CODE_REFUSALS: string[] = [AUTH_MESSAGES.codeMissing, M.codeEmpty, M.codeFormat];
const PHOTO_REFUSALS: string[] = [M.photoEmpty, M.photoNotOurs, M.photoNotFound];

/** The field a refusal of the application is about (the code, the photo), or null for none. */
export const volunteerRefusalField = (message: string): VolunteerField | null => {
  if (message.startsWith('验证码') || CODE_REFUSALS.includes(message)) return 'verifCode';
  return PHOTO_REFUSALS.includes(message) ? 'PHOTO' : null;
};

export type VolunteerJudged =
  | {
      outcome: 'invalid';
      errors: VolunteerFieldErrors;
      /** The first field with a message, in page order (it gets the focus). */
      firstField: VolunteerField;
      /** Whether that field is in 基本信息 (the page scrolls up to the form). */
      basicInfo: boolean;
    }
  | { outcome: 'valid'; payload: VolunteerPayloadInput };

/** 提交 on the form: each field's first message, or the payload the call sends. */
export const judgeVolunteerForm = (values: VolunteerFormValues, today: string): VolunteerJudged => {
  const schema = volunteerFormSchema(today);
  const parsed = v.safeParse(schema, values);
  if (parsed.success) return { outcome: 'valid', payload: volunteerPayload(parsed.output) };
  const messages = fieldMessages(schema, values);
  const errors: VolunteerFieldErrors = {};
  for (const field of VOLUNTEER_FIELDS) {
    const message = messages[field] ?? (field === 'HOMETOWN' ? messages.HOMETOWN_NAME : undefined);
    if (message) errors[field] = message;
  }
  const firstField = VOLUNTEER_FIELDS.find((field) => errors[field]) ?? 'NAME';
  if (!errors[firstField]) errors[firstField] = messages.general ?? M.incomplete;
  return { outcome: 'invalid', errors, firstField, basicInfo: isBasicInfoField(firstField) };
};
