import { randomBytes, timingSafeEqual } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { staffCreateSchema } from '@contract/staff';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from './app-env';
import { AppError } from './errors';
import { body, ok } from './http';
import type { StaffAccounts } from './services/staff/accounts';

/**
 * How `npm run staff -- create-admin` reaches a running server on the embedded database (one
 * PGlite folder is opened by one process): the server writes a random key and its port to
 * `<DATA_DIR>/command.json` (readable by its own user only) and accepts that key, from this
 * machine only, on one call. On PostgreSQL the command opens the database itself.
 */
export const COMMAND_FILE = 'command.json';
export const COMMAND_PATH = '/admin/api/command/create-admin';
const REFUSED = '命令通道拒绝了此请求';

export const openCommandChannel = (dataDir: string) => {
  const key = randomBytes(32).toString('base64url');
  const file = join(dataDir, COMMAND_FILE);
  return {
    key,
    listening(port: number) {
      writeFileSync(file, JSON.stringify({ port, key, pid: process.pid }), { mode: 0o600 });
    },
    close() {
      rmSync(file, { force: true });
    },
  };
};

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;
const socketAddress = (env: unknown): string =>
  (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket
    ?.remoteAddress ?? '';

const sameKey = (given: string, key: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** The one call the command channel answers: the first administrator. */
export const commandRoutes = (key: string, accounts: StaffAccounts) =>
  new Hono<AppEnv>().post(COMMAND_PATH, async (c) => {
    if (!LOOPBACK.test(socketAddress(c.env)) || !sameKey(c.req.header('x-command-key') ?? '', key)) {
      throw new AppError(403, REFUSED);
    }
    const input = await body(c, v.omit(staffCreateSchema, ['roles']));
    return ok(c, await accounts.createFirstAdmin(input), '已新建管理员');
  });
