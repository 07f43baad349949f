import { believerApi } from '@contract/believer';
import { applyRetention, eraseBeliever, erasedPhone, RETENTION_DAYS } from '@server/retention';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { storedApplication } from '@tests/support/volunteer';
import { subDays } from 'date-fns';
import { beforeAll, describe, expect, it } from 'vitest';

const KEPT = '13700060001';
const ERASED = '13700060002';
const OTHER = '13700060003';

describe.each(databaseKinds())('retention and erasure (issue 13) on %s', (kind) => {
  const t = useTestApp(kind);
  const db = () => t.database.db;
  const ago = (days: number) => subDays(t.clock.now(), days);
  let seq = 0;
  const userId = async (phone: string) =>
    (await db().selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;

  /** An order of `user` with a named line and a wish; `paid` with its payment, else closed `closedDaysAgo`. */
  const order = async (user: number, { paid, closedDaysAgo }: { paid: boolean; closedDaysAgo: number }) => {
    seq += 1;
    const at = ago(closedDaysAgo);
    const { id } = await db()
      .insertInto('orders')
      .values({
        out_trade_no: `RT${kind}${seq}`,
        user_id: user,
        type: 5,
        state: paid ? 1 : 5,
        amount_fen: 10_000,
        price_fen: 10_000,
        description: '功德供养',
        payload: JSON.stringify({ donor: '陈小明', phone: KEPT }),
        created_at: at,
        hold_until: at,
        paid_at: paid ? at : null,
        closed_at: paid ? null : at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('order_items')
      .values({
        order_id: id,
        name: '供灯',
        quantity: 1,
        unit_price_fen: 10_000,
        amount_fen: 10_000,
        wish: '阖家平安',
        donor_name: '陈小明',
      })
      .execute();
    await db()
      .insertInto('wishes')
      .values({ name: '陈小明', wish: '阖家平安', created_at: at, order_id: id })
      .execute();
    if (paid)
      await db()
        .insertInto('payments')
        .values({
          order_id: id,
          gateway: 'sandbox',
          transaction_id: `TX${kind}${seq}`,
          amount_fen: 10_000,
          paid_at: at,
          received_at: at,
        })
        .execute();
    return id;
  };
  const photo = async (user: number, daysAgo: number) => {
    seq += 1;
    const id = `${String(seq).padStart(2, '0')}${'e'.repeat(30)}`;
    await db()
      .insertInto('volunteer_photos')
      .values({
        id,
        user_id: user,
        content_type: 'image/png',
        bytes: Buffer.from('x'),
        byte_size: 200_000,
        created_at: ago(daysAgo),
      })
      .execute();
    return id;
  };
  const application = async (
    user: number,
    status: 'pending' | 'approved' | 'rejected',
    daysAgo: number,
    mobile = '15900060000',
  ) => {
    const { id } = await db()
      .insertInto('volunteer_applications')
      .values({
        ...storedApplication({
          user_id: user,
          mobile,
          photo_id: await photo(user, daysAgo),
          created_at: ago(daysAgo),
        }),
        status,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  };
  const exists = async (
    table: 'orders' | 'volunteer_applications' | 'volunteer_photos',
    id: number | string,
  ) =>
    Boolean(
      await db()
        .selectFrom(table)
        .select('id')
        .where('id', '=', id as never)
        .executeTakeFirst(),
    );

  describe('npm run retention', () => {
    let keptToken = '';
    beforeAll(async () => {
      keptToken = await t.login(KEPT);
    });

    it('deletes or anonymises what is past its period and keeps the rest, once', async () => {
      const user = await userId(KEPT);
      const now = t.clock.now();
      await db()
        .insertInto('sms_codes')
        .values([
          { phone: KEPT, purpose: 'login', code_hash: 'old', created_at: ago(3), expires_at: ago(2) },
          { phone: KEPT, purpose: 'login', code_hash: 'new', created_at: now, expires_at: now },
        ])
        .execute();
      await db()
        .insertInto('auth_tokens')
        .values([
          {
            token_hash: `gone-${kind}`,
            user_id: user,
            created_at: ago(90),
            expires_at: ago(60),
            revoked_at: null,
          },
          {
            token_hash: `out-${kind}`,
            user_id: user,
            created_at: ago(40),
            expires_at: now,
            revoked_at: ago(31),
          },
        ])
        .execute();
      await db()
        .insertInto('rate_limits')
        .values([
          { bucket: `sms:phone:${KEPT}`, window_start: ago(3), hits: 1 },
          { bucket: `sms:phone:${KEPT}`, window_start: now, hits: 1 },
        ])
        .execute();
      const oldUnpaid = await order(user, { paid: false, closedDaysAgo: RETENTION_DAYS.unpaidOrders + 1 });
      const recentUnpaid = await order(user, { paid: false, closedDaysAgo: 10 });
      const oldPaid = await order(user, { paid: true, closedDaysAgo: 2000 });
      const rejected = await application(user, 'rejected', RETENTION_DAYS.settledApplications + 1);
      const pending = await application(user, 'pending', RETENTION_DAYS.settledApplications + 1);
      const ancient = await application(user, 'approved', RETENTION_DAYS.applications + 1, '15900060001');
      const oldSpare = await photo(user, RETENTION_DAYS.spareVolunteerPhotos + 1);
      const newSpare = await photo(user, 1);
      const message = (subject: string, sentDaysAgo: number) =>
        db()
          .insertInto('notifications')
          .values({
            kind: 'volunteer_approved',
            subject,
            phone: KEPT,
            params: '{}',
            created_at: ago(sentDaysAgo + 1),
            due_at: ago(sentDaysAgo + 1),
            sent_at: ago(sentDaysAgo),
          })
          .execute();
      await message('volunteer:old', RETENTION_DAYS.notifications + 1);
      await message('volunteer:new', 1);

      const report = await applyRetention(db(), now);
      expect(report).toMatchObject({
        notifications: 1,
        smsCodes: 1,
        authTokens: 2,
        unpaidOrders: 1,
        applications: 2,
        spareVolunteerPhotos: 1,
      });
      expect(report.rateLimits).toBeGreaterThanOrEqual(1);

      const codes = await db()
        .selectFrom('sms_codes')
        .select('code_hash')
        .where('phone', '=', KEPT)
        .execute();
      expect(codes.map((c) => c.code_hash)).not.toContain('old');
      expect(codes.map((c) => c.code_hash)).toContain('new');
      const windows = await db().selectFrom('rate_limits').select('window_start').execute();
      expect(windows.every((w) => new Date(w.window_start) >= ago(RETENTION_DAYS.rateLimits))).toBe(true);
      // The believer's live token still works.
      expect((await t.call('GET', believerApi.profile.path, undefined, keptToken)).status).toBe(200);

      const lines = await db()
        .selectFrom('order_items')
        .innerJoin('orders', 'orders.id', 'order_items.order_id')
        .select([
          'orders.id',
          'orders.payload',
          'orders.amount_fen',
          'order_items.donor_name',
          'order_items.wish',
        ])
        .where('orders.id', 'in', [oldUnpaid, recentUnpaid, oldPaid])
        .execute();
      const line = (id: number) => lines.find((l) => l.id === id);
      expect(line(oldUnpaid)).toMatchObject({
        payload: {},
        donor_name: null,
        wish: null,
        amount_fen: 10_000,
      });
      expect(line(recentUnpaid)).toMatchObject({ donor_name: '陈小明', wish: '阖家平安' });
      expect(line(oldPaid)).toMatchObject({ donor_name: '陈小明', amount_fen: 10_000 });
      const wishes = await db().selectFrom('wishes').select('order_id').execute();
      expect(wishes.map((w) => w.order_id)).not.toContain(oldUnpaid);
      expect(wishes.map((w) => w.order_id)).toContain(oldPaid);

      expect(await exists('volunteer_applications', rejected)).toBe(false);
      expect(await exists('volunteer_applications', ancient)).toBe(false);
      expect(await exists('volunteer_applications', pending)).toBe(true);
      expect(await exists('volunteer_photos', oldSpare)).toBe(false);
      expect(await exists('volunteer_photos', newSpare)).toBe(true);

      const messages = await db().selectFrom('notifications').select('subject').execute();
      expect(messages.map((m) => m.subject)).toEqual(['volunteer:new']);

      expect(await applyRetention(db(), now)).toEqual({
        notifications: 0,
        smsCodes: 0,
        authTokens: 0,
        rateLimits: 0,
        memberLookups: 0,
        wechatVisits: 0,
        unpaidOrders: 0,
        applications: 0,
        spareVolunteerPhotos: 0,
      });
    });
  });

  describe('npm run erase-believer -- <phone>', () => {
    let token = '';
    let otherToken = '';
    beforeAll(async () => {
      token = await t.login(ERASED);
      otherToken = await t.login(OTHER);
    });

    it('erases the believer’s personal data, keeps the accounting facts and leaves others alone', async () => {
      const user = await userId(ERASED);
      const other = await userId(OTHER);
      const saved = await t.call(
        'PUT',
        believerApi.update.path,
        { realName: '陈小明', gender: '1', cardId: '11010519491231002X', addres: '愚园路1号' },
        token,
      );
      expect(saved.status).toBe(200);
      await t.call('PUT', believerApi.update.path, { realName: '林慧', gender: '2' }, otherToken);
      const paid = await order(user, { paid: true, closedDaysAgo: 5 });
      const open = await order(user, { paid: false, closedDaysAgo: 1 });
      const theirs = await order(other, { paid: true, closedDaysAgo: 5 });
      const applied = await application(user, 'pending', 3, ERASED);
      const { id: membership } = await db()
        .insertInto('memberships')
        .values({
          user_id: user,
          hy_code: `HY${kind}`,
          name: '陈小明',
          sex: '1',
          birth_date: '1990-01-01',
          mobile: ERASED,
          ssq_name: ['上海市', '市辖区', '静安区'],
          ssq: ['31', '3101', '310106'],
          address: '愚园路1号',
          gfr: ['历代宗亲'],
          ys: ['陈大明'],
          photo: '',
          created_at: t.clock.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db()
        .insertInto('activity_records')
        .values({
          phone: ERASED,
          active_name: '浴佛节',
          start_date: '2026-05-01',
          end_date: '2026-05-01',
          create_user_name: '知客',
          created_at: t.clock.now(),
          status: '1',
        })
        .execute();

      const report = await eraseBeliever(db(), ERASED);
      expect(report).toEqual({ account: true, orders: 2, applications: 1 });

      const account = await db()
        .selectFrom('users')
        .selectAll()
        .where('id', '=', user)
        .executeTakeFirstOrThrow();
      expect(account).toMatchObject({ phone: erasedPhone(user), real_name: null });
      expect((await t.call('GET', believerApi.profile.path, undefined, token)).status).toBe(401);
      for (const table of [
        'believer_profiles',
        'believer_photos',
        'volunteer_photos',
        'auth_tokens',
      ] as const)
        expect(await db().selectFrom(table).select('user_id').where('user_id', '=', user).execute()).toEqual(
          [],
        );
      for (const table of ['sms_codes', 'activity_records'] as const)
        expect(await db().selectFrom(table).select('phone').where('phone', '=', ERASED).execute()).toEqual(
          [],
        );
      expect(
        await db()
          .selectFrom('rate_limits')
          .select('bucket')
          .where('bucket', 'like', `%${ERASED}%`)
          .execute(),
      ).toEqual([]);
      expect(await exists('volunteer_applications', applied)).toBe(false);

      // The paid order and its payment stay, without names or wishes.
      const kept = await db()
        .selectFrom('orders')
        .innerJoin('payments', 'payments.order_id', 'orders.id')
        .innerJoin('order_items', 'order_items.order_id', 'orders.id')
        .select(['orders.state', 'orders.amount_fen', 'orders.payload', 'payments.amount_fen as paidFen'])
        .select(['order_items.donor_name', 'order_items.wish'])
        .where('orders.id', '=', paid)
        .executeTakeFirstOrThrow();
      expect(kept).toEqual({
        state: 1,
        amount_fen: 10_000,
        payload: {},
        paidFen: 10_000,
        donor_name: null,
        wish: null,
      });
      expect(await exists('orders', open)).toBe(true);
      const wall = await db().selectFrom('wishes').select('order_id').execute();
      expect(wall.map((w) => w.order_id)).not.toContain(paid);
      const member = await db()
        .selectFrom('memberships')
        .select(['hy_code', 'name', 'mobile', 'address', 'ys'])
        .where('id', '=', membership)
        .executeTakeFirstOrThrow();
      expect(member).toEqual({ hy_code: `HY${kind}`, name: '', mobile: '', address: '', ys: [] });

      // Another believer keeps everything.
      expect(wall.map((w) => w.order_id)).toContain(theirs);
      const profile = await t.call('GET', believerApi.profile.path, undefined, otherToken);
      expect(profile.status).toBe(200);
      expect(JSON.stringify(profile.body)).toContain('林慧');

      // The phone is free again: the person may register anew.
      expect(await t.login(ERASED)).toEqual(expect.any(String));
    });

    it('erases the records of a phone without an account, and says there was none', async () => {
      await db()
        .insertInto('sms_codes')
        .values({
          phone: '13700060009',
          purpose: 'register',
          code_hash: 'x',
          created_at: t.clock.now(),
          expires_at: t.clock.now(),
        })
        .execute();
      expect(await eraseBeliever(db(), '13700060009')).toEqual({
        account: false,
        orders: 0,
        applications: 0,
      });
      expect(
        await db().selectFrom('sms_codes').select('id').where('phone', '=', '13700060009').execute(),
      ).toEqual([]);
    });
  });
});
