import { randomBytes } from 'node:crypto';
import {
  type DictItem,
  LOOKUP_LIMITS,
  MEMBERSHIP_MESSAGES,
  MEMBERSHIP_RULES,
  type MemberLookupAnswer,
  type MyMembership,
  maskName,
  membershipStatus,
} from '@contract/membership';
import { templeToday } from '@contract/temple-day';
import { addMinutes } from 'date-fns';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { notFound, tooManyRequests } from '../errors';
import type { SessionUser } from './auth';
import { hitRateLimit } from './rate-limit';

export interface MembershipDeps {
  db: Db;
  clock: Clock;
}

/** The items of a dictionary, in the temple's order. */
export const dictItems = async (db: Db, dictKey: string): Promise<DictItem[]> => {
  const rows = await db
    .selectFrom('dictionary_items')
    .select(['item_no', 'cn_name', 'ext_int1', 'ext_int2', 'ext_text1'])
    .where('dict_key', '=', dictKey)
    .orderBy('sort')
    .execute();
  return rows.map((r) => ({
    ITEMNO: r.item_no,
    CNNAME: r.cn_name,
    EXTINT1: r.ext_int1,
    EXTINT2: r.ext_int2,
    EXTTEXT1: r.ext_text1,
  }));
};

export const createMembershipService = ({ db, clock }: MembershipDeps) => ({
  dictItems: (dictKey: string) => dictItems(db, dictKey),

  /** My membership once a join is paid (a member code exists); null before. */
  async mine(user: SessionUser): Promise<MyMembership> {
    const row = await db
      .selectFrom('memberships')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('hy_code', 'is not', null)
      .executeTakeFirst();
    if (!row?.hy_code) return null;
    return {
      HY_CODE: row.hy_code,
      HY_STATUS: membershipStatus(row.end_date, templeToday(clock.now())),
      JOIN_DATE: row.join_date ?? '',
      END_DATE: row.end_date ?? '',
      NAME: row.name,
      SEX: row.sex,
      BIRTH_DATE: row.birth_date,
      MOBILE: row.mobile,
      SSQ_NAME: row.ssq_name,
      ADDRESS: row.address,
      PHOTO: row.photo,
    };
  },

  /**
   * The proxy lookup: a member by code and name, answering only the masked name, the status, the
   * end date and a token (ID) the proxy order names it by. Each call counts against the caller
   * and the address first (counters in the database, committed whatever the answer), so the
   * limit holds across instances and a failed guess costs as much as a hit.
   */
  async lookup(
    user: SessionUser,
    address: string,
    query: { hyCode: string; name: string },
  ): Promise<MemberLookupAnswer> {
    const now = clock.now();
    const { perBeliever, perAddress, windowSeconds } = LOOKUP_LIMITS;
    const waits = [
      await hitRateLimit(db, `member-lookup:user:${user.id}`, perBeliever, windowSeconds, now),
      await hitRateLimit(db, `member-lookup:addr:${address}`, perAddress, windowSeconds, now),
    ].filter((wait): wait is number => wait !== null);
    if (waits.length) throw tooManyRequests(MEMBERSHIP_MESSAGES.tooManyLookups, Math.max(...waits));

    const member = await db
      .selectFrom('memberships')
      .select(['id', 'user_id', 'name', 'end_date'])
      .where('hy_code', '=', query.hyCode.toUpperCase())
      .where('name', '=', query.name)
      .executeTakeFirst();
    if (!member) throw notFound(MEMBERSHIP_MESSAGES.lookupFailed);
    const token = randomBytes(24).toString('base64url');
    await db
      .insertInto('member_lookup_tokens')
      .values({
        token,
        user_id: user.id,
        membership_id: member.id,
        expires_at: addMinutes(now, MEMBERSHIP_RULES.lookupTokenMinutes),
      })
      .execute();
    await db.deleteFrom('member_lookup_tokens').where('expires_at', '<', now).execute();
    return {
      ID: token,
      NAME: maskName(member.name),
      HY_STATUS: membershipStatus(member.end_date, templeToday(now)),
      END_DATE: member.end_date ?? '',
      SELF: member.user_id === user.id,
    };
  },
});

export type MembershipService = ReturnType<typeof createMembershipService>;
