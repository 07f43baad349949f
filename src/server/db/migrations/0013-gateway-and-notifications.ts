import { type Kysely, sql } from 'kysely';

/**
 * What the production gateway and the promised messages need.
 * - orders.code_url: the QR made at the gateway when the order was (WeChat's code_url is made once:
 *   asking again with the same trade number would void the first); gateway_checked_at: when the
 *   reconciliation last asked the gateway about this unpaid order.
 * - payments: the refund of money owed back, one per payment (out_refund_no), and its state as
 *   the gateway reports it (processing, success, abnormal, closed).
 * - notifications: the SMS the temple promises, queued in the transaction that causes them, one per
 *   kind and subject, claimed for a minute by the instance that sends it (sent once across
 *   instances), dropped when its subject changed before it was due.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table orders add column code_url text, add column gateway_checked_at timestamptz;

    alter table payments
      add column out_refund_no text unique,
      add column refund_status text
        check (refund_status in ('asked', 'processing', 'success', 'abnormal', 'closed')),
      add column refund_asked_at timestamptz,
      add column refund_done_at timestamptz;

    create table notifications (
      id serial primary key,
      kind text not null,
      subject text not null,
      phone text not null,
      params jsonb not null,
      created_at timestamptz not null,
      due_at timestamptz not null,
      claimed_until timestamptz,
      attempts integer not null default 0,
      last_error text,
      sent_at timestamptz,
      dropped_at timestamptz,
      unique (kind, subject)
    );
    create index notifications_due on notifications (due_at) where sent_at is null and dropped_at is null;
    create index notifications_phone on notifications (phone);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table notifications;
    alter table payments drop column out_refund_no, drop column refund_status,
      drop column refund_asked_at, drop column refund_done_at;
    alter table orders drop column code_url, drop column gateway_checked_at;
  `.execute(db);
}
