import type { VolunteerApplication, VolunteerFacts, volunteerRowSchema } from '@contract/console';
import { maskPhone } from '@contract/phone';
import {
  DAILY_PROJECT_OPTIONS,
  EDUCATION_OPTIONS,
  EVENT_PROJECT_OPTIONS,
  HEALTH_OPTIONS,
  TALENT_OPTIONS,
  VOLUNTEER_MESSAGES,
  VOLUNTEER_SEXES,
  type VolunteerOption,
  WEEKDAY_LABELS,
  WEEKDAYS,
} from '@contract/volunteer';
import { sql } from 'kysely';
import type * as v from 'valibot';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import type { StoredPhoto } from '../photos';
import { audit, type StaffActor } from './audit';

export type VolunteerRow = v.InferOutput<typeof volunteerRowSchema>;
export type ReviewStatus = VolunteerRow['status'];

/** The longest list the desk shows at once: every pending application comes first. */
const LIST_LIMIT = 500;

const labelOf = (options: readonly { value: string; label: string }[], prefix: string) => (id: number) => {
  const label = options.find((o) => o.value === String(id))?.label;
  // 其他 is in both lists: its group says which.
  return label === '其他' ? `${prefix}·其他` : (label ?? '');
};
const daily = labelOf(DAILY_PROJECT_OPTIONS, '日常');
const event = labelOf(EVENT_PROJECT_OPTIONS, '活动');

const rowQuery = (db: Db) =>
  db
    .selectFrom('volunteer_applications')
    .leftJoin('volunteer_photos', 'volunteer_photos.id', 'volunteer_applications.photo_id')
    .select([
      'volunteer_applications.id',
      'volunteer_applications.name',
      'volunteer_applications.mobile',
      'volunteer_applications.project_hc_ids',
      'volunteer_applications.project_hd_ids',
      'volunteer_applications.status',
      'volunteer_applications.created_at',
      'volunteer_applications.review_note',
      sql<boolean>`volunteer_photos.id is not null`.as('has_photo'),
    ])
    // A withdrawn application is the applicant's, not the desk's.
    .where('volunteer_applications.status', 'in', ['pending', 'approved', 'rejected']);

type Stored = Awaited<ReturnType<ReturnType<typeof rowQuery>['execute']>>[number];

/** The application with what its applicant filled in. */
const applicationQuery = (db: Db) =>
  rowQuery(db).select([
    'volunteer_applications.sex',
    'volunteer_applications.birth_date',
    'volunteer_applications.age',
    'volunteer_applications.nation',
    'volunteer_applications.ssq_name',
    'volunteer_applications.degree',
    'volunteer_applications.physical_conditions',
    'volunteer_applications.employer',
    'volunteer_applications.wechat',
    'volunteer_applications.address',
    'volunteer_applications.post_code',
    'volunteer_applications.fo_date',
    'volunteer_applications.bool_gc',
    'volunteer_applications.bool_convert',
    'volunteer_applications.convert_date',
    'volunteer_applications.convert_legal_name',
    'volunteer_applications.convert_temple',
    'volunteer_applications.time_available',
    'volunteer_applications.week_days',
    'volunteer_applications.talent_ids',
  ]);
type StoredApplication = Awaited<ReturnType<ReturnType<typeof applicationQuery>['execute']>>[number];

/** A stored choice in the form's words ('' when none was given or it is no longer an option). */
const wordOf = (options: readonly VolunteerOption[], value: string | number) =>
  options.find((o) => o.value === String(value))?.label ?? '';
const wordsOf = (options: readonly VolunteerOption[], values: readonly (string | number)[]) =>
  values.map((value) => wordOf(options, value)).filter(Boolean);

const factsOf = (row: StoredApplication): VolunteerFacts => ({
  sex: wordOf(VOLUNTEER_SEXES, row.sex),
  birthDate: row.birth_date,
  age: row.age,
  nation: row.nation,
  hometown: row.ssq_name.split(',').filter(Boolean).join(' '),
  degree: wordOf(EDUCATION_OPTIONS, row.degree),
  health: wordOf(HEALTH_OPTIONS, row.physical_conditions),
  employer: row.employer,
  wechat: row.wechat,
  address: row.address,
  postCode: row.post_code,
  foDate: row.fo_date,
  guangci: row.bool_gc === 1,
  conversion:
    row.bool_convert === 1
      ? { date: row.convert_date, dharmaName: row.convert_legal_name, temple: row.convert_temple }
      : null,
  anytime: row.time_available === 1,
  weekdays: WEEKDAYS.filter((day) => row.week_days.includes(day)).map((day) => WEEKDAY_LABELS[day]),
  dailyProjects: wordsOf(DAILY_PROJECT_OPTIONS, row.project_hc_ids),
  eventProjects: wordsOf(EVENT_PROJECT_OPTIONS, row.project_hd_ids),
  talents: wordsOf(TALENT_OPTIONS, row.talent_ids),
});

const rowOf = (row: Stored): VolunteerRow => ({
  id: row.id,
  name: row.name,
  phone: maskPhone(row.mobile),
  groups: [...new Set([...row.project_hc_ids.map(daily), ...row.project_hd_ids.map(event)])].filter(Boolean),
  status: row.status as ReviewStatus,
  submittedAt: new Date(row.created_at).toISOString(),
  reviewNote: row.review_note,
  hasPhoto: row.has_photo,
});

/**
 * The volunteer desk (客堂, reviewVolunteers): the applications, pending first then newest, phones
 * masked; one application's row, or with everything its applicant filled in; its whole phone, each
 * ask audited; its photo, for staff only. The decision is the volunteer service's `review` (its SMS
 * and audit in one transaction).
 */
export const createVolunteerDesk = (db: Db) => ({
  async list(status?: ReviewStatus): Promise<VolunteerRow[]> {
    const rows = await rowQuery(db)
      .$if(status !== undefined, (q) => q.where('volunteer_applications.status', '=', status ?? 'pending'))
      .orderBy(sql`volunteer_applications.status = 'pending'`, 'desc')
      .orderBy('volunteer_applications.created_at', 'desc')
      .orderBy('volunteer_applications.id', 'desc')
      .limit(LIST_LIMIT)
      .execute();
    return rows.map(rowOf);
  },

  async row(id: number): Promise<VolunteerRow> {
    const row = await rowQuery(db).where('volunteer_applications.id', '=', id).executeTakeFirst();
    if (!row) throw notFound(VOLUNTEER_MESSAGES.notFound);
    return rowOf(row);
  },

  async application(id: number): Promise<VolunteerApplication> {
    const row = await applicationQuery(db).where('volunteer_applications.id', '=', id).executeTakeFirst();
    if (!row) throw notFound(VOLUNTEER_MESSAGES.notFound);
    return { ...rowOf(row), facts: factsOf(row) };
  },

  /** The whole phone, to call the applicant; the audit line is written before it is answered. */
  async revealPhone(id: number, actor: StaffActor, now: Date): Promise<{ phone: string }> {
    const row = await rowQuery(db).where('volunteer_applications.id', '=', id).executeTakeFirst();
    if (!row) throw notFound(VOLUNTEER_MESSAGES.notFound);
    await audit(db, actor, 'volunteer.phoneRevealed', `volunteer:${id}`, {}, now);
    return { phone: row.mobile };
  },

  async photo(id: number): Promise<StoredPhoto> {
    const photo = await db
      .selectFrom('volunteer_applications')
      .innerJoin('volunteer_photos', 'volunteer_photos.id', 'volunteer_applications.photo_id')
      .select(['volunteer_photos.content_type', 'volunteer_photos.bytes'])
      .where('volunteer_applications.id', '=', id)
      .where('volunteer_applications.status', '!=', 'withdrawn')
      .executeTakeFirst();
    if (!photo) throw notFound(VOLUNTEER_MESSAGES.photoNotFound);
    return { contentType: photo.content_type, bytes: photo.bytes };
  },
});
