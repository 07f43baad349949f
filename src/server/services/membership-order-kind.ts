import {
  MEMBERSHIP_MESSAGES,
  MEMBERSHIP_RULES,
  maskName,
  membershipEndDate,
  membershipOrderOn,
  packageTerms,
} from '@contract/membership';
import { yuanToFen } from '@contract/money';
import { ORDER_TYPES } from '@contract/order-types';
import { templeToday } from '@contract/temple-day';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { badRequest, conflict } from '../errors';
import { dictItems } from './membership';
import { membershipReminderDue, queueNotification } from './notifications';
import { defineOrderKind } from './order-kinds';
import { guardOwnPhoto } from './photos';

const KIND_TEXT = { join: '功德会入会', renew: '功德会续费', proxy: '功德会代人续费' } as const;

/** The member code: HY, the year of the first payment, a 6-digit number of the sequence. */
const issueCode = async (trx: Db, today: string) => {
  const { rows } = await sql<{ n: number }>`select nextval('member_code_seq')::int as n`.execute(trx);
  return `HY${today.slice(0, 4)}${String(rows[0]?.n ?? 0).padStart(6, '0')}`;
};

/**
 * The charity society's order (type 6, spec 001 sections 2-5 and 9): a join (the member's form),
 * an own renewal (RENEW 1) or a proxy renewal (RENEW 1 with the lookup's TARGET_ID and RELATION).
 * The package's price is the server's (dictionary WFS.COMMON.HY.PRODUCT). Paid, it issues the
 * member code on the first payment and moves END_DATE by the package's years: from the current
 * end date while active, from today once expired.
 */
export const membershipOrderKind = defineOrderKind({
  type: ORDER_TYPES.membership,
  schema: membershipOrderOn,
  /**
   * A join, an own renewal, or a proxy renewal of the member one lookup found (its TARGET_ID):
   * renewing for another member is another purchase, never a replacement.
   */
  subjectOf: ({ kind, order }) => [kind, kind === 'proxy' ? String(order.TARGET_ID) : ''],
  async price(trx, { kind, order }, user, now) {
    const product = (await dictItems(trx, MEMBERSHIP_RULES.dictKey)).find(
      (p) => p.ITEMNO === order.PRODUCT_ID,
    );
    if (!product) throw badRequest(MEMBERSHIP_MESSAGES.unknownProduct);
    const { price, years } = packageTerms(product);
    const priceFen = yuanToFen(price);
    if (yuanToFen(order.customAmount) !== priceFen) throw badRequest(MEMBERSHIP_MESSAGES.totalMismatch);

    let membershipId: number;
    let who = '';
    let relation: string | null = null;
    if (kind === 'join') {
      // The join's photo is the believer's own upload (the profile's, or one chosen on the form).
      await guardOwnPhoto(trx, user.id, order.PHOTO);
      const form = {
        name: order.NAME,
        sex: order.SEX,
        birth_date: order.BIRTH_DATE,
        mobile: order.MOBILE,
        ssq_name: order.SSQ_NAME,
        ssq: order.SSQ,
        address: order.ADDRESS,
        gfr: [order.GFR1, order.GFR2, order.GFR3],
        ys: [order.YS1, order.YS2, order.YS3, order.YS4, order.YS5, order.YS6],
        photo: order.PHOTO,
      };
      // One membership per believer: an unpaid join's form is replaced; a member renews instead.
      const row = await trx
        .insertInto('memberships')
        .values({ user_id: user.id, ...form, created_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(form).where('memberships.hy_code', 'is', null))
        .returning('id')
        .executeTakeFirst();
      if (!row) throw conflict(MEMBERSHIP_MESSAGES.alreadyMember);
      membershipId = row.id;
    } else if (kind === 'renew') {
      const row = await trx
        .selectFrom('memberships')
        .select('id')
        .where('user_id', '=', user.id)
        .where('hy_code', 'is not', null)
        .executeTakeFirst();
      if (!row) throw badRequest(MEMBERSHIP_MESSAGES.notMember);
      membershipId = row.id;
    } else {
      const target = await trx
        .selectFrom('member_lookup_tokens')
        .innerJoin('memberships', 'memberships.id', 'member_lookup_tokens.membership_id')
        .select(['memberships.id', 'memberships.user_id', 'memberships.name'])
        .where('member_lookup_tokens.token', '=', order.TARGET_ID)
        .where('member_lookup_tokens.user_id', '=', user.id)
        .where('member_lookup_tokens.expires_at', '>', now)
        .executeTakeFirst();
      if (!target) throw badRequest(MEMBERSHIP_MESSAGES.targetExpired);
      if (target.user_id === user.id) throw badRequest(MEMBERSHIP_MESSAGES.selfProxy);
      const relations = await dictItems(trx, MEMBERSHIP_RULES.relationKey);
      if (!relations.some((r) => r.ITEMNO === order.RELATION)) throw badRequest(MEMBERSHIP_MESSAGES.relation);
      membershipId = target.id;
      who = `（${maskName(target.name)}）`;
      relation = order.RELATION;
    }
    return {
      amountFen: priceFen,
      description: `${KIND_TEXT[kind]}${who}·${product.CNNAME}`,
      mode: 'online',
      items: [
        {
          name: product.CNNAME,
          itemCode: `membership:${product.ITEMNO}`,
          quantity: 1,
          unitPriceFen: priceFen,
          amountFen: priceFen,
          wish: null,
          donorName: null,
        },
      ],
      async store(trx, stored) {
        await trx
          .insertInto('membership_orders')
          .values({
            order_id: stored.id,
            membership_id: membershipId,
            kind,
            product_id: product.ITEMNO,
            years,
            price_fen: priceFen,
            relation,
          })
          .execute();
      },
    };
  },
  async onPaid(trx, order, now) {
    const bought = await trx
      .selectFrom('membership_orders')
      .select(['membership_id', 'years'])
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    const member = await trx
      .selectFrom('memberships')
      .select(['id', 'user_id', 'hy_code', 'join_date', 'end_date', 'mobile'])
      .where('id', '=', bought.membership_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const today = templeToday(now);
    const endDate = membershipEndDate(member.end_date, today, bought.years);
    await trx
      .updateTable('memberships')
      .set({
        hy_code: member.hy_code ?? (await issueCode(trx, today)),
        join_date: member.join_date ?? today,
        end_date: endDate,
        hy_status: '1',
      })
      .where('id', '=', member.id)
      .execute();
    // The member is told 30 days before this end date, unless a renewal moves it first.
    await queueNotification(
      trx,
      {
        template: 'membership_expiring',
        params: { endDate },
        phone: member.mobile,
        subject: { kind: 'membership', membershipId: member.id, endDate },
      },
      now,
      membershipReminderDue(endDate, now),
    );
    // A member's account is user type 2 (001 section 4: the join stores it).
    await trx.updateTable('users').set({ user_type: 2 }).where('id', '=', member.user_id).execute();
  },
});
