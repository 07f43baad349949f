import { CONSOLE_MESSAGES, consoleApi, seatBlockSchema } from '@contract/console';
import { wholeNumberParam } from '@contract/wire';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { body, ok, param } from '../../http';
import { seatKindParam, seatMapChoices, seatMapFor, setSeatBlocked } from '../../services/staff/seat-desk';
import type { ConsoleDeps } from './deps';
import { allow } from './require-staff';

const seatIdParam = wholeNumberParam(CONSOLE_MESSAGES.seatNotFound);

/** Statue and tablet seat maps with each seat's holder and state; block and free seats (客堂). */
export const seatRoutes = ({ db, clock }: ConsoleDeps) =>
  new Hono<AppEnv>()
    .use(consoleApi.seatMaps.path, allow('changeSeats'))
    .use(`${consoleApi.seatMaps.path}/*`, allow('changeSeats'))
    .get(consoleApi.seatMaps.path, async (c) => ok(c, await seatMapChoices(db)))
    .get(consoleApi.seatMap.path, async (c) => {
      const kind = param(c, 'kind', seatKindParam);
      return ok(c, await seatMapFor(db, kind, c.req.param('map') ?? '', clock.now()));
    })
    .post(consoleApi.seatBlock.path, async (c) => {
      const kind = param(c, 'kind', seatKindParam);
      const id = param(c, 'id', seatIdParam);
      const change = await body(c, seatBlockSchema);
      await setSeatBlocked(db, kind, id, change, c.get('staff'), clock.now());
      return ok(c, null, change.blocked ? '已封存座位' : '已解封座位');
    });
