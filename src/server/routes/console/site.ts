import { consoleApi } from '@contract/console';
import { siteSettingsUpdateSchema } from '@contract/site-settings';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { body, ok } from '../../http';
import { createSiteDesk } from '../../services/staff/site-desk';
import type { ConsoleDeps } from './deps';
import { allow } from './require-staff';

/** The temple's facts (站点信息): 内容 staff. */
export const siteRoutes = ({ db, clock }: ConsoleDeps) => {
  const desk = createSiteDesk({ db, clock });
  return new Hono<AppEnv>()
    .use(consoleApi.siteSettings.path, allow('editContent'))
    .get(consoleApi.siteSettings.path, async (c) => ok(c, await desk.read()))
    .put(consoleApi.siteSettingsSave.path, async (c) => {
      const { settings, version } = await body(c, siteSettingsUpdateSchema);
      return ok(c, await desk.save(settings, version, c.get('staff')), '站点信息已保存');
    });
};
