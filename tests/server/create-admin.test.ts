import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMMAND_FILE } from '@server/command-channel';
import type { ServerConfig } from '@server/config';
import { createAdmin } from '@server/create-admin';
import { staffSignIn } from '@tests/support/staff';
import { useTestApp } from '@tests/support/test-app';
import { serveOverHttp } from '@tests/support/wechat-test-gateway';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Issue 24: the first administrator is made by `npm run staff -- create-admin`, which works while
 * the server runs: on the embedded database through the server's command channel (a key in
 * DATA_DIR/command.json, from this machine only), since one PGlite folder is one process's.
 */
const KEY = 'k'.repeat(43);

describe('create-admin through the running server (PGlite)', () => {
  const t = useTestApp('pglite', { commandKey: KEY });
  const dataDir = mkdtempSync(join(tmpdir(), 'temple-command-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const config = { DATA_DIR: dataDir, DATABASE_URL: undefined } as unknown as ServerConfig;

  it('makes the first administrator once, prints the password and the TOTP secret, and they sign in', async () => {
    const http = await serveOverHttp([t]);
    try {
      writeFileSync(
        join(dataDir, COMMAND_FILE),
        JSON.stringify({ port: Number(new URL(http.origin).port), key: KEY, pid: process.pid }),
      );
      const lines: string[] = [];
      await createAdmin(config, 'abbot', '住持', (line) => lines.push(line));
      const text = lines.join('\n');
      const password = /初始密码：(\S+)/.exec(text)?.[1] ?? '';
      const secret = /动态验证码密钥：(\S+)/.exec(text)?.[1] ?? '';
      expect(password).toHaveLength(16);
      expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
      t.clock.advance(30);
      const cookie = await staffSignIn(t, 'abbot', password, secret);
      expect(cookie).toMatch(/^temple_staff=/);
      const [account] = await t.services.staffAccounts.list();
      expect(account).toMatchObject({ username: 'abbot', displayName: '住持', roles: ['admin'] });

      // Once an administrator exists, the command refuses: the others are made in the console.
      await expect(createAdmin(config, 'second', '监院', () => {})).rejects.toThrow('已有启用的管理员账号');
      const audit = await t.database.db.selectFrom('staff_audit').select(['username', 'action']).execute();
      expect(audit).toContainEqual({ username: 'create-admin', action: 'staff.created' });
    } finally {
      await http.close();
    }
  });

  it('refuses a wrong key, and a call that does not come from this machine', async () => {
    const http = await serveOverHttp([t]);
    try {
      const wrong = await fetch(`${http.origin}/admin/api/command/create-admin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-command-key': 'x'.repeat(43) },
        body: JSON.stringify({ username: 'mallory', displayName: '外人', password: 'p'.repeat(16) }),
      });
      expect(wrong.status).toBe(403);
    } finally {
      await http.close();
    }
    // In process there is no socket: no loopback address, so even the right key is refused.
    const noSocket = await t.app.request('/admin/api/command/create-admin', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-command-key': KEY },
      body: JSON.stringify({ username: 'mallory', displayName: '外人', password: 'p'.repeat(16) }),
    });
    expect(noSocket.status).toBe(403);
  });

  it('refuses a bad username before asking the server', async () => {
    await expect(createAdmin(config, 'A!', '住持', () => {})).rejects.toThrow('用户名为3至32位');
  });
});
