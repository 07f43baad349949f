import { phoneSchema } from '@contract/phone';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { ShiftableClock } from '../clock';
import type { Db } from '../db/database';
import type { SmsOutbox } from '../gateways/sms';
import { body, ok, query } from '../http';
import type { AuthService } from '../services/auth';

export interface DevTools {
  outbox: SmsOutbox;
  clock: ShiftableClock;
}

/**
 * Outside production only, for developers and the end-to-end tests: the codes the SMS provider
 * "sent" (newest first), moving the server's clock forward, revoking a believer's tokens, and
 * reading an order as the database has it.
 */
export const devRoutes = ({ outbox, clock }: DevTools, { auth, db }: { auth: AuthService; db: Db }) =>
  new Hono()
    .get('/dev/sms/outbox', (c) => {
      const { phone } = query(c, v.object({ phone: phoneSchema }));
      return ok(c, outbox.forPhone(phone));
    })
    .post('/dev/clock/advance', async (c) => {
      const { seconds } = await body(
        c,
        v.object({
          seconds: v.pipe(v.number('请给出秒数'), v.integer('请给出整数秒'), v.minValue(1, '时钟只能向前')),
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
        .select(['out_trade_no', 'type', 'state', 'amount_fen', 'paid_at'])
        .where('out_trade_no', '=', c.req.param('no'))
        .executeTakeFirst();
      return order ? ok(c, order) : c.json({ status: 404, msg: '订单不存在' }, 404);
    });
