import { waitText } from './rate-limits';

/**
 * What login and registration say (the dialog, the server, the guard of login-only pages). Apart
 * from the auth calls' schemas: the guard runs before any page code has loaded.
 */
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
  /** Over SMS_LIMITS.perPhone (the cooldown's own message is `tooSoon`). */
  phoneSendsTooMany: (seconds: number) => `该手机号获取验证码次数过多，请${waitText(seconds)}后再试`,
  /** Over SMS_LIMITS.perAddress. */
  addressSendsTooMany: (seconds: number) => `当前网络获取验证码过于频繁，请${waitText(seconds)}后再试`,
  /** Over CODE_CHECK_LIMITS (per phone or per address). */
  checksTooMany: (seconds: number) => `登录尝试次数过多，请${waitText(seconds)}后再试`,
  codeWrong: (triesLeft: number) => `验证码错误，还可尝试${triesLeft}次`,
  codeLocked: '验证码错误次数过多，请重新获取',
  codeExpired: '验证码已过期，请重新获取',
  codeMissing: '请先获取验证码',
  notRegistered: '该手机号尚未注册，请先注册',
  alreadyRegistered: '该手机号已注册，请直接登录',
  unauthorized: '登录已失效，请重新登录',
  /** The session ended in another tab or window of the site (a logout there). */
  loggedOutElsewhere: '您已在其他窗口退出登录',
  loginRequired: '此内容需登录后查看。',
} as const;
