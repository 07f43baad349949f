import { randomInt } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TotpEnrolment } from '@contract/staff';
import { staffCreateSchema } from '@contract/staff';
import QRCode from 'qrcode';
import * as v from 'valibot';
import { openDatabase } from './bootstrap';
import { systemClock } from './clock';
import { COMMAND_FILE, COMMAND_PATH } from './command-channel';
import type { ServerConfig } from './config';
import { AppError } from './errors';
import { createStaffAccounts } from './services/staff/accounts';

/** Letters and digits that cannot be mistaken for each other when read off a terminal. */
const READABLE = 'abcdefghjkmnpqrstuvwxyz23456789';
const newPassword = () => Array.from({ length: 16 }, () => READABLE[randomInt(READABLE.length)]).join('');

interface Channel {
  port: number;
  key: string;
  pid: number;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * The running server's command channel, when one holds the PGlite folder: a file left by a server
 * that died (killed, crashed) names a process that is gone, and is ignored.
 */
const runningServer = (dataDir: string): Channel | null => {
  const file = join(dataDir, COMMAND_FILE);
  if (!existsSync(file)) return null;
  try {
    const channel = JSON.parse(readFileSync(file, 'utf8')) as Channel;
    return Number.isInteger(channel.pid) && isAlive(channel.pid) ? channel : null;
  } catch {
    return null;
  }
};

const throughServer = async (channel: Channel, input: unknown): Promise<TotpEnrolment> => {
  let answer: Response;
  try {
    answer = await fetch(`http://127.0.0.1:${channel.port}${COMMAND_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-command-key': channel.key },
      body: JSON.stringify(input),
      signal: AbortSignal.timeout(30_000),
    });
  } catch {
    throw new AppError(503, `无法连接正在运行的服务器（端口 ${channel.port}），请确认服务器已启动`);
  }
  const body = (await answer.json().catch(() => ({}))) as { msg?: string; data?: TotpEnrolment };
  if (!answer.ok || !body.data) throw new AppError(400, body.msg ?? `服务器拒绝了请求（${answer.status}）`);
  return body.data;
};

/**
 * `npm run staff -- create-admin <用户名> <姓名>`: the first administrator, with a new password and
 * TOTP secret printed once (the QR to scan with an authenticator app). On PostgreSQL it opens the
 * database; on PGlite it asks the running server through its command channel, or opens the folder
 * when no server holds it.
 */
export const createAdmin = async (
  config: ServerConfig,
  username: string,
  displayName: string,
  say: (text: string) => void,
): Promise<void> => {
  const password = newPassword();
  const parsed = v.safeParse(v.omit(staffCreateSchema, ['roles']), { username, displayName, password });
  if (!parsed.success) throw new AppError(400, parsed.issues[0]?.message ?? '参数不正确');
  const dataDir = resolve(config.DATA_DIR);
  const channel = config.DATABASE_URL ? null : runningServer(dataDir);
  let enrolment: TotpEnrolment;
  if (channel) {
    enrolment = await throughServer(channel, parsed.output);
  } else {
    const database = await openDatabase(
      { url: config.DATABASE_URL, migrationUrl: config.MIGRATION_DATABASE_URL, dataDir },
      systemClock,
    );
    try {
      enrolment = await createStaffAccounts({ db: database.db, clock: systemClock }).createFirstAdmin(
        parsed.output,
      );
    } finally {
      await database.close();
    }
  }
  say(`已新建管理员 ${enrolment.account.username}（${enrolment.account.displayName}）`);
  say(`初始密码：${password}`);
  say(`动态验证码密钥：${enrolment.totpSecret}`);
  say('请用身份验证器应用（如 Google Authenticator、Microsoft Authenticator）扫描下面的二维码：');
  say(await QRCode.toString(enrolment.totpUri, { type: 'terminal', small: true }));
  say('然后打开 /admin/ 登录工作台。以上密码与密钥只显示这一次。');
};
