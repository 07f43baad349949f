import { consoleApi } from '@contract/console';
import {
  TABLET_CATALOGUE_MESSAGES,
  tabletGroupCreateSchema,
  tabletGroupSaveSchema,
  tabletSeatsAddSchema,
  tabletSeatsRemoveSchema,
  tabletTextSaveSchema,
} from '@contract/tablet-catalogue';
import { wholeNumberParam } from '@contract/wire';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { body, ok, param } from '../../http';
import { createTabletDesk } from '../../services/staff/tablet-desk';
import type { ConsoleDeps } from './deps';
import { allow } from './require-staff';

const idParam = wholeNumberParam(TABLET_CATALOGUE_MESSAGES.notFound);

/** The memorial tablets of the catalogue (牌位供奉): 内容 staff. */
export const tabletCatalogueRoutes = ({ db, clock }: ConsoleDeps) => {
  const desk = createTabletDesk({ db, clock });
  const mapOf = (c: { req: { param: (name: string) => string | undefined } }) => c.req.param('map') ?? '';
  return new Hono<AppEnv>()
    .use(consoleApi.tablets.path, allow('editContent'))
    .use(`${consoleApi.tablets.path}/*`, allow('editContent'))
    .get(consoleApi.tablets.path, async (c) => ok(c, await desk.catalogue()))
    .put(consoleApi.tabletTypeSave.path, async (c) => {
      const { text, version } = await body(c, tabletTextSaveSchema);
      const answer = await desk.saveType(param(c, 'id', idParam), text, version, c.get('staff'));
      return ok(c, answer, '牌位类型已保存');
    })
    .put(consoleApi.tabletCategorySave.path, async (c) => {
      const { text, version } = await body(c, tabletTextSaveSchema);
      const answer = await desk.saveCategory(param(c, 'id', idParam), text, version, c.get('staff'));
      return ok(c, answer, '牌位类别已保存');
    })
    .post(consoleApi.tabletGroupCreate.path, async (c) =>
      ok(c, await desk.createGroup(await body(c, tabletGroupCreateSchema), c.get('staff')), '区域已添加'),
    )
    .get(consoleApi.tabletGroup.path, async (c) => ok(c, await desk.group(mapOf(c))))
    .put(consoleApi.tabletGroupSave.path, async (c) => {
      const { group, version } = await body(c, tabletGroupSaveSchema);
      return ok(c, await desk.saveGroup(mapOf(c), group, version, c.get('staff')), '区域已保存');
    })
    .post(consoleApi.tabletSeatsAdd.path, async (c) => {
      const { add, version } = await body(c, tabletSeatsAddSchema);
      const answer = await desk.addSeats(mapOf(c), add, version, c.get('staff'));
      return ok(c, answer, add === 'row' ? '已增加一排' : '已增加一列');
    })
    .post(consoleApi.tabletSeatsRemove.path, async (c) => {
      const { seatIds, version } = await body(c, tabletSeatsRemoveSchema);
      const answer = await desk.removeSeats(mapOf(c), seatIds, version, c.get('staff'));
      return ok(c, answer, `已删除${seatIds.length}个位置`);
    });
};
