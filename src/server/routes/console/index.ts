import { CONSOLE_API_PREFIX } from '@contract/console';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { assemblyCatalogueRoutes } from './assemblies';
import { ceremonyCatalogueRoutes } from './ceremonies';
import { closedDayRoutes } from './closed-days';
import type { ConsoleDeps } from './deps';
import { meritCatalogueRoutes } from './merit';
import { newsRoutes } from './news';
import { orderRoutes } from './orders';
import { refundRoutes } from './refunds';
import { requireStaff } from './require-staff';
import { rosterRoutes } from './rosters';
import { seatRoutes } from './seats';
import { sessionRoutes } from './session';
import { siteRoutes } from './site';
import { staffRoutes } from './staff';
import { statueCatalogueRoutes } from './statues';
import { tabletCatalogueRoutes } from './tablets';
import { todayRoutes } from './today';
import { videoRoutes } from './videos';
import { volunteerReviewRoutes } from './volunteers';

/**
 * The staff console's API (`/admin/api/*`): sign-in first, then every other call behind a staff
 * session (requireStaff) and its permission (allow, in each area's routes). Unknown console paths
 * answer 404 only to a signed-in member: nobody maps the console's surface without a session.
 */
export const consoleRoutes = (deps: ConsoleDeps) => {
  const app = new Hono<AppEnv>();
  app.route('/', sessionRoutes(deps));
  app.use(`${CONSOLE_API_PREFIX}/*`, requireStaff(deps.accounts));
  app.route('/', staffRoutes(deps));
  app.route('/', todayRoutes(deps));
  app.route('/', orderRoutes(deps));
  app.route('/', refundRoutes(deps));
  app.route('/', seatRoutes(deps));
  app.route('/', rosterRoutes(deps));
  app.route('/', volunteerReviewRoutes(deps));
  app.route('/', siteRoutes(deps));
  app.route('/', closedDayRoutes(deps));
  app.route('/', newsRoutes(deps));
  app.route('/', assemblyCatalogueRoutes(deps));
  app.route('/', meritCatalogueRoutes(deps));
  app.route('/', videoRoutes(deps));
  app.route('/', ceremonyCatalogueRoutes(deps));
  app.route('/', tabletCatalogueRoutes(deps));
  app.route('/', statueCatalogueRoutes(deps));
  return app;
};
