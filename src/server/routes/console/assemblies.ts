import {
  ASSEMBLY_CATALOGUE_MESSAGES,
  assemblyDraftSchema,
  assemblyPublishSchema,
  assemblySaveSchema,
} from '@contract/assembly-catalogue';
import { consoleApi } from '@contract/console';
import { wholeNumberParam } from '@contract/wire';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { body, ok, param } from '../../http';
import { createAssemblyDesk } from '../../services/staff/assembly-desk';
import type { ConsoleDeps } from './deps';
import { allow } from './require-staff';

const idParam = wholeNumberParam(ASSEMBLY_CATALOGUE_MESSAGES.notFound);

/** The assemblies of the catalogue (法会管理): 内容 staff. */
export const assemblyCatalogueRoutes = ({ db, clock }: ConsoleDeps) => {
  const desk = createAssemblyDesk({ db, clock });
  return new Hono<AppEnv>()
    .use(consoleApi.assemblies.path, allow('editContent'))
    .use(`${consoleApi.assemblies.path}/*`, allow('editContent'))
    .get(consoleApi.assemblies.path, async (c) => ok(c, await desk.list()))
    .post(consoleApi.assemblyCreate.path, async (c) =>
      ok(c, await desk.create(await body(c, assemblyDraftSchema), c.get('staff')), '法会已保存为草稿'),
    )
    .get(consoleApi.assembly.path, async (c) => ok(c, await desk.read(param(c, 'id', idParam))))
    .put(consoleApi.assemblySave.path, async (c) => {
      const { assembly, version } = await body(c, assemblySaveSchema);
      return ok(c, await desk.save(param(c, 'id', idParam), assembly, version, c.get('staff')), '法会已保存');
    })
    .post(consoleApi.assemblyPublish.path, async (c) => {
      const { published, version } = await body(c, assemblyPublishSchema);
      const answer = await desk.publish(param(c, 'id', idParam), published, version, c.get('staff'));
      return ok(c, answer, published ? '法会已发布，信众即可报名' : '法会已撤下');
    });
};
