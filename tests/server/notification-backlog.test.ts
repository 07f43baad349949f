import { createLogSmsProvider } from '@server/gateways/sms';
import { createLogger } from '@server/logger';
import { createNotificationSender } from '@server/services/notifications';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { lampOrder, payOrder, placeOrder } from '@tests/support/user-centre';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

const BACKLOG = 100_000;
const PACE = { perSecond: 30, budgetMs: 1500 };

/**
 * Issue 38: a sweeper that keeps up. With 100 000 older messages waiting (an outage of the carrier,
 * say), a believer who pays now has their confirmation in the first batch, and the backlog goes
 * out at the carrier's rate, a second's worth at a time, for the sweep's budget.
 */
describe.each(databaseKinds())('messages behind a backlog on %s', (kind) => {
  const t = useTestApp(kind);

  it('sends a new payment’s confirmation in the first batch with 100 000 older messages due, and the backlog at the carrier’s rate', async () => {
    const db = t.database.db;
    const old = new Date(t.clock.now().getTime() - 3_600_000);
    // The backlog: 100 000 paid orders' confirmations, due an hour ago (the oldest first by a millisecond).
    await sql`insert into users (phone, created_at) values ('19900000001', ${old})`.execute(db);
    await sql`
      insert into orders (out_trade_no, user_id, type, state, amount_fen, price_fen, description, payload,
        created_at, hold_until, paid_at)
      select 'WF2020' || lpad(g::text, 16, '0'), (select id from users where phone = '19900000001'), 5, 1, 100, 100,
        '随喜功德', '{}'::jsonb, ${old}, ${old}, ${old}
      from generate_series(1, ${BACKLOG}) g`.execute(db);
    await sql`
      insert into notifications (kind, subject, phone, params, created_at, due_at)
      select 'payment_confirmed', 'order:' || o.id, '199' || lpad(g::text, 8, '0'),
        jsonb_build_object('orderNo', o.out_trade_no, 'what', '随喜功德', 'amount', '1.00'),
        ${old}, ${old}::timestamptz + g * interval '1 millisecond'
      from generate_series(1, ${BACKLOG}) g join orders o on o.out_trade_no = 'WF2020' || lpad(g::text, 16, '0')`.execute(
      db,
    );

    const phone = '13700038001';
    const token = await t.login(phone);
    const no = await placeOrder(t, await lampOrder(t, phone), token);
    await payOrder(t, no);

    const sender = createNotificationSender({
      db,
      clock: t.clock,
      sms: createLogSmsProvider(
        createLogger(() => {}),
        { outbox: t.outbox },
      ),
      logger: createLogger(() => {}),
      pace: PACE,
    });
    const started = performance.now();
    const sent = await sender.sendDue();
    const seconds = (performance.now() - started) / 1000;
    expect(t.outbox.forPhone(phone).map((m) => m.template)).toContain('payment_confirmed');
    // More than one batch, never faster than the carrier's rate.
    expect(sent).toBeGreaterThan(PACE.perSecond);
    expect(sent).toBeLessThanOrEqual(PACE.perSecond * (Math.floor(seconds) + 1));
    // The backlog goes newest first: the oldest of it is still waiting.
    const oldest = await db
      .selectFrom('notifications')
      .select('sent_at')
      .where('phone', '=', '19900000001')
      .executeTakeFirst();
    expect(oldest?.sent_at ?? null).toBeNull();
    const { n } = await db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('sent_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(BACKLOG + 1 - sent);
  });
});
