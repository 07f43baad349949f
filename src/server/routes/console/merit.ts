import { consoleApi } from '@contract/console';
import {
  MERIT_CATALOGUE_MESSAGES,
  meritDraftSchema,
  meritOrderSchema,
  meritPublishSchema,
  meritSaveSchema,
} from '@contract/merit-catalogue';
import { wholeNumberParam } from '@contract/wire';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { body, ok, param } from '../../http';
import { createMeritDesk } from '../../services/staff/merit-desk';
import type { ConsoleDeps } from './deps';
import { allow } from './require-staff';

const idParam = wholeNumberParam(MERIT_CATALOGUE_MESSAGES.notFound);

/** The merit items of the catalogue (功德项目): 内容 staff. */
export const meritCatalogueRoutes = ({ db, clock }: ConsoleDeps) => {
  const desk = createMeritDesk({ db, clock });
  return new Hono<AppEnv>()
    .use(consoleApi.meritItems.path, allow('editContent'))
    .use(`${consoleApi.meritItems.path}/*`, allow('editContent'))
    .use(consoleApi.meritItemsOrder.path, allow('editContent'))
    .get(consoleApi.meritItems.path, async (c) => ok(c, await desk.list()))
    .post(consoleApi.meritItemCreate.path, async (c) =>
      ok(c, await desk.create(await body(c, meritDraftSchema), c.get('staff')), '功德项目已保存为草稿'),
    )
    .put(consoleApi.meritItemsOrder.path, async (c) =>
      ok(c, await desk.reorder(await body(c, meritOrderSchema), c.get('staff')), '顺序已保存'),
    )
    .get(consoleApi.meritItem.path, async (c) => ok(c, await desk.read(param(c, 'id', idParam))))
    .put(consoleApi.meritItemSave.path, async (c) => {
      const { item, version } = await body(c, meritSaveSchema);
      return ok(c, await desk.save(param(c, 'id', idParam), item, version, c.get('staff')), '功德项目已保存');
    })
    .post(consoleApi.meritItemPublish.path, async (c) => {
      const { published, version } = await body(c, meritPublishSchema);
      const answer = await desk.publish(param(c, 'id', idParam), published, version, c.get('staff'));
      return ok(c, answer, published ? '功德项目已发布，信众即可供养' : '功德项目已撤下');
    });
};
