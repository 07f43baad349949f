import { CONSOLE_API_PREFIX, CONSOLE_MESSAGES, consoleApi, reviewSchema } from '@contract/console';
import { VOLUNTEER_MESSAGES } from '@contract/volunteer';
import { wholeNumberParam } from '@contract/wire';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../app-env';
import { body, ok, param, query } from '../../http';
import { createVolunteerDesk } from '../../services/staff/volunteer-desk';
import type { ConsoleDeps } from './deps';
import { allow } from './require-staff';

const idParam = wholeNumberParam(VOLUNTEER_MESSAGES.notFound);
const listQuery = v.object({
  status: v.optional(v.picklist(['pending', 'approved', 'rejected'], CONSOLE_MESSAGES.filterInvalid)),
});

/**
 * Volunteer applications (客堂, reviewVolunteers): the list, an application with its facts, its
 * whole phone (audited, never cached), its photo (staff only, never cached, never sniffed) and the
 * review, whose SMS and audit line commit with it.
 */
export const volunteerReviewRoutes = ({ db, clock, services }: ConsoleDeps) => {
  const desk = createVolunteerDesk(db);
  return new Hono<AppEnv>()
    .use(consoleApi.volunteers.path, allow('reviewVolunteers'))
    .use(`${CONSOLE_API_PREFIX}/volunteers/*`, allow('reviewVolunteers'))
    .get(consoleApi.volunteers.path, async (c) => ok(c, await desk.list(query(c, listQuery).status)))
    .get(consoleApi.volunteer.path, async (c) => ok(c, await desk.application(param(c, 'id', idParam))))
    .post(consoleApi.volunteerPhone.path, async (c) => {
      const answer = await desk.revealPhone(param(c, 'id', idParam), c.get('staff'), clock.now());
      c.header('Cache-Control', 'no-store');
      return ok(c, answer);
    })
    .get(`${consoleApi.volunteers.path}/:id/photo`, async (c) => {
      const photo = await desk.photo(param(c, 'id', idParam));
      c.header('Content-Type', photo.contentType);
      c.header('Cache-Control', 'no-store');
      c.header('X-Content-Type-Options', 'nosniff');
      c.header('Cross-Origin-Resource-Policy', 'same-origin');
      c.header('Content-Disposition', 'inline');
      return c.body(new Uint8Array(photo.bytes));
    })
    .post(consoleApi.review.path, async (c) => {
      const id = param(c, 'id', idParam);
      const { decision, note } = await body(c, reviewSchema);
      await services.volunteer.review(id, decision, { note, reviewer: c.get('staff') });
      return ok(c, await desk.row(id), decision === 'approved' ? '已通过' : '已婉拒');
    });
};
