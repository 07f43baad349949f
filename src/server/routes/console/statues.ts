import { consoleApi } from '@contract/console';
import {
  nicheAddSchema,
  nicheRemoveSchema,
  statueGroupParam,
  statueLocationParam,
  statueLocationSaveSchema,
} from '@contract/statue-catalogue';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { body, ok, param } from '../../http';
import { createStatueDesk } from '../../services/staff/statue-desk';
import type { ConsoleDeps } from './deps';
import { allow } from './require-staff';

/** Statue enshrinement in the console (佛像供奉): 内容 staff. */
export const statueCatalogueRoutes = ({ db, clock }: ConsoleDeps) => {
  const desk = createStatueDesk({ db, clock });
  const niches = consoleApi.statueNiches.path;
  return new Hono<AppEnv>()
    .use(consoleApi.statueLocations.path, allow('editContent'))
    .use(`${consoleApi.statueLocations.path}/*`, allow('editContent'))
    .get(consoleApi.statueLocations.path, async (c) => ok(c, await desk.list()))
    .get(consoleApi.statueLocation.path, async (c) =>
      ok(c, await desk.read(param(c, 'location', statueLocationParam))),
    )
    .put(consoleApi.statueLocationSave.path, async (c) => {
      const { location, version } = await body(c, statueLocationSaveSchema);
      const at = param(c, 'location', statueLocationParam);
      return ok(c, await desk.save(at, location, version, c.get('staff')), '已保存，网站即刻生效');
    })
    .get(niches, async (c) =>
      ok(
        c,
        await desk.niches(param(c, 'location', statueLocationParam), param(c, 'group', statueGroupParam)),
      ),
    )
    .post(consoleApi.statueNichesAdd.path, async (c) => {
      const { add, version } = await body(c, nicheAddSchema);
      const at = param(c, 'location', statueLocationParam);
      const group = param(c, 'group', statueGroupParam);
      return ok(c, await desk.addNiches(at, group, add, version, c.get('staff')), '龛位已增加');
    })
    .post(consoleApi.statueNicheRemove.path, async (c) => {
      const { nicheId, version } = await body(c, nicheRemoveSchema);
      const at = param(c, 'location', statueLocationParam);
      const group = param(c, 'group', statueGroupParam);
      return ok(c, await desk.removeNiche(at, group, nicheId, version, c.get('staff')), '龛位已删除');
    });
};
