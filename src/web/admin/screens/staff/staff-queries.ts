import { type AuditSearch, consoleApi } from '@contract/console';
import { STAFF_ROLE_LABELS, type StaffAccount, type StaffRole } from '@contract/staff';
import { templeDateTime } from '@contract/temple-day';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { consoleCall } from '../../api/console-client';

/** The staff accounts, as the server orders them. */
export const staffListQuery = queryOptions({
  queryKey: ['console', 'staff'],
  queryFn: () => consoleCall(consoleApi.staffList, { quiet: true }),
});

/** One page of the audit log (newest first); the page shown stays while the next one loads. */
export const auditQuery = (search: AuditSearch) =>
  queryOptions({
    queryKey: ['console', 'audit', search],
    queryFn: () => consoleCall(consoleApi.audit, { query: search, quiet: true }),
    placeholderData: keepPreviousData,
  });

/** Roles in the temple's words, in the contract's order: 客堂、财务. */
export const rolesText = (roles: readonly string[]): string =>
  roles.map((role) => STAFF_ROLE_LABELS[role as StaffRole] ?? role).join('、');

/** An ISO time in the temple's clock; an unreadable one as sent. */
export const timeText = (iso: string): string => {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : templeDateTime(at);
};

/** The lock's end while the account is still locked at `now`, else null. */
export const lockedUntil = (account: StaffAccount, now: Date): string | null =>
  account.lockedUntil && new Date(account.lockedUntil) > now ? account.lockedUntil : null;

/** 启用, 已停用, or 已锁定至 <time> (failed sign-ins). */
export const accountState = (account: StaffAccount, now: Date): string => {
  if (account.disabled) return '已停用';
  const until = lockedUntil(account, now);
  return until ? `已锁定至 ${timeText(until)}` : '启用';
};
