import {
  type ActivityItem,
  type BelieverProfile,
  ENSHRINEMENT_STATUS,
  type EnshrinementItem,
  type MyOrderItem,
  type MyOrdersRequest,
  type PageRequest,
  type ProfileUpdate,
} from '@contract/believer';
import { membershipEndDate } from '@contract/membership';
import { orderKindView } from '@contract/order-types';
import { ORDER_STATE } from '@contract/payment';
import { GF_TYPE_TEXT, type GfType } from '@contract/statue';
import { templeDateTime, templeToday } from '@contract/temple-day';
import { sql } from 'kysely';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { SessionUser } from './auth';
import { holdHasEnded, isLiveHold, isLiveHoldSql } from './holds-place';
import { moneyOf, paidFenSql } from './order-money';
import { guardOwnPhoto } from './photos';

export interface BelieverDeps {
  db: Db;
  clock: Clock;
}

/** The believer's number (信众编号, xzCode): issued from the account's id. */
export const believerCode = (userId: number) => `XZ${String(userId).padStart(8, '0')}`;

/**
 * The believer's own data. Every method takes the session's user and reads or writes only rows
 * of that user: no parameter says whose data it is.
 */
export const createBelieverService = ({ db, clock }: BelieverDeps) => {
  const profile = async (user: SessionUser): Promise<BelieverProfile> => {
    const row = await db
      .selectFrom('users')
      .leftJoin('believer_profiles', 'believer_profiles.user_id', 'users.id')
      .select([
        'users.id',
        'users.phone',
        'users.real_name',
        'believer_profiles.address',
        'believer_profiles.card_id',
        'believer_profiles.tel_number',
        'believer_profiles.post_code',
        'believer_profiles.photo',
        'believer_profiles.ssq_name',
        'believer_profiles.ssq_code',
        'believer_profiles.birth_date',
        'believer_profiles.gender',
        'believer_profiles.email',
      ])
      .where('users.id', '=', user.id)
      .executeTakeFirstOrThrow();
    const gender = row.gender === '1' || row.gender === '2' ? row.gender : '';
    return {
      xzCode: believerCode(row.id),
      realName: row.real_name ?? '',
      phone: row.phone,
      addres: row.address ?? '',
      cardId: row.card_id ?? '',
      telNumber: row.tel_number ?? '',
      postCode: row.post_code ?? '',
      photo: row.photo ?? '',
      ssqName: row.ssq_name ?? '',
      ssqCode: row.ssq_code ?? '',
      birthDate: row.birth_date ?? '',
      gender,
      email: row.email ?? '',
    };
  };

  const paged = <T>(content: T[], total: number) => ({ content, totalElements: total });

  return {
    today: () => templeToday(clock.now()),
    profile,

    async update(user: SessionUser, input: ProfileUpdate): Promise<BelieverProfile> {
      const now = clock.now();
      const facts = {
        address: input.addres,
        card_id: input.cardId,
        tel_number: input.telNumber,
        post_code: input.postCode,
        photo: input.photo,
        ssq_name: input.ssqName,
        ssq_code: input.ssqCode,
        birth_date: input.birthDate,
        gender: input.gender,
        email: input.email,
        updated_at: now,
      };
      await db.transaction().execute(async (trx) => {
        // Only the believer's own upload: never another's photo, one replaced, or one made up.
        await guardOwnPhoto(trx, user.id, input.photo);
        await trx.updateTable('users').set({ real_name: input.realName }).where('id', '=', user.id).execute();
        await trx
          .insertInto('believer_profiles')
          .values({ user_id: user.id, ...facts })
          .onConflict((oc) => oc.column('user_id').doUpdateSet(facts))
          .execute();
      });
      return profile(user);
    },

    /** My orders, newest first; an unpaid order whose hold ran out reads closed (5). */
    async orders(user: SessionUser, { status, page, size }: MyOrdersRequest) {
      const now = clock.now();
      let query = db.selectFrom('orders').where('user_id', '=', user.id);
      if (status === ORDER_STATE.reserved) query = query.where(isLiveHoldSql(now));
      if (status === ORDER_STATE.paid) query = query.where('state', '=', ORDER_STATE.paid);
      const { total } = await query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
      const rows = await query
        // A single-family ceremony's deposit, once paid, names the day to come to the temple by.
        .leftJoin('ceremony_orders', 'ceremony_orders.order_id', 'orders.id')
        .select([
          'orders.out_trade_no',
          'orders.type',
          'orders.state',
          'orders.amount_fen',
          'orders.description',
          'orders.created_at',
          'orders.hold_until',
          'orders.reservation',
          'orders.price_fen',
          'ceremony_orders.come_by',
        ])
        // The QR of the order's latest open Native attempt, to pay it again from here.
        .select((eb) =>
          eb
            .selectFrom('payment_attempts')
            .select('payment_attempts.code_url')
            .whereRef('payment_attempts.order_id', '=', 'orders.id')
            .where('payment_attempts.channel', '=', 'native')
            .where('payment_attempts.closed_at', 'is', null)
            .orderBy('payment_attempts.id', 'desc')
            .limit(1)
            .as('code_url'),
        )
        .select(paidFenSql('orders').as('paid_fen'))
        .orderBy('orders.created_at', 'desc')
        .orderBy('orders.id', 'desc')
        .limit(size)
        .offset(page * size)
        .execute();
      const content = rows.map((row): MyOrderItem => {
        const open = isLiveHold(row, now);
        const state = holdHasEnded(row, now) ? ORDER_STATE.closed : row.state;
        return {
          createTime: templeDateTime(row.created_at),
          orderNo: row.out_trade_no,
          typeName: orderKindView(row.type)?.name ?? '--',
          payAmount: row.amount_fen / 100,
          orderState: state,
          description: row.description,
          codeImgUrl: open && !row.reservation ? (row.code_url ?? '') : '',
          payOnline: open && !row.reservation && row.state === ORDER_STATE.reserved,
          expireTime: open ? row.hold_until.toISOString() : '',
          // The day to come to the temple is a paid ceremony's: refunded or closed, none is due.
          comeBy: state === ORDER_STATE.paid ? (row.come_by ?? '') : '',
          money: moneyOf(row, now),
        };
      });
      return paged(content, total);
    },

    /** The activities the temple recorded for my phone, newest first. */
    async activities(user: SessionUser, { page, size }: PageRequest) {
      const query = db.selectFrom('activity_records').where('phone', '=', user.phone);
      const { total } = await query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
      const rows = await query
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(size)
        .offset(page * size)
        .execute();
      const content = rows.map(
        (row): ActivityItem => ({
          activeName: row.active_name,
          startDate: row.start_date,
          endDate: row.end_date,
          createUserName: row.create_user_name,
          createTime: templeDateTime(row.created_at),
          activeAmount: row.amount_fen / 100,
          status: row.status,
        }),
      );
      return paged(content, total);
    },

    /** My paid statues, newest first, each with its term (年供: paid day to ends_on). */
    async enshrinements(user: SessionUser, { page, size }: PageRequest) {
      const query = db
        .selectFrom('statue_orders')
        .innerJoin('orders', 'orders.id', 'statue_orders.order_id')
        .where('orders.user_id', '=', user.id)
        .where('orders.state', '=', ORDER_STATE.paid);
      const { total } = await query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
      const rows = await query
        .innerJoin('statue_locations', 'statue_locations.location', 'statue_orders.location')
        .innerJoin('statues', 'statues.id', 'statue_orders.statue_id')
        .innerJoin('statue_materials', 'statue_materials.id', 'statue_orders.material_id')
        .innerJoin('statue_seats', 'statue_seats.id', 'statue_orders.seat_id')
        .innerJoin('statue_groups', (join) =>
          join
            .onRef('statue_groups.location', '=', 'statue_orders.location')
            .onRef('statue_groups.fx_group', '=', 'statue_orders.fx_group'),
        )
        .select([
          'statue_orders.order_id',
          'statue_orders.location',
          'statue_orders.material_id',
          'statue_orders.fx_group',
          'statue_orders.gf_type',
          'statue_orders.price_fen',
          'statue_orders.donor_names',
          'statue_orders.offered_at',
          'statue_orders.ends_on',
          'orders.out_trade_no',
          'orders.paid_at',
          'orders.created_at',
          'statue_locations.name as location_name',
          'statues.name as statue_name',
          'statue_materials.name as material_name',
          'statue_groups.name as group_name',
          'statue_groups.ng_price_fen',
          'statue_seats.row_no',
          'statue_seats.col_no',
        ])
        .orderBy('orders.created_at', 'desc')
        .orderBy('orders.id', 'desc')
        .limit(size)
        .offset(page * size)
        .execute();
      const content = rows.map((row): EnshrinementItem => {
        const yearly = row.gf_type === '2';
        const start = templeToday(row.paid_at ?? row.created_at);
        const end = yearly ? (row.ends_on ?? statueFirstEnd(start)) : '';
        const term = GF_TYPE_TEXT[row.gf_type as GfType] ?? '--';
        const cycle = yearly ? `${start}至${end}` : term;
        return {
          ID: row.order_id,
          GF_NR: `${row.statue_name}（${row.material_name}）`,
          // The niche itself: where, which wall or room, row and number.
          localtion: `${row.location_name}-${row.group_name} ${row.row_no}排${row.col_no}号`,
          gfCycle: cycle,
          gfType: term,
          orderNo: row.out_trade_no,
          payAmonut: row.price_fen / 100,
          gfStatus: row.offered_at ? ENSHRINEMENT_STATUS.offered : ENSHRINEMENT_STATUS.notOffered,
          LOCATION: `${row.location_name}-${row.group_name}`,
          EXTTEXT1: row.statue_name,
          EXTTEXT2: row.material_name,
          GFJ_TOTAL: row.price_fen / 100,
          GD_NAMES: row.donor_names,
          GF_CYCLE: cycle,
          GF_TYPE: row.gf_type,
          FX_LOCATION: String(row.location),
          FX_MATERIAL: row.material_id,
          FX_GROUP: row.fx_group,
          FX_CNNAME: row.statue_name,
          FX_PRICE: row.ng_price_fen / 100,
          END_DATE: end,
          RENEWABLE: yearly,
        };
      });
      return paged(content, total);
    },
  };
};

/** A yearly statue's first term: one year from the day it was paid. */
export const statueFirstEnd = (paidDay: string) => membershipEndDate(null, paidDay, 1);

export type BelieverService = ReturnType<typeof createBelieverService>;
