import * as v from 'valibot';
import { endpoint, mainEnvelope } from './envelope';
import { phoneSchema } from './phone';

export const AUTH_RULES = {
  codeLength: 6,
  codeTtlSeconds: 5 * 60,
  resendSeconds: 60,
  maxWrongTries: 5,
  tokenTtlDays: 30,
} as const;

export const AUTH_MESSAGES = {
  codeEmpty: '验证码不能为空',
  codeFormat: '请输入6位数字验证码',
  nameEmpty: '请填写姓名',
  nameInvalid: '请填写正确的姓名',
  codeSent: '发送成功',
  loggedIn: '登录成功',
  registered: '注册成功',
  loggedOut: '已退出登录',
  tooSoon: (seconds: number) => `验证码已发送，请${seconds}秒后再试`,
  codeWrong: (triesLeft: number) => `验证码错误，还可尝试${triesLeft}次`,
  codeLocked: '验证码错误次数过多，请重新获取',
  codeExpired: '验证码已过期，请重新获取',
  codeMissing: '请先获取验证码',
  notRegistered: '该手机号尚未注册，请先注册',
  alreadyRegistered: '该手机号已注册，请直接登录',
  unauthorized: '登录已失效，请重新登录',
  loginRequired: '此内容需登录后查看。',
} as const;

export const codePurpose = v.picklist(['login', 'register'], '验证码用途不正确');
export type CodePurpose = v.InferOutput<typeof codePurpose>;

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

export const sendCodeRequest = v.object({ phone: phoneSchema, type: codePurpose });
export const loginRequest = v.object({
  account: phoneSchema,
  captcha: captchaSchema,
  loginType: v.optional(v.literal('PC'), 'PC'),
});
export const registerRequest = v.object({ ...loginRequest.entries, realName: realNameSchema });

export const userInfo = v.object({
  phone: v.string(),
  userType: v.number(),
  realName: v.nullable(v.string()),
});
export type UserInfo = v.InferOutput<typeof userInfo>;

export const session = v.object({ token: v.string(), userInfo });
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
