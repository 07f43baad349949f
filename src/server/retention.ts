import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { subDays } from 'date-fns';
import { type ExpressionBuilder, sql } from 'kysely';
import { openDatabase } from './bootstrap';
import { systemClock } from './clock';
import type { Db } from './db/database';
import type { Database } from './db/schema';

/** A volunteer photo that no application shows (on `volunteer_photos`, inside a delete). */
const noApplicationShows = ({ not, exists, selectFrom }: ExpressionBuilder<Database, 'volunteer_photos'>) =>
  not(
    exists(
      selectFrom('volunteer_applications').select('id').whereRef('photo_id', '=', 'volunteer_photos.id'),
    ),
  );

/**
 * How long what is stored about a believer is kept (docs/privacy.md explains each): counted in
 * days from the moment named beside it. Paid orders and their payments are accounting facts and
 * are kept; so are a believer's account and profile until they ask to be erased.
 */
export const RETENTION_DAYS = {
  /** An SMS code's hash, after it expired (the cooldown needs only the last minute). */
  smsCodes: 1,
  /** A login token, after it expired or was revoked. */
  authTokens: 30,
  /** A rate-limit window (its bucket names a phone or an address), after it began: the longest is a day. */
  rateLimits: 2,
  /** A closed order that was never paid: its names, wishes and request, after it closed. */
  unpaidOrders: 180,
  /** A volunteer application that was rejected or withdrawn, after it was submitted. */
  settledApplications: 365,
  /** Any volunteer application (and its photo), after it was submitted. */
  applications: 3 * 365,
  /** A volunteer photo no application took, after it was uploaded. */
  spareVolunteerPhotos: 30,
  /** A promised SMS (its phone and words), after it was sent or dropped, or queued if it never was. */
  notifications: 90,
  /** A page in WeChat's exchanged web login (its openid), after it began: a visit pays within its hold. */
  wechatVisits: 1,
} as const;

type OrderIds = (db: Db) => ReturnType<typeof orderIdsOf>;
const orderIdsOf = (db: Db) => db.selectFrom('orders').select('orders.id');

const NO_REQUEST = '{}';

/**
 * Blanks the personal fields of the orders `ids` picks: the request as sent, the donors' and the
 * relatives' names (entries, tablet names, statue donors), the wishes and the ceremony's cause,
 * address and remark; a wish on the wall goes. Amounts, states, dates, numbers and payments stay.
 * Answers how many orders still had their request.
 */
const anonymiseOrders = async (trx: Db, ids: OrderIds): Promise<number> => {
  const orders = await trx
    .updateTable('orders')
    .set({ payload: NO_REQUEST })
    .where('id', 'in', ids(trx))
    .where(sql<boolean>`payload <> ${NO_REQUEST}::jsonb`)
    .executeTakeFirst();
  await trx
    .updateTable('order_items')
    .set({ donor_name: null, wish: null })
    .where('order_id', 'in', ids(trx))
    .execute();
  const blank = {
    tablet1: '',
    tablet2: '',
    tablet3: '',
    ys1: '',
    ys2: '',
    ys3: '',
    ys4: '',
    ys5: '',
    ys6: '',
  };
  await trx
    .updateTable('order_entries')
    .set({ ...blank, birth1: '', birth2: '', birth3: '', death1: '', death2: '', death3: '' })
    .where('order_id', 'in', ids(trx))
    .execute();
  await trx
    .updateTable('tablet_order_names')
    .set({ name: '', birth_day: '' })
    .where('order_id', 'in', ids(trx))
    .execute();
  await trx
    .updateTable('statue_orders')
    .set({ donor_names: '', remark: '' })
    .where('order_id', 'in', ids(trx))
    .execute();
  await trx
    .updateTable('ceremony_orders')
    .set({ cause: '', address: '', remark: '' })
    .where('order_id', 'in', ids(trx))
    .execute();
  await trx.deleteFrom('wishes').where('order_id', 'in', ids(trx)).execute();
  // Who paid where: the openid (JSAPI) and the address (H5) the gateway was given.
  await trx
    .updateTable('payment_attempts')
    .set({ openid: null, client_ip: null })
    .where('order_id', 'in', ids(trx))
    .where((eb) => eb.or([eb('openid', 'is not', null), eb('client_ip', 'is not', null)]))
    .execute();
  return Number(orders.numUpdatedRows);
};

/** Deletes the volunteer applications `ids` picks and then the photos no application takes any more. */
const deleteApplications = async (
  trx: Db,
  where: (db: Db) => ReturnType<typeof applicationIdsOf>,
): Promise<number> => {
  const photos = await trx
    .selectFrom('volunteer_applications')
    .select('photo_id')
    .where('id', 'in', where(trx))
    .execute();
  const deleted = await trx
    .deleteFrom('volunteer_applications')
    .where('id', 'in', where(trx))
    .executeTakeFirst();
  const photoIds = photos.map((p) => p.photo_id);
  if (photoIds.length > 0)
    await trx.deleteFrom('volunteer_photos').where('id', 'in', photoIds).where(noApplicationShows).execute();
  return Number(deleted.numDeletedRows);
};
const applicationIdsOf = (db: Db) =>
  db.selectFrom('volunteer_applications').select('volunteer_applications.id');

const count = (result: { numDeletedRows: bigint } | { numUpdatedRows: bigint }) =>
  Number('numDeletedRows' in result ? result.numDeletedRows : result.numUpdatedRows);

export interface RetentionReport {
  smsCodes: number;
  notifications: number;
  authTokens: number;
  rateLimits: number;
  memberLookups: number;
  wechatVisits: number;
  unpaidOrders: number;
  applications: number;
  spareVolunteerPhotos: number;
}

/**
 * Deletes or anonymises, in one transaction, what is past its period (`RETENTION_DAYS`) at `now`,
 * and answers how much of each. Running it twice changes nothing the second time.
 */
export const applyRetention = (db: Db, now: Date): Promise<RetentionReport> =>
  db.transaction().execute(async (trx) => {
    const before = (days: number) => subDays(now, days);
    const smsCodes = await trx
      .deleteFrom('sms_codes')
      .where('expires_at', '<', before(RETENTION_DAYS.smsCodes))
      .executeTakeFirst();
    const authTokens = await trx
      .deleteFrom('auth_tokens')
      .where((eb) =>
        eb.or([
          eb('expires_at', '<', before(RETENTION_DAYS.authTokens)),
          eb('revoked_at', '<', before(RETENTION_DAYS.authTokens)),
        ]),
      )
      .executeTakeFirst();
    const rateLimits = await trx
      .deleteFrom('rate_limits')
      .where('window_start', '<', before(RETENTION_DAYS.rateLimits))
      .executeTakeFirst();
    const wechatVisits = await trx
      .deleteFrom('wechat_visits')
      .where('created_at', '<', before(RETENTION_DAYS.wechatVisits))
      .executeTakeFirst();
    const memberLookups = await trx
      .deleteFrom('member_lookup_tokens')
      .where('expires_at', '<', now)
      .executeTakeFirst();
    const notifications = await trx
      .deleteFrom('notifications')
      .where(sql<Date>`coalesce(sent_at, dropped_at, due_at)`, '<', before(RETENTION_DAYS.notifications))
      .executeTakeFirst();
    const unpaidOrders = await anonymiseOrders(trx, (db) =>
      orderIdsOf(db)
        .where('orders.paid_at', 'is', null)
        .where('orders.closed_at', '<', before(RETENTION_DAYS.unpaidOrders))
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('payments').select('payments.id').whereRef('payments.order_id', '=', 'orders.id'),
            ),
          ),
        ),
    );
    const applications = await deleteApplications(trx, (db) =>
      applicationIdsOf(db).where((eb) =>
        eb.or([
          eb('created_at', '<', before(RETENTION_DAYS.applications)),
          eb.and([
            eb('status', 'in', ['rejected', 'withdrawn']),
            eb('created_at', '<', before(RETENTION_DAYS.settledApplications)),
          ]),
        ]),
      ),
    );
    const spareVolunteerPhotos = await trx
      .deleteFrom('volunteer_photos')
      .where('created_at', '<', before(RETENTION_DAYS.spareVolunteerPhotos))
      .where(noApplicationShows)
      .executeTakeFirst();
    return {
      smsCodes: count(smsCodes),
      wechatVisits: count(wechatVisits),
      notifications: count(notifications),
      authTokens: count(authTokens),
      rateLimits: count(rateLimits),
      memberLookups: count(memberLookups),
      unpaidOrders,
      applications,
      spareVolunteerPhotos: count(spareVolunteerPhotos),
    };
  });

/** The rate-limit counters named after `who` (`sms:phone:<phone>:<window>`, `orders:user:<id>:<window>`). */
const deleteCounters = (trx: Db, who: string) =>
  trx
    .deleteFrom('rate_limits')
    .where((eb) => eb.or([eb('bucket', 'like', `%:${who}`), eb('bucket', 'like', `%:${who}:%`)]))
    .execute();

/** The phone an erased account keeps instead of its number: unique, and never a mobile number. */
export const erasedPhone = (userId: number) => `erased:${userId}`;

export interface ErasureReport {
  /** Whether an account had the phone (the rest is erased either way). */
  account: boolean;
  orders: number;
  applications: number;
}

/**
 * Erases one believer on request (PIPL article 47), in one transaction: the account keeps its id
 * (its paid orders refer to it) with its phone replaced and its name gone; the profile, photos,
 * tokens, codes, activity records, volunteer applications and rate-limit counters go; every order
 * keeps its accounting facts and loses its personal fields; a membership keeps its number and
 * dates, nothing else.
 */
export const eraseBeliever = (db: Db, phone: string): Promise<ErasureReport> =>
  db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst();
    await trx.deleteFrom('sms_codes').where('phone', '=', phone).execute();
    await trx.deleteFrom('notifications').where('phone', '=', phone).execute();
    await trx.deleteFrom('activity_records').where('phone', '=', phone).execute();
    await deleteCounters(trx, `phone:${phone}`);
    const byMobile = await deleteApplications(trx, (db) => applicationIdsOf(db).where('mobile', '=', phone));
    if (!user) return { account: false, orders: 0, applications: byMobile };

    const orders = await anonymiseOrders(trx, (db) => orderIdsOf(db).where('orders.user_id', '=', user.id));
    const applications =
      byMobile + (await deleteApplications(trx, (db) => applicationIdsOf(db).where('user_id', '=', user.id)));
    await trx.deleteFrom('volunteer_photos').where('user_id', '=', user.id).execute();
    await trx.deleteFrom('believer_photos').where('user_id', '=', user.id).execute();
    await trx.deleteFrom('believer_profiles').where('user_id', '=', user.id).execute();
    await trx.deleteFrom('member_lookup_tokens').where('user_id', '=', user.id).execute();
    // A member's reminders went to the member's own phone, which may not be the believer's.
    await trx
      .deleteFrom('notifications')
      .where('phone', 'in', trx.selectFrom('memberships').select('mobile').where('user_id', '=', user.id))
      .execute();
    await trx
      .updateTable('memberships')
      .set({
        name: '',
        sex: '',
        birth_date: '1900-01-01',
        mobile: '',
        ssq_name: sql<string[]>`'{}'::text[]`,
        ssq: sql<string[]>`'{}'::text[]`,
        address: '',
        gfr: sql<string[]>`'{}'::text[]`,
        ys: sql<string[]>`'{}'::text[]`,
        photo: '',
      })
      .where('user_id', '=', user.id)
      .execute();
    await trx.deleteFrom('auth_tokens').where('user_id', '=', user.id).execute();
    await trx
      .deleteFrom('wechat_visits')
      .where(
        'openid',
        'in',
        trx.selectFrom('wechat_bindings').select('openid').where('user_id', '=', user.id),
      )
      .execute();
    await trx.deleteFrom('wechat_bindings').where('user_id', '=', user.id).execute();
    await deleteCounters(trx, `user:${user.id}`);
    await trx
      .updateTable('users')
      .set({ phone: erasedPhone(user.id), real_name: null })
      .where('id', '=', user.id)
      .execute();
    return { account: true, orders, applications };
  });

/**
 * The commands (docs/privacy.md):
 *   npm run retention                    what is past its period, deleted or anonymised
 *   npm run erase-believer -- <phone>    one believer erased on request
 * They open the database the server uses (DATABASE_URL, or PGlite in DATA_DIR: stop the server
 * first, since one PGlite folder is opened by one process at a time).
 */
const main = async (args: string[]) => {
  const [command, phone] = args;
  if (command !== 'run' && !(command === 'erase' && phone && /^1\d{10}$/.test(phone))) {
    process.stderr.write('用法：npm run retention，或 npm run erase-believer -- <手机号码>\n');
    process.exit(2);
  }
  const database = await openDatabase(
    { url: process.env.DATABASE_URL, dataDir: resolve(process.env.DATA_DIR ?? './data') },
    systemClock,
  );
  try {
    if (command === 'run') {
      const report = await applyRetention(database.db, systemClock.now());
      process.stdout.write(`已按保存期限清理：${JSON.stringify(report)}\n`);
    } else if (phone) {
      const report = await eraseBeliever(database.db, phone);
      process.stdout.write(
        `${report.account ? '已删除该居士的个人信息' : '没有该手机号的账户，已删除与该号码相关的记录'}：订单 ${report.orders} 笔已去除个人信息，志工申请 ${report.applications} 份已删除\n`,
      );
    }
  } catch (error) {
    process.stderr.write(`${String(error)}\n`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  await main(process.argv.slice(2));
