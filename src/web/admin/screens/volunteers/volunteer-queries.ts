import { consoleApi, type volunteerRowSchema } from '@contract/console';
import { queryOptions } from '@tanstack/react-query';
import type * as v from 'valibot';
import { consoleCall } from '../../api/console-client';

/** The volunteer applications (the server's order; the page lists the pending ones first). */
export const volunteersQuery = queryOptions({
  queryKey: ['console', 'volunteers'],
  queryFn: () => consoleCall(consoleApi.volunteers),
});

/** One application with everything its applicant filled in (the phone still masked). */
export const volunteerQuery = (id: number) =>
  queryOptions({
    queryKey: ['console', 'volunteers', id],
    queryFn: () => consoleCall(consoleApi.volunteer, { params: { id } }),
  });

/** The application's whole phone: asked for each time (the server audits every ask), never cached. */
export const revealVolunteerPhone = (id: number) =>
  consoleCall(consoleApi.volunteerPhone, { params: { id }, quiet: true });

/** Where a stored application's photo is read (staff only, never cached). */
export const volunteerPhotoUrl = (id: number) => `/admin/api/volunteers/${id}/photo`;

export const VOLUNTEER_STATUS_LABELS = { pending: '待审核', approved: '已通过', rejected: '未通过' } as const;

export type VolunteerRow = v.InferOutput<typeof volunteerRowSchema>;
