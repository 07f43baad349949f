import type { SmsCodePurpose } from '@contract/auth';
import { maskPhone } from '@contract/phone';
import { templeToday } from '@contract/temple-day';
import {
  type MyVolunteerApplication,
  VOLUNTEER_MESSAGES,
  VOLUNTEER_RULES,
  type VolunteerPayload,
  WEEKDAYS,
} from '@contract/volunteer';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { isUniqueViolation } from '../db/errors';
import { badRequest, conflict, notFound, tooManyRequests } from '../errors';
import type { SessionUser } from './auth';
import { queueNotification } from './notifications';
import { hitRateLimit } from './rate-limit';
import { audit, type StaffActor } from './staff/audit';
import { volunteerPhotoIdOf } from './volunteer-photos';

export interface VolunteerDeps {
  db: Db;
  clock: Clock;
  /** The auth service's code check: spends a valid code, refuses (400) otherwise. */
  verifyCode: (phone: string, purpose: SmsCodePurpose, code: string) => Promise<void>;
  /** The auth service's send (with its 60-second cooldown per phone). */
  sendCode: (phone: string, purpose: SmsCodePurpose) => Promise<void>;
}

/** Who reviews when no staff member is signed in: the command line. */
/** Codes a believer may have sent to application phones in an hour (the page's phone may be anyone's). */
export const VOLUNTEER_CODE_LIMIT = { perBeliever: 10, windowSeconds: 3600 } as const;

const ids = (list: string) => list.split(',').map(Number);

/**
 * The volunteer application (spec 002 sections 2-5, 7): the SMS code for the application's phone,
 * and the application itself, stored pending with data source 6. One open application per phone:
 * a pending one answers 409 (checked after the phone's code, so the answer tells nothing to whoever
 * lacks the code, and guarded by a partial unique index, so two racing submits cannot both be stored).
 */
export const createVolunteerService = ({ db, clock, verifyCode, sendCode }: VolunteerDeps) => ({
  today: () => templeToday(clock.now()),

  /** The believer's own pending application (the latest), or null: the page says so on arrival. */
  async mine(user: SessionUser): Promise<MyVolunteerApplication> {
    const row = await db
      .selectFrom('volunteer_applications')
      .select(['name', 'mobile', 'created_at'])
      .where('user_id', '=', user.id)
      .where('status', '=', 'pending')
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row
      ? { name: row.name, mobile: maskPhone(row.mobile), submittedOn: templeToday(new Date(row.created_at)) }
      : null;
  },

  async sendCode(user: SessionUser, phone: string): Promise<void> {
    const { perBeliever, windowSeconds } = VOLUNTEER_CODE_LIMIT;
    const wait = await hitRateLimit(
      db,
      `volunteer-code:user:${user.id}`,
      perBeliever,
      windowSeconds,
      clock.now(),
    );
    if (wait !== null) throw tooManyRequests(VOLUNTEER_MESSAGES.codeTooOften, wait);
    await sendCode(phone, VOLUNTEER_RULES.codePurpose);
  },

  async apply(user: SessionUser, payload: VolunteerPayload): Promise<void> {
    const photoId = volunteerPhotoIdOf(payload.photo);
    if (!photoId) throw badRequest(VOLUNTEER_MESSAGES.photoEmpty);
    const owned = await db
      .selectFrom('volunteer_photos')
      .select('id')
      .where('id', '=', photoId)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (!owned) throw badRequest(VOLUNTEER_MESSAGES.photoNotOurs);
    // The code first: without the phone's code, no one learns whether that phone has applied.
    await verifyCode(payload.mobile, VOLUNTEER_RULES.codePurpose, payload.captcha);
    const pending = await db
      .selectFrom('volunteer_applications')
      .select('id')
      .where('mobile', '=', payload.mobile)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (pending) throw conflict(VOLUNTEER_MESSAGES.alreadyApplied);
    try {
      await db.transaction().execute(async (trx) => {
        // The photo is held until the application references it (a new upload's clean-up waits).
        const photo = await trx
          .selectFrom('volunteer_photos')
          .select('id')
          .where('id', '=', photoId)
          .where('user_id', '=', user.id)
          .forShare()
          .executeTakeFirst();
        if (!photo) throw badRequest(VOLUNTEER_MESSAGES.photoNotOurs);
        await trx
          .insertInto('volunteer_applications')
          .values({
            user_id: user.id,
            data_source: payload.dataSource,
            name: payload.name,
            id_card: payload.idCard,
            mobile: payload.mobile,
            sex: payload.sex,
            nation: payload.nation,
            address: payload.address,
            employer: payload.employer,
            photo_id: photoId,
            birth_date: payload.birthDate,
            age: payload.age,
            fo_date: payload.foDate,
            post_code: payload.postCode,
            wechat: payload.wechat,
            degree: payload.degree,
            physical_conditions: payload.physicalConditions,
            bool_convert: payload.boolConvert,
            bool_gc: payload.boolGc,
            convert_date: payload.convertDate,
            convert_legal_name: payload.convertLegalName,
            convert_temple: payload.convertTemple,
            ssq_code: payload.ssqCode,
            ssq_name: payload.ssqName,
            time_available: payload.timeAvailable,
            week_days: WEEKDAYS.filter((day) => payload.week[day] === 1),
            project_hc_ids: ids(payload.projectHcIds),
            project_hd_ids: ids(payload.projectHdIds),
            talent_ids: ids(payload.talentIds),
            created_at: clock.now(),
          })
          .execute();
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(VOLUNTEER_MESSAGES.alreadyApplied);
      throw error;
    }
  },

  /**
   * Temple staff decide a pending application (the console's review, or the command): the note
   * and the reviewer are stored, the applicant is told by SMS (002 section 1) and the audit log
   * gets its line, all in the same transaction.
   */
  async review(
    applicationId: number,
    decision: 'approved' | 'rejected',
    { note, reviewer }: { note: string; reviewer: StaffActor },
  ): Promise<void> {
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const application = await trx
        .selectFrom('volunteer_applications')
        .select(['id', 'status', 'mobile'])
        .where('id', '=', applicationId)
        .forUpdate()
        .executeTakeFirst();
      if (!application) throw notFound(VOLUNTEER_MESSAGES.notFound);
      if (application.status !== 'pending') throw conflict(VOLUNTEER_MESSAGES.notPending);
      await trx
        .updateTable('volunteer_applications')
        .set({ status: decision, review_note: note || null, reviewed_at: now, reviewed_by: reviewer.id })
        .where('id', '=', applicationId)
        .execute();
      await audit(
        trx,
        reviewer,
        'volunteer.reviewed',
        `volunteer:${applicationId}`,
        { before: { status: application.status }, after: { status: decision, note } },
        now,
      );
      await queueNotification(
        trx,
        {
          template: decision === 'approved' ? 'volunteer_approved' : 'volunteer_declined',
          params: {},
          phone: application.mobile,
          subject: { kind: 'volunteer', applicationId },
        },
        now,
      );
    });
  },
});

export type VolunteerService = ReturnType<typeof createVolunteerService>;
