import { phoneSchema } from '@contract/phone';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { SmsOutbox } from '../gateways/sms';
import { ok, query } from '../http';

/** Outside production only: the codes the SMS provider "sent", newest first. */
export const devRoutes = (outbox: SmsOutbox) =>
  new Hono().get('/dev/sms/outbox', (c) => {
    const { phone } = query(c, v.object({ phone: phoneSchema }));
    return ok(c, outbox.forPhone(phone));
  });
