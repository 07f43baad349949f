/** What node-postgres and PostgreSQL say when the database cannot answer now. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '57014', // query_canceled (statement_timeout)
  '53300', // too_many_connections
  '40001', // serialization_failure
  '40P01', // deadlock_detected
]);

const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Query read timeout',
  'Client has encountered a connection error',
  'Connection ended unexpectedly',
];

const codeOf = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';

/** The database is down, frozen, restarting or overloaded: answer 503 and let the client retry. */
export const isDatabaseUnavailable = (error: unknown): boolean => {
  const code = codeOf(error);
  if (UNAVAILABLE_CODES.has(code) || code.startsWith('08')) return true;
  const message = error instanceof Error ? error.message : '';
  if (UNAVAILABLE_MESSAGES.some((text) => message.includes(text))) return true;
  return error instanceof AggregateError && error.errors.some(isDatabaseUnavailable);
};

/** PostgreSQL's class 22 (data exception): a value it cannot store, such as a NUL or an out-of-range integer. */
export const isBadInputForDatabase = (error: unknown): boolean => codeOf(error).startsWith('22');

/** PostgreSQL's unique_violation: a second row where an index admits one. */
export const isUniqueViolation = (error: unknown): boolean => codeOf(error) === '23505';

/** PostgreSQL's insufficient_privilege: a role that does not own a table tried to alter it, or lacks a grant. */
export const isInsufficientPrivilege = (error: unknown): boolean => codeOf(error) === '42501';
