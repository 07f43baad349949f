import { sql } from 'kysely';
import type { Db } from './database';

/**
 * The audit log's second guard (issue 34), applied after every migration: no role but
 * staff_audit's owner keeps UPDATE, DELETE or TRUNCATE on it, whichever grant gave them (the
 * default privileges for the server's role, a GRANT … ON ALL TABLES). The trigger refuses those
 * statements too, but the owner may disable a trigger; a role its privileges refuse cannot get
 * past them. Only the owner may revoke, so for any other role (the server's, on a database its
 * owner migrates) this does nothing. On PGlite the one role owns everything: nothing to revoke.
 */
export const keepAuditAppendOnly = async (db: Db): Promise<void> => {
  await sql`
    do $$
    declare
      audit regclass := to_regclass('staff_audit');
      holder text;
    begin
      if audit is null
        or not pg_has_role(current_user, (select relowner from pg_class where oid = audit), 'USAGE') then
        return;
      end if;
      for holder in
        select distinct case when acl.grantee = 0 then 'public' else acl.grantee::regrole::text end
        from pg_class table_row, aclexplode(table_row.relacl) acl
        where table_row.oid = audit
          and acl.grantee <> table_row.relowner
          and acl.privilege_type in ('UPDATE', 'DELETE', 'TRUNCATE')
      loop
        execute format('revoke update, delete, truncate on staff_audit from %s', holder);
      end loop;
    end $$`.execute(db);
};
