import * as v from 'valibot';
import { NO_CONTROL, noMarkup } from './wire';

/**
 * The temple's staff (DESIGN section 1): accounts apart from believers, with a password and a
 * TOTP code, sessions of their own and roles checked on the server for every console call.
 * This file holds the roles with what each may do, the rules of a staff account's fields, and
 * the messages the console shows. The calls are in `console.ts`.
 */

export const STAFF_ROLES = ['clerk', 'finance', 'content', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  clerk: '客堂',
  finance: '财务',
  content: '内容',
  admin: '管理员',
};

/**
 * What the console does, and which roles may do it. The server checks the permission of every
 * call; the console hides what the signed-in account may not do (a hint, never the check).
 */
export const STAFF_PERMISSIONS = {
  /** The Today board, order search and an order's page. */
  viewOrders: ['clerk', 'finance'],
  /** Record a payment at the temple, extend or release a hold, cancel an unpaid order. */
  changeOrders: ['clerk'],
  /** Rosters, their CSV and the tablet print sheets. */
  printRosters: ['clerk'],
  /** Seat maps: mark enshrined, block and unblock seats. */
  changeSeats: ['clerk'],
  /** Volunteer applications with their photos, and their review. */
  reviewVolunteers: ['clerk'],
  /** The refund_due payments, and refunding them through the gateway. */
  refund: ['finance'],
  /** News and the catalogue (the next issue's screens). */
  editContent: ['content'],
  /** Staff accounts and the audit log. */
  manageStaff: ['admin'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffPermission = keyof typeof STAFF_PERMISSIONS;

export const hasPermission = (roles: readonly StaffRole[], permission: StaffPermission): boolean =>
  roles.some((role) => (STAFF_PERMISSIONS[permission] as readonly StaffRole[]).includes(role));

export const STAFF_RULES = {
  usernameMin: 3,
  usernameMax: 32,
  displayNameMax: 20,
  passwordMin: 12,
  passwordMax: 128,
  /** Failed sign-ins (password or code) in a row before the account is locked. */
  maxFailures: 5,
  lockMinutes: 15,
  /** A session ends after this long without a call, and at the latest after `sessionHours`. */
  idleMinutes: 30,
  sessionHours: 12,
  totpIssuer: '寺院客堂',
  /**
   * Failed sign-ins from one address in 15 minutes (any usernames): guessing across accounts is
   * slowed too. Sign-ins that succeed are not counted: a whole office behind one address may sign in.
   */
  failedSignInsPerAddress: 20,
  signInWindowSeconds: 900,
} as const;

export const STAFF_MESSAGES = {
  usernameEmpty: '请输入用户名',
  usernameInvalid: '用户名为3至32位小写字母、数字、点、下划线或连字符',
  displayNameEmpty: '请输入姓名',
  displayNameTooLong: '姓名最多20个字',
  displayNameInvalid: '姓名不能包含控制字符',
  displayNameMarkup: '姓名不能包含尖括号 < >',
  passwordEmpty: '请输入密码',
  passwordTooShort: '密码至少12位',
  passwordTooLong: '密码最多128位',
  codeEmpty: '请输入动态验证码',
  codeInvalid: '动态验证码为6位数字',
  rolesEmpty: '请至少选择一个角色',
  roleInvalid: '角色不正确',
  /** One answer for a wrong username, password or code: it never says which was wrong. */
  signInFailed: '用户名、密码或动态验证码不正确',
  locked: '登录失败次数过多，账号已暂时锁定，请15分钟后再试或联系管理员',
  disabled: '该账号已停用，请联系管理员',
  signInRequired: '请先登录工作台',
  sessionEnded: '登录已过期，请重新登录',
  forbidden: '您的角色无权进行此操作',
  usernameTaken: '该用户名已被使用',
  accountNotFound: '未找到该工作人员账号',
  lastAdmin: '至少需保留一位启用的管理员',
  selfDisable: '不能停用自己的账号',
  jsonOnly: '请求格式不正确',
  tooManySignIns: '登录失败次数过多，请稍后再试',
} as const;

const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{2,31}$/;

export const usernameSchema = v.pipe(
  v.string(STAFF_MESSAGES.usernameEmpty),
  v.trim(),
  v.nonEmpty(STAFF_MESSAGES.usernameEmpty),
  v.regex(USERNAME_PATTERN, STAFF_MESSAGES.usernameInvalid),
);

/** A password is judged by its length only (NIST 800-63B): no composition rules. */
export const passwordSchema = v.pipe(
  v.string(STAFF_MESSAGES.passwordEmpty),
  v.nonEmpty(STAFF_MESSAGES.passwordEmpty),
  v.minLength(STAFF_RULES.passwordMin, STAFF_MESSAGES.passwordTooShort),
  v.maxLength(STAFF_RULES.passwordMax, STAFF_MESSAGES.passwordTooLong),
  v.regex(NO_CONTROL, STAFF_MESSAGES.passwordEmpty),
);

export const totpCodeSchema = v.pipe(
  v.string(STAFF_MESSAGES.codeEmpty),
  v.trim(),
  v.nonEmpty(STAFF_MESSAGES.codeEmpty),
  v.regex(/^\d{6}$/, STAFF_MESSAGES.codeInvalid),
);

export const displayNameSchema = v.pipe(
  v.string(STAFF_MESSAGES.displayNameEmpty),
  v.trim(),
  v.nonEmpty(STAFF_MESSAGES.displayNameEmpty),
  v.maxLength(STAFF_RULES.displayNameMax, STAFF_MESSAGES.displayNameTooLong),
  v.regex(NO_CONTROL, STAFF_MESSAGES.displayNameInvalid),
  noMarkup(STAFF_MESSAGES.displayNameMarkup),
);

export const rolesSchema = v.pipe(
  v.array(v.picklist(STAFF_ROLES, STAFF_MESSAGES.roleInvalid), STAFF_MESSAGES.rolesEmpty),
  v.nonEmpty(STAFF_MESSAGES.rolesEmpty),
  v.transform((roles) => [...new Set(roles)]),
);

/** Sign in: one form with the password and the code, one answer whatever was wrong. */
export const staffSignInSchema = v.object(
  {
    username: usernameSchema,
    password: v.pipe(
      v.string(STAFF_MESSAGES.passwordEmpty),
      v.nonEmpty(STAFF_MESSAGES.passwordEmpty),
      v.maxLength(STAFF_RULES.passwordMax, STAFF_MESSAGES.passwordTooLong),
    ),
    code: totpCodeSchema,
  },
  STAFF_MESSAGES.signInFailed,
);
export type StaffSignIn = v.InferOutput<typeof staffSignInSchema>;

/** An administrator creates an account; the server answers the TOTP secret once, to be scanned. */
export const staffCreateSchema = v.object(
  {
    username: usernameSchema,
    displayName: displayNameSchema,
    password: passwordSchema,
    roles: rolesSchema,
  },
  STAFF_MESSAGES.jsonOnly,
);
export type StaffCreate = v.InferOutput<typeof staffCreateSchema>;

/** An administrator changes an account: its name, roles, whether it is enabled, a new password (and unlocks it). */
export const staffUpdateSchema = v.object(
  {
    displayName: displayNameSchema,
    roles: rolesSchema,
    disabled: v.boolean(STAFF_MESSAGES.jsonOnly),
    /** A new password (a forgotten one): empty or absent keeps the old. */
    password: v.optional(v.union([v.literal(''), passwordSchema], STAFF_MESSAGES.passwordTooShort), ''),
  },
  STAFF_MESSAGES.jsonOnly,
);
export type StaffUpdate = v.InferOutput<typeof staffUpdateSchema>;

export const staffAccountSchema = v.object({
  id: v.number(),
  username: v.string(),
  displayName: v.string(),
  roles: v.array(v.picklist(STAFF_ROLES)),
  disabled: v.boolean(),
  /** ISO time until which the account is locked after failed sign-ins, or null. */
  lockedUntil: v.nullable(v.string()),
  lastSignInAt: v.nullable(v.string()),
  createdAt: v.string(),
});
export type StaffAccount = v.InferOutput<typeof staffAccountSchema>;

/** The signed-in account, as the console shell shows it. */
export const staffMeSchema = v.object({
  id: v.number(),
  username: v.string(),
  displayName: v.string(),
  roles: v.array(v.picklist(STAFF_ROLES)),
});
export type StaffMe = v.InferOutput<typeof staffMeSchema>;

/** An account's TOTP enrolment, answered once when it is made or reset. */
export const totpEnrolmentSchema = v.object({
  account: staffAccountSchema,
  /** otpauth:// URI for the authenticator app's QR. */
  totpUri: v.string(),
  /** The same secret in Base32, for typing it in. */
  totpSecret: v.string(),
});
export type TotpEnrolment = v.InferOutput<typeof totpEnrolmentSchema>;

export const auditEntrySchema = v.object({
  id: v.number(),
  at: v.string(),
  staffId: v.nullable(v.number()),
  username: v.string(),
  action: v.string(),
  subject: v.string(),
  before: v.unknown(),
  after: v.unknown(),
});
export type AuditEntry = v.InferOutput<typeof auditEntrySchema>;

/** What the audit log names each action (the console shows these). */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'staff.signedIn': '登录',
  'staff.signInFailed': '登录失败',
  'staff.signedOut': '退出',
  'staff.created': '新建工作人员',
  'staff.updated': '修改工作人员',
  'staff.totpReset': '重置动态验证码',
  'order.paymentRecorded': '登记到寺付款',
  'order.balanceRecorded': '登记补缴余款',
  'order.holdExtended': '延长保留',
  'order.cancelled': '取消订单',
  'order.enshrined': '圣像已供奉',
  'payment.refunded': '退款',
  'seat.blocked': '封存座位',
  'seat.unblocked': '解封座位',
  'volunteer.reviewed': '审核志工申请',
  'volunteer.phoneRevealed': '查看志工申请人完整手机号',
  'roster.exported': '导出名册',
  'site.updated': '修改站点信息',
  'ceremonyDay.closed': '关闭佛事日',
  'ceremonyDay.reopened': '重开佛事日',
  'ceremonyType.updated': '修改佛事类型与价格',
  'ceremonySlots.updated': '修改佛事时段与场次',
  'news.created': '新建文章',
  'news.updated': '修改文章',
  'news.carouselOrdered': '调整首页轮播顺序',
  'assembly.created': '新建法会',
  'assembly.updated': '修改法会',
  'assembly.published': '发布法会',
  'assembly.unpublished': '撤下法会',
  'merit.created': '新建功德项目',
  'merit.updated': '修改功德项目',
  'merit.published': '发布功德项目',
  'merit.unpublished': '撤下功德项目',
  'merit.reordered': '调整功德项目顺序',
  'tablet.type.updated': '修改牌位类型',
  'tablet.category.updated': '修改牌位类别',
  'tablet.group.created': '新增牌位区域',
  'tablet.group.updated': '修改牌位区域',
  'tablet.seats.added': '增加牌位位置',
  'tablet.seats.removed': '删除牌位位置',
  'statue.location.updated': '修改佛像供奉地点',
  'statue.niches.rowAdded': '增加一排龛位',
  'statue.niches.columnAdded': '增加一列龛位',
  'statue.niche.removed': '删除龛位',
  'image.uploaded': '上传图片',
  'video.created': '新建视频',
  'video.updated': '修改视频',
  'video.published': '发布视频',
  'video.unpublished': '撤下视频',
  'video.filmUploaded': '上传视频文件',
  'video.captionsUploaded': '上传字幕',
};
