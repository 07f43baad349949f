import type { volunteerRowSchema } from '@contract/console';
import { maskPhone } from '@contract/phone';
import { DAILY_PROJECT_OPTIONS, EVENT_PROJECT_OPTIONS, VOLUNTEER_MESSAGES } from '@contract/volunteer';
import { sql } from 'kysely';
import type * as v from 'valibot';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import type { StoredPhoto } from '../photos';

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
 * masked; one application's row; its photo, for staff only. The decision is the volunteer
 * service's `review` (its SMS and audit in one transaction).
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
