import {
  ceremonySlotsSaveSchema,
  ceremonyTypeParam,
  ceremonyTypeSaveSchema,
} from '@contract/ceremony-catalogue';
import { consoleApi } from '@contract/console';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { body, ok, param } from '../../http';
import { createCeremonyDesk } from '../../services/staff/ceremony-desk';
import type { ConsoleDeps } from './deps';
import { allow } from './require-staff';

/** The ceremonies of the catalogue (佛事设置: types with their prices, the day's slots): 内容 staff. */
export const ceremonyCatalogueRoutes = ({ db, clock }: ConsoleDeps) => {
  const desk = createCeremonyDesk({ db, clock });
  return new Hono<AppEnv>()
    .use(consoleApi.ceremonies.path, allow('editContent'))
    .use(`${consoleApi.ceremonies.path}/*`, allow('editContent'))
    .get(consoleApi.ceremonies.path, async (c) => ok(c, await desk.catalogue()))
    .get(consoleApi.ceremonySlots.path, async (c) => ok(c, await desk.readSlots()))
    .put(consoleApi.ceremonySlotsSave.path, async (c) => {
      const { slots, version } = await body(c, ceremonySlotsSaveSchema);
      return ok(c, await desk.saveSlots(slots, version, c.get('staff')), '时段已保存，网站即刻生效');
    })
    .get(consoleApi.ceremonyType.path, async (c) =>
      ok(c, await desk.readType(param(c, 'fsType', ceremonyTypeParam))),
    )
    .put(consoleApi.ceremonyTypeSave.path, async (c) => {
      const { type, version } = await body(c, ceremonyTypeSaveSchema);
      const fsType = param(c, 'fsType', ceremonyTypeParam);
      return ok(c, await desk.saveType(fsType, type, version, c.get('staff')), '佛事已保存，网站即刻生效');
    });
};
