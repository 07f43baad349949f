import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { AuditEntry } from '@contract/staff';
import { MIGRATION_NEEDS_OWNER, openDatabase } from '@server/bootstrap';
import { loadConfig, MIGRATION_URL_ALONE } from '@server/config';
import { type DatabaseHandle, type Db, openPostgres } from '@server/db/database';
import { migrateTo } from '@server/db/migrate';
import { consoleCall, signedInStaff } from '@tests/support/staff';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { type RawBuilder, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 34, item 6: the audit log holds against the server's own credentials. On PostgreSQL the
 * tables belong to an owner that only migrates, and the server's role, made as docs/deploy.md says
 * (its SQL blocks run here as written, with names of this run), may add to and read staff_audit but
 * neither change, delete nor truncate a line, nor switch its trigger off.
 */
describe('MIGRATION_DATABASE_URL', () => {
  it('is refused without DATABASE_URL, the role the server works with', () => {
    expect(() =>
      loadConfig({ MIGRATION_DATABASE_URL: 'postgres://temple_owner@db-host/temple_site' }),
    ).toThrow(MIGRATION_URL_ALONE);
  });
});

/** The SQL blocks of docs/deploy.md's "The database's two roles", with this run's names. */
const documentedRoleSql = (names: { owner: string; app: string; database: string }): string[] => {
  const deploy = readFileSync(new URL('../../docs/deploy.md', import.meta.url), 'utf8');
  const section = deploy.split(/^## /m).find((part) => part.startsWith("The database's two roles")) ?? '';
  return [...section.matchAll(/```sql\n([\s\S]*?)```/g)].map(([, block = '']) =>
    block
      .replaceAll(/\btemple_owner\b/g, names.owner)
      .replaceAll(/\btemple_app\b/g, names.app)
      .replaceAll(/\btemple_site\b/g, names.database),
  );
};

/** Runs SQL statement by statement, as psql does (CREATE DATABASE cannot share a transaction). */
const runAs = async (url: string, text: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of text.split(/;\s*$/m).filter((part) => part.trim())) await client.query(statement);
  } finally {
    await client.end();
  }
};

/** The SQLSTATE a statement is refused with, or 'accepted'. */
const outcome = (statement: RawBuilder<unknown>, db: Db): Promise<string> =>
  statement.execute(db).then(
    () => 'accepted',
    (error: { code?: string }) => error.code ?? String(error),
  );

const INSUFFICIENT_PRIVILEGE = '42501';

describe.each(databaseKinds().filter((kind) => kind === 'postgres'))(
  "the audit log against the server's own role on %s",
  (kind) => {
    const t = useTestApp(kind);
    const run = randomBytes(5).toString('hex');
    const names = { owner: `temple_owner_${run}`, app: `temple_app_${run}`, database: `temple_roles_${run}` };
    const superuserUrl = process.env.TEST_DATABASE_URL ?? '';
    // Where npm run migrate would open PGlite, were it to miss MIGRATION_DATABASE_URL.
    const dataDir = join(tmpdir(), `temple-roles-${run}`);
    const urlAs = (role?: string) => {
      const url = new URL(superuserUrl);
      url.pathname = `/${names.database}`;
      if (role) {
        url.username = role;
        url.password = '';
      }
      return url.toString();
    };
    let server: DatabaseHandle;

    beforeAll(async () => {
      const [roles, grants] = documentedRoleSql(names);
      if (!roles || !grants) throw new Error("docs/deploy.md lost the two roles' SQL blocks");
      await runAs(superuserUrl, roles);
      await runAs(urlAs(), grants);
    });
    afterAll(async () => {
      await runAs(superuserUrl, `drop database if exists ${names.database} with (force)`);
      await runAs(superuserUrl, `drop role if exists ${names.app}; drop role if exists ${names.owner}`);
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('stops a start with migrations pending and only its own role, saying the owner must migrate', async () => {
      const owner = openPostgres(urlAs(names.owner));
      await migrateTo(owner.db, '0013-gateway-and-notifications').finally(() => owner.close());
      await expect(openDatabase({ url: urlAs(names.app) }, t.clock)).rejects.toThrow(MIGRATION_NEEDS_OWNER);
    });

    it('starts with MIGRATION_DATABASE_URL too: the owner migrates and seeds, the server works as its own role', async () => {
      server = await openDatabase({ url: urlAs(names.app), migrationUrl: urlAs(names.owner) }, t.clock);
      const who = await sql<{ role: string }>`select current_user as role`.execute(server.db);
      expect(who.rows).toEqual([{ role: names.app }]);
      const seeded = await sql<{ n: number }>`select count(*)::int as n from site_settings`.execute(
        server.db,
      );
      expect(seeded.rows[0]?.n).toBeGreaterThan(0);
    });

    it('writes a sign-in to the audit log and shows it in 操作记录, as its own role', async () => {
      const instance = t.instanceOver(server);
      const admin = await signedInStaff({ ...t, ...instance }, ['admin'], 'staff', { throughService: true });
      const log = await consoleCall(instance, 'GET', '/admin/api/audit?page=1', { cookie: admin.cookie });
      expect(log.status).toBe(200);
      const shown = (log.body.data as { rows: AuditEntry[] }).rows.filter(
        (row) => row.subject === `staff:${admin.id}`,
      );
      expect(shown.map((row) => row.action).sort()).toEqual(['staff.created', 'staff.signedIn']);
    });

    it('cannot change, delete or truncate an audit line', async () => {
      const before = await sql`select * from staff_audit order by id`.execute(server.db);
      expect(before.rows.length).toBeGreaterThan(0);
      expect(await outcome(sql`update staff_audit set action = 'staff.nothing'`, server.db)).toBe(
        INSUFFICIENT_PRIVILEGE,
      );
      expect(await outcome(sql`delete from staff_audit`, server.db)).toBe(INSUFFICIENT_PRIVILEGE);
      expect(await outcome(sql`truncate staff_audit`, server.db)).toBe(INSUFFICIENT_PRIVILEGE);
      const after = await sql`select * from staff_audit order by id`.execute(server.db);
      expect(after.rows).toEqual(before.rows);
    });

    it('cannot switch the trigger off: not disable, drop or replace it, nor skip triggers for its session', async () => {
      for (const statement of [
        sql`alter table staff_audit disable trigger staff_audit_no_update`,
        sql`alter table staff_audit disable trigger user`,
        sql`drop trigger staff_audit_no_truncate on staff_audit`,
        sql`create or replace function staff_audit_is_append_only() returns trigger language plpgsql
              as $$ begin return new; end $$`,
        sql`set session_replication_role = replica`,
      ]) {
        expect(await outcome(statement, server.db), statement.compile(server.db).sql).toBe(
          INSUFFICIENT_PRIVILEGE,
        );
      }
    });

    it('npm run migrate as the owner takes back what was granted since, and the server starts with its role alone', async () => {
      await runAs(urlAs(names.owner), `grant update, delete, truncate on staff_audit to ${names.app}`);
      const { DATABASE_URL: _serverUrl, ...env } = process.env;
      const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'migrate'], {
        cwd: fileURLToPath(new URL('../..', import.meta.url)),
        env: { ...env, MIGRATION_DATABASE_URL: urlAs(names.owner), DATA_DIR: dataDir },
      });
      expect(stdout).toContain('数据库已迁移到最新版本（PostgreSQL）');
      const alone = await openDatabase({ url: urlAs(names.app) }, t.clock);
      const refused = await outcome(sql`delete from staff_audit`, alone.db).finally(() => alone.close());
      expect(refused).toBe(INSUFFICIENT_PRIVILEGE);
    }, 60_000);

    it('leaves the owner able to (in a transaction rolled back): its credentials stay out of the server', async () => {
      const owner = new pg.Client({ connectionString: urlAs(names.owner) });
      await owner.connect();
      try {
        await owner.query('begin');
        await owner.query('alter table staff_audit disable trigger user');
        const changed = await owner.query(`update staff_audit set action = 'staff.nothing'`);
        expect(changed.rowCount).toBeGreaterThan(0);
      } finally {
        await owner.query('rollback');
        await owner.end();
      }
    });
  },
);
