import { type Kysely, sql } from 'kysely';

/**
 * The staff console (issue "The temple's side").
 * - staff_accounts: the temple's staff, apart from believers: a scrypt password hash, a TOTP
 *   secret with the last time step used (a code is accepted once), roles, failed sign-ins in a
 *   row and the lock they cause.
 * - staff_sessions: the console's sessions (the token's SHA-256 only), with an idle and an
 *   absolute end.
 * - staff_audit: every staff action, who, when, what, before and after. A trigger refuses
 *   UPDATE, DELETE and TRUNCATE: nobody edits it, not even through SQL the app sends.
 * - payments taken at the temple: method, receipt number, note, the staff member.
 * - volunteer_applications: the review's note, time and reviewer.
 * - sweeper_runs: when a sweep last ended (the Today board, across instances).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table staff_accounts (
      id serial primary key,
      username text not null unique,
      display_name text not null,
      password_hash text not null,
      totp_secret text not null,
      totp_last_step bigint,
      roles text[] not null,
      disabled boolean not null default false,
      failed_count integer not null default 0,
      locked_until timestamptz,
      last_sign_in_at timestamptz,
      created_at timestamptz not null
    );

    create table staff_sessions (
      token_hash text primary key,
      staff_id integer not null references staff_accounts (id),
      created_at timestamptz not null,
      last_seen_at timestamptz not null,
      expires_at timestamptz not null,
      ended_at timestamptz
    );
    create index staff_sessions_staff on staff_sessions (staff_id);
    create index staff_sessions_expires on staff_sessions (expires_at);

    create table staff_audit (
      id bigserial primary key,
      at timestamptz not null,
      staff_id integer references staff_accounts (id),
      username text not null,
      action text not null,
      subject text not null,
      before jsonb,
      after jsonb
    );
    create index staff_audit_at on staff_audit (at desc);
    create index staff_audit_subject on staff_audit (subject);

    create function staff_audit_is_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'staff_audit is append-only';
    end $$;
    create trigger staff_audit_no_update before update or delete on staff_audit
      for each row execute function staff_audit_is_append_only();
    create trigger staff_audit_no_truncate before truncate on staff_audit
      for each statement execute function staff_audit_is_append_only();

    alter table payments
      add column method text,
      add column receipt_no text,
      add column note text,
      add column staff_id integer references staff_accounts (id);

    alter table volunteer_applications
      add column review_note text,
      add column reviewed_at timestamptz,
      add column reviewed_by integer references staff_accounts (id);

    create table sweeper_runs (id integer primary key, last_run_at timestamptz not null);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table sweeper_runs;
    alter table volunteer_applications drop column review_note, drop column reviewed_at, drop column reviewed_by;
    alter table payments drop column method, drop column receipt_no, drop column note, drop column staff_id;
    drop table staff_audit;
    drop function staff_audit_is_append_only;
    drop table staff_sessions;
    drop table staff_accounts;
  `.execute(db);
}
