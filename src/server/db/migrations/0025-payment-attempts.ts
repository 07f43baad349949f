import { type Kysely, sql } from 'kysely';

/**
 * Payment attempts (issue 37): an order can be offered on several channels in turn (a desktop's
 * Native QR, then JSAPI inside WeChat, or H5 in another phone browser). WeChat binds a trade
 * number to its trade type, so each attempt has a trade number of its own, stored with its
 * channel, the payer's openid or address, and what the gateway returned for it. The reconciliation
 * asks about attempts, a notification names one, and a payment keeps the trade it came through
 * (its refund is asked on that trade). An order's first attempt has the order's own number, so
 * the orders made before this migration keep their QR as their first attempt.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table payment_attempts (
      id serial primary key,
      order_id integer not null references orders (id),
      out_trade_no text not null unique,
      channel text not null check (channel in ('native', 'jsapi', 'h5')),
      openid text,
      client_ip text,
      code_url text,
      prepay_id text,
      h5_url text,
      created_at timestamptz not null,
      gateway_checked_at timestamptz,
      closed_at timestamptz
    );
    create index payment_attempts_order on payment_attempts (order_id);
    insert into payment_attempts (order_id, out_trade_no, channel, code_url, created_at, gateway_checked_at)
      select id, out_trade_no, 'native', code_url, created_at, gateway_checked_at
      from orders where code_url is not null order by id;

    alter table payments add column out_trade_no text;
    update payments p set out_trade_no = o.out_trade_no
      from orders o where o.id = p.order_id and p.gateway <> 'temple';

    alter table orders drop column code_url, drop column gateway_checked_at;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table orders add column code_url text, add column gateway_checked_at timestamptz;
    update orders o set code_url = a.code_url, gateway_checked_at = a.gateway_checked_at
      from payment_attempts a where a.out_trade_no = o.out_trade_no and a.channel = 'native';
    alter table payments drop column out_trade_no;
    drop table payment_attempts;
  `.execute(db);
}
