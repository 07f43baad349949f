import type { StaffAccount, TotpEnrolment } from '@contract/staff';

/** Three accounts: an administrator, a clerk-and-finance account locked until 2099, a disabled one. */
export const accounts: StaffAccount[] = [
  {
    id: 1,
    username: 'admin.li',
    displayName: '李师兄',
    roles: ['admin'],
    disabled: false,
    lockedUntil: null,
    lastSignInAt: '2026-11-22T01:30:00.000Z',
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  {
    id: 2,
    username: 'kt.wang',
    displayName: '王居士',
    roles: ['clerk', 'finance'],
    disabled: false,
    lockedUntil: '2099-01-01T02:00:00.000Z',
    lastSignInAt: null,
    createdAt: '2026-02-01T00:00:00.000Z',
  },
  {
    id: 3,
    username: 'cw.zhao',
    displayName: '赵居士',
    roles: ['finance'],
    disabled: true,
    lockedUntil: null,
    lastSignInAt: '2026-10-01T08:00:00.000Z',
    createdAt: '2026-03-01T00:00:00.000Z',
  },
];

/** The clerk 新建工作人员 makes in the tests. */
export const newAccount: StaffAccount = {
  id: 9,
  username: 'kt.chen',
  displayName: '陈居士',
  roles: ['clerk'],
  disabled: false,
  lockedUntil: null,
  lastSignInAt: null,
  createdAt: '2026-11-22T02:00:00.000Z',
};

export const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** What the server answers once for a new or reset account. */
export const enrolmentOf = (account: StaffAccount): TotpEnrolment => ({
  account,
  totpUri: `otpauth://totp/%E5%AF%BA%E9%99%A2%E5%AE%A2%E5%A0%82:${account.username}?secret=${SECRET}&issuer=%E5%AF%BA%E9%99%A2%E5%AE%A2%E5%A0%82`,
  totpSecret: SECRET,
});
