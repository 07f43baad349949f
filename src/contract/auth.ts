import * as v from 'valibot';
import { AUTH_MESSAGES } from './auth-messages';
import { endpoint, fieldMessages, mainEnvelope } from './envelope';
import { PHONE_MESSAGES, phoneSchema } from './phone';

export const AUTH_RULES = {
  codeLength: 6,
  codeTtlSeconds: 5 * 60,
  resendSeconds: 60,
  maxWrongTries: 5,
  tokenTtlDays: 30,
} as const;

export { AUTH_MESSAGES };

/** What the login and register dialogs send a code for (POST /api/register/verify). */
export const codePurpose = v.picklist(['login', 'register'], '验证码用途不正确');
export type CodePurpose = v.InferOutput<typeof codePurpose>;
/**
 * Every purpose a code is issued for: the dialogs', and the volunteer application's phone (002
 * section 7), whose code only its own call sends (login required, rate limited per believer).
 */
export const SMS_CODE_PURPOSES = ['login', 'register', 'volunteer'] as const;
export type SmsCodePurpose = (typeof SMS_CODE_PURPOSES)[number];

export const captchaSchema = v.pipe(
  v.string(AUTH_MESSAGES.codeEmpty),
  v.trim(),
  v.nonEmpty(AUTH_MESSAGES.codeEmpty),
  v.regex(/^\d{6}$/, AUTH_MESSAGES.codeFormat),
);

/** Letters, digits and Chinese characters (spec 002 section 5), at most 20. */
export const realNameSchema = v.pipe(
  v.string(AUTH_MESSAGES.nameEmpty),
  v.trim(),
  v.nonEmpty(AUTH_MESSAGES.nameEmpty),
  v.maxLength(20, AUTH_MESSAGES.nameInvalid),
  v.regex(/^[A-Za-z0-9\u4e00-\u9fa5·]+$/, AUTH_MESSAGES.nameInvalid),
);

const REQUEST_INCOMPLETE = '提交的内容不完整';

export const sendCodeRequest = v.object({ phone: phoneSchema, type: codePurpose }, REQUEST_INCOMPLETE);
export const loginRequest = v.object(
  {
    account: phoneSchema,
    captcha: captchaSchema,
    loginType: v.optional(v.literal('PC', '登录方式不正确'), 'PC'),
  },
  REQUEST_INCOMPLETE,
);
export const registerRequest = v.object(
  { ...loginRequest.entries, realName: realNameSchema },
  REQUEST_INCOMPLETE,
);

/** The fields of the login and register dialogs, in the order they appear. */
export const AUTH_FIELDS = ['realName', 'account', 'captcha'] as const;
export type AuthField = (typeof AUTH_FIELDS)[number];
/** Each field's message, and `general` for what is about no field (the server busy, say). */
export type AuthFieldErrors = Partial<Record<AuthField | 'general', string>>;

export interface LoginForm {
  account: string;
  captcha: string;
}
export interface RegisterForm extends LoginForm {
  realName: string;
}

/** The login form judged with the login call's own schema: each field's first message. */
export const judgeLoginForm = (form: LoginForm): AuthFieldErrors =>
  fieldMessages(loginRequest, form) as AuthFieldErrors;
export const judgeRegisterForm = (form: RegisterForm): AuthFieldErrors =>
  fieldMessages(registerRequest, form) as AuthFieldErrors;
/** The phone alone, before a code is sent to it: its message, or null when it may be sent to. */
export const judgePhone = (phone: string): string | null => fieldMessages(phoneSchema, phone).general ?? null;

const CODE_REFUSALS: readonly string[] = [
  AUTH_MESSAGES.codeLocked,
  AUTH_MESSAGES.codeExpired,
  AUTH_MESSAGES.codeMissing,
  AUTH_MESSAGES.codeEmpty,
  AUTH_MESSAGES.codeFormat,
];
const PHONE_REFUSALS: readonly string[] = [
  AUTH_MESSAGES.notRegistered,
  AUTH_MESSAGES.alreadyRegistered,
  PHONE_MESSAGES.empty,
  PHONE_MESSAGES.invalid,
];
const NAME_REFUSALS: readonly string[] = [AUTH_MESSAGES.nameEmpty, AUTH_MESSAGES.nameInvalid];

/**
 * The field a refusal of the login or register call is about, so the dialog says it there:
 * the code (wrong, expired, locked), the phone (not registered, already registered), the name;
 * `general` for anything else.
 */
export const fieldOfRefusal = (message: string): AuthField | 'general' => {
  if (CODE_REFUSALS.includes(message) || message.startsWith('验证码错误')) return 'captcha';
  if (PHONE_REFUSALS.includes(message)) return 'account';
  if (NAME_REFUSALS.includes(message)) return 'realName';
  return 'general';
};

const TOO_SOON = /^验证码已发送，请(\d+)秒后再试$/;
/** The seconds a refused send says to wait (`AUTH_MESSAGES.tooSoon`), or null for another refusal. */
export const cooldownSecondsOf = (message: string): number | null => {
  const seconds = Number(TOO_SOON.exec(message)?.[1]);
  return Number.isInteger(seconds) && seconds > 0 ? seconds : null;
};

const USER_ANSWER = '用户信息的数据有误';
export const userInfo = v.object(
  {
    phone: v.string(USER_ANSWER),
    userType: v.number(USER_ANSWER),
    realName: v.nullable(v.string(USER_ANSWER)),
  },
  USER_ANSWER,
);
export type UserInfo = v.InferOutput<typeof userInfo>;

export const session = v.object({ token: v.string(USER_ANSWER), userInfo }, USER_ANSWER);
export type Session = v.InferOutput<typeof session>;

export const authApi = {
  sendCode: endpoint({
    method: 'POST',
    path: '/api/register/verify',
    request: sendCodeRequest,
    response: mainEnvelope(v.null()),
  }),
  login: endpoint({
    method: 'POST',
    path: '/api/login/mobile',
    request: loginRequest,
    response: mainEnvelope(session),
  }),
  register: endpoint({
    method: 'POST',
    path: '/api/register',
    request: registerRequest,
    response: mainEnvelope(session),
  }),
  logout: endpoint({ method: 'POST', path: '/api/logout', request: null, response: mainEnvelope(v.null()) }),
  me: endpoint({
    method: 'GET',
    path: '/api/yxs-app/user/me',
    request: null,
    response: mainEnvelope(userInfo),
  }),
};
