import { prePayAnswer } from '@contract/payment';
import { renderSms } from '@contract/sms';
import { SmsRefused } from '@server/gateways/sms';
import { sampleMembershipJoin } from '@tests/support/order-requests';
import { createPlacesTables, PLACES_KIND_TYPE, placesKind, setCapacity } from '@tests/support/places-kind';
import { type TestApp, useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { payOrder, placeOrder } from '@tests/support/user-centre';
import { storedApplication } from '@tests/support/volunteer';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 23: the messages the temple promises are queued in the transaction that causes them, sent
 * once by the sweeper, and never sent when their subject changed before they were due.
 */
const PREPAY = '/portal/rs/payapi/v1/pay/prePay';
/** A review as the console sends it (the reviewer is the signed-in member: none here). */
const REVIEW = { note: '', reviewer: { id: null, username: 'test' } };
const DAY = 86_400;

/** The rows queued for an order, by template. */
const queuedFor = async (t: TestApp, outTradeNo: string) => {
  const { id } = await t.database.db
    .selectFrom('orders')
    .select('id')
    .where('out_trade_no', '=', outTradeNo)
    .executeTakeFirstOrThrow();
  return t.database.db
    .selectFrom('notifications')
    .select(['kind', 'due_at', 'sent_at', 'dropped_at'])
    .where('subject', '=', `order:${id}`)
    .orderBy('id')
    .execute();
};

/** The texts the outbox got for a phone, oldest first. */
const textsTo = (t: TestApp, phone: string) =>
  t.outbox
    .forPhone(phone)
    .reverse()
    .map((m) => m.template);

describe.each(databaseKinds())('the promised messages on %s', (kind) => {
  const t = useTestApp(kind, { kinds: [placesKind] });
  const phone = '13700023001';
  let token = '';

  beforeAll(async () => {
    await createPlacesTables(t.database.db);
    await setCapacity(t.database.db, 'hall', 5);
    await setCapacity(t.database.db, 'full', 0);
    token = await t.login(phone);
  });

  const reserve = async (slot = 'hall') => {
    const res = await t.form(PREPAY, { type: PLACES_KIND_TYPE, slot, yuan: 20_000, reserve: true }, token);
    return res.status === 200 ? v.parse(prePayAnswer, res.body).data.out_trade_no : res;
  };

  it('queues a reservation with its deadline and the reminder a day before, in the order’s transaction', async () => {
    const no = await reserve();
    expect(typeof no).toBe('string');
    const rows = await queuedFor(t, no as string);
    expect(rows.map((r) => r.kind)).toEqual(['reservation_made', 'reservation_reminder']);
    const order = await t.database.db
      .selectFrom('orders')
      .select('hold_until')
      .where('out_trade_no', '=', no as string)
      .executeTakeFirstOrThrow();
    expect(rows[0]?.due_at).toEqual(t.clock.now());
    // Made at 10:00 at the temple: the reminder is 24 hours before the 7 days end, also 10:00.
    expect(rows[1]?.due_at.getTime()).toBe(order.hold_until.getTime() - DAY * 1000);

    // A reservation refused (no place) queued nothing: the rows went with the rolled-back order.
    const before = await t.database.db.selectFrom('notifications').select('id').execute();
    const refused = await reserve('full');
    expect(refused).toMatchObject({ status: 409 });
    expect(await t.database.db.selectFrom('notifications').select('id').execute()).toHaveLength(
      before.length,
    );

    // Sent once: the first sweep sends the reservation, the second nothing.
    expect(await t.sendMessages()).toBe(1);
    expect(await t.sendMessages()).toBe(0);
    const sent = t.outbox.forPhone(phone)[0];
    expect(sent?.template).toBe('reservation_made');
    expect(sent?.text).toContain(no as string);
    expect(sent?.text).toMatch(/保留位置至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);

    // Six days later the reminder is due, and goes out once.
    t.clock.advance(6 * DAY);
    expect(await t.sendMessages()).toBe(1);
    expect(await t.sendMessages()).toBe(0);
    expect(t.outbox.forPhone(phone)[0]?.template).toBe('reservation_reminder');
  });

  it('confirms a reservation paid at the temple, and then never reminds of it', async () => {
    const no = (await reserve()) as string;
    await t.sendMessages();
    await t.services.orders.staff(no, { type: 'staff.markedPaid' });
    expect((await queuedFor(t, no)).map((r) => r.kind)).toContain('payment_confirmed');
    expect(await t.sendMessages()).toBe(1);
    const confirmation = t.outbox.forPhone(phone)[0];
    expect(confirmation?.template).toBe('payment_confirmed');
    expect(confirmation?.text).toContain(no);
    expect(confirmation?.text).toContain('20000 元');

    t.clock.advance(6 * DAY);
    expect(await t.sendMessages()).toBe(0);
    const reminder = (await queuedFor(t, no)).find((r) => r.kind === 'reservation_reminder');
    expect(reminder).toMatchObject({ sent_at: null });
    expect(reminder?.dropped_at).toBeInstanceOf(Date);
  });

  it('does not remind of a cancelled reservation', async () => {
    const no = (await reserve()) as string;
    await t.sendMessages();
    await t.services.orders.staff(no, { type: 'order.cancelled' });
    t.clock.advance(6 * DAY);
    expect(await t.sendMessages()).toBe(0);
    expect(
      (await queuedFor(t, no)).find((r) => r.kind === 'reservation_reminder')?.dropped_at,
    ).toBeInstanceOf(Date);
  });

  it('confirms an online payment once, however often the gateway repeats it', async () => {
    const no = await placeOrder(t, { type: PLACES_KIND_TYPE, slot: 'hall', yuan: 50 }, token);
    expect(await queuedFor(t, no)).toEqual([]);
    await payOrder(t, no);
    await payOrder(t, no);
    expect((await queuedFor(t, no)).map((r) => r.kind)).toEqual(['payment_confirmed']);
    const sent = await t.sendMessages();
    expect(sent).toBe(1);
    expect(
      renderSms(t.outbox.forPhone(phone)[0] ?? { template: 'login_code', params: { code: '', minutes: '' } }),
    ).toContain('50 元');
  });

  it('reminds a member 30 days before the end date, and forgets it when a renewal moves the date', async () => {
    const member = '13700023002';
    const memberToken = await t.login(member);
    await payOrder(t, await placeOrder(t, sampleMembershipJoin({ MOBILE: member }), memberToken));
    const queued = await t.database.db
      .selectFrom('notifications')
      .select(['subject', 'due_at', 'phone'])
      .where('kind', '=', 'membership_expiring')
      .where('phone', '=', member)
      .execute();
    expect(queued).toHaveLength(1);
    const [first] = queued;
    const endDate = first?.subject.split(':')[2] ?? '';
    expect(first?.due_at).toEqual(
      new Date(new Date(`${endDate}T10:00:00+08:00`).getTime() - 30 * DAY * 1000),
    );

    // Renewed before the reminder: the date moved, so the old reminder is dropped when due.
    await payOrder(
      t,
      await placeOrder(
        t,
        { type: 6, RENEW: 1, CHANNEL: 'pc', MOBILE: member, PRODUCT_ID: 'HY1', customAmount: 365 },
        memberToken,
      ),
    );
    const both = await t.database.db
      .selectFrom('notifications')
      .select(['subject', 'due_at'])
      .where('kind', '=', 'membership_expiring')
      .where('phone', '=', member)
      .orderBy('id')
      .execute();
    expect(both).toHaveLength(2);
    t.clock.advance(340 * DAY);
    await t.sendMessages();
    const templates = textsTo(t, member);
    expect(templates.filter((m) => m === 'membership_expiring')).toEqual([]);
    const old = await t.database.db
      .selectFrom('notifications')
      .select(['dropped_at', 'sent_at'])
      .where('subject', '=', first?.subject ?? '')
      .executeTakeFirstOrThrow();
    expect(old.sent_at).toBeNull();
    expect(old.dropped_at).toBeInstanceOf(Date);
  });
});

/** The smallest volunteer photo the table takes (120 KB and a byte). */
const PHOTO_BYTES = 122_881;

describe.each(databaseKinds())('a volunteer’s review result on %s', (kind) => {
  const t = useTestApp(kind);

  /** A pending application as the volunteer page stores it (the page itself is tested in volunteer.test.ts). */
  const application = async (mobile: string) => {
    const { db } = t.database;
    const now = t.clock.now();
    const user = await db
      .insertInto('users')
      .values({ phone: mobile, real_name: '王志工', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const photo = `photo-${mobile}`;
    await db
      .insertInto('volunteer_photos')
      .values({
        id: photo,
        user_id: user.id,
        content_type: 'image/png',
        bytes: new Uint8Array(PHOTO_BYTES),
        byte_size: PHOTO_BYTES,
        created_at: now,
      })
      .execute();
    return db
      .insertInto('volunteer_applications')
      .values(storedApplication({ user_id: user.id, mobile, photo_id: photo, created_at: now }))
      .returning('id')
      .executeTakeFirstOrThrow();
  };

  it('tells the applicant the result once, and not after the application was withdrawn', async () => {
    const approved = await application('13700023101');
    await t.services.volunteer.review(approved.id, 'approved', REVIEW);
    await expect(t.services.volunteer.review(approved.id, 'rejected', REVIEW)).rejects.toThrow(
      '该志工申请已审核或已撤回',
    );
    expect(await t.sendMessages()).toBe(1);
    expect(t.outbox.forPhone('13700023101')[0]?.template).toBe('volunteer_approved');

    const declined = await application('13700023102');
    await t.services.volunteer.review(declined.id, 'rejected', REVIEW);
    await t.database.db
      .updateTable('volunteer_applications')
      .set({ status: 'withdrawn' })
      .where('id', '=', declined.id)
      .execute();
    expect(await t.sendMessages()).toBe(0);
    expect(t.outbox.forPhone('13700023102')).toEqual([]);
  });
});

describe.each(databaseKinds())('a carrier that refuses on %s', (kind) => {
  let refusal: SmsRefused | null = new SmsRefused('unavailable', 'isv.AMOUNT_NOT_ENOUGH');
  const t = useTestApp(kind, {
    kinds: [placesKind],
    sms: (log) => ({
      name: 'aliyun',
      send: async (request, at) => {
        if (refusal && request.template !== 'login_code') throw refusal;
        await log.send(request, at);
      },
    }),
  });

  it('tries again after the claim, and gives up on a number that cannot receive SMS', async () => {
    await createPlacesTables(t.database.db);
    await setCapacity(t.database.db, 'hall', 5);
    const token = await t.login('13700023201');
    const no = await placeOrder(t, { type: PLACES_KIND_TYPE, slot: 'hall', yuan: 50 }, token);
    await payOrder(t, no);
    expect(await t.sendMessages()).toBe(0);
    // Claimed for a minute: not tried again before it ends.
    t.clock.advance(30);
    expect(await t.sendMessages()).toBe(0);
    refusal = null;
    t.clock.advance(31);
    expect(await t.sendMessages()).toBe(1);
    const row = await t.database.db
      .selectFrom('notifications')
      .select(['attempts', 'last_error', 'sent_at'])
      .where('kind', '=', 'payment_confirmed')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 2, last_error: 'unavailable:isv.AMOUNT_NOT_ENOUGH' });
    expect(t.logs.some((line) => line.includes('notification.failed'))).toBe(true);

    refusal = new SmsRefused('badNumber', 'isv.MOBILE_NUMBER_ILLEGAL');
    await payOrder(t, await placeOrder(t, { type: PLACES_KIND_TYPE, slot: 'hall', yuan: 60 }, token));
    expect(await t.sendMessages()).toBe(0);
    t.clock.advance(61);
    expect(await t.sendMessages()).toBe(0);
    const dropped = await t.database.db
      .selectFrom('notifications')
      .select(['attempts', 'dropped_at'])
      .where('kind', '=', 'payment_confirmed')
      .where('sent_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(dropped.attempts).toBe(1);
    expect(dropped.dropped_at).toBeInstanceOf(Date);
  });
});

describe('messages sent by two instances at once, on PostgreSQL', () => {
  process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
  const t = useTestApp('postgres', { kinds: [placesKind] });
  const COUNT = 24;

  it('sends each message once, whichever instance claims it', async () => {
    await createPlacesTables(t.database.db);
    await setCapacity(t.database.db, 'hall', COUNT);
    const token = await t.login('13700023301');
    for (let i = 0; i < COUNT; i += 1) {
      const res = await t.form(
        PREPAY,
        { type: PLACES_KIND_TYPE, slot: 'hall', yuan: 20_000, reserve: true },
        token,
      );
      expect(res.status, res.body.msg).toBe(200);
    }
    const other = await t.secondInstance();
    const senders = [t.services.notifications, other.services.notifications];
    // Warm both pools, so the race is between the claims and not the connection set-up.
    await Promise.all(
      Array.from({ length: 10 }, async (_, i) =>
        (await (i % 2 ? other : t).app.request('/healthz')).arrayBuffer(),
      ),
    );
    const counts = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (senders[i % 2] ?? t.services.notifications).sendDue()),
    );
    expect(counts.reduce((a, b) => a + b, 0)).toBe(COUNT);
    const refs = t.outbox
      .forPhone('13700023301')
      .filter((m) => m.template === 'reservation_made')
      .map((m) => m.ref);
    expect(refs).toHaveLength(COUNT);
    expect(new Set(refs).size).toBe(COUNT);
  });
});
