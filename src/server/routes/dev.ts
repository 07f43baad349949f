import { outTradeNo } from '@contract/payment';
import { phoneSchema } from '@contract/phone';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { ShiftableClock } from '../clock';
import type { Db } from '../db/database';
import type { SmsOutbox } from '../gateways/sms';
import { body, ok, param, query } from '../http';
import type { AuthService } from '../services/auth';

/** What the dev routes use of the app's demo tools (typed here: app.ts, which mounts them, is not imported back). */
interface DevTools {
  outbox: SmsOutbox;
  clock: ShiftableClock;
}

/**
 * Outside production only, for developers and the end-to-end tests: the codes the SMS provider
 * "sent" (newest first) and the promised messages queued, reading and moving the server's clock,
 * revoking a believer's tokens, and reading an order as the database has it.
 */
export const devRoutes = ({ outbox, clock }: DevTools, { auth, db }: { auth: AuthService; db: Db }) =>
  new Hono()
    .get('/dev/sms/outbox', (c) => {
      const { phone } = query(c, v.object({ phone: phoneSchema }));
      return ok(c, outbox.forPhone(phone));
    })
    // The server's time (the staff console's TOTP codes are checked against it).
    .get('/dev/clock', (c) => ok(c, { now: clock.now().toISOString() }))
    // The promised messages queued for a phone, sent or not (the sweeper sends them every 30 s).
    .get('/dev/notifications', async (c) => {
      const { phone } = query(c, v.object({ phone: phoneSchema }));
      const rows = await db
        .selectFrom('notifications')
        .select(['kind', 'subject', 'due_at', 'sent_at', 'dropped_at'])
        .where('phone', '=', phone)
        .orderBy('id')
        .execute();
      return ok(c, rows);
    })
    .post('/dev/clock/advance', async (c) => {
      const { seconds } = await body(
        c,
        v.object({
          seconds: v.pipe(
            v.number('请给出秒数'),
            v.integer('请给出整数秒'),
            v.minValue(1, '时钟只能向前'),
            v.maxValue(366 * 24 * 3600, '一次最多前进一年'),
          ),
        }),
      );
      clock.advance(seconds);
      return ok(c, { now: clock.now().toISOString() });
    })
    .post('/dev/auth/revoke', async (c) => {
      const { phone } = await body(c, v.object({ phone: phoneSchema }));
      await auth.revokeAll(phone);
      return ok(c, null, '已注销该用户的全部登录');
    })
    .get('/dev/orders/:no', async (c) => {
      const order = await db
        .selectFrom('orders')
        .select([
          'out_trade_no',
          'type',
          'state',
          'amount_fen',
          'paid_at',
          'created_at',
          'hold_until',
          'reservation',
        ])
        .where('out_trade_no', '=', param(c, 'no', outTradeNo))
        .executeTakeFirst();
      if (!order) return c.json({ status: 404, msg: '订单不存在' }, 404);
      // The typed rows the order keeps (lines and memorial entries), to check them as entered.
      const [items, entries] = await Promise.all([
        db
          .selectFrom('order_items')
          .innerJoin('orders', 'orders.id', 'order_items.order_id')
          .select([
            'order_items.name',
            'order_items.item_code',
            'order_items.quantity',
            'order_items.amount_fen',
          ])
          .where('orders.out_trade_no', '=', order.out_trade_no)
          .orderBy('order_items.id')
          .execute(),
        db
          .selectFrom('order_entries')
          .innerJoin('orders', 'orders.id', 'order_entries.order_id')
          .selectAll('order_entries')
          .where('orders.out_trade_no', '=', order.out_trade_no)
          .orderBy('order_entries.position')
          .execute(),
      ]);
      return ok(c, { ...order, items, entries });
    });
