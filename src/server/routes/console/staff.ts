import { auditSearchSchema, CONSOLE_MESSAGES, consoleApi } from '@contract/console';
import { staffCreateSchema, staffUpdateSchema } from '@contract/staff';
import { wholeNumberParam } from '@contract/wire';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { body, ok, param, query } from '../../http';
import { auditPage } from '../../services/staff/audit';
import type { ConsoleDeps } from './deps';
import { allow } from './require-staff';

const idParam = wholeNumberParam(CONSOLE_MESSAGES.notFound);

/** Staff accounts and the audit log: administrators only (管理员). */
export const staffRoutes = ({ db, accounts }: ConsoleDeps) =>
  new Hono<AppEnv>()
    .use(consoleApi.staffList.path, allow('manageStaff'))
    .use(`${consoleApi.staffList.path}/*`, allow('manageStaff'))
    .use(consoleApi.audit.path, allow('manageStaff'))
    .get(consoleApi.staffList.path, async (c) => ok(c, await accounts.list()))
    .post(consoleApi.staffCreate.path, async (c) =>
      ok(c, await accounts.create(await body(c, staffCreateSchema), c.get('staff')), '已新建账号'),
    )
    .put(consoleApi.staffUpdate.path, async (c) =>
      ok(
        c,
        await accounts.update(param(c, 'id', idParam), await body(c, staffUpdateSchema), c.get('staff')),
        '已保存',
      ),
    )
    .post(consoleApi.staffResetTotp.path, async (c) =>
      ok(c, await accounts.resetTotp(param(c, 'id', idParam), c.get('staff')), '已重置动态验证码'),
    )
    .get(consoleApi.audit.path, async (c) => ok(c, await auditPage(db, query(c, auditSearchSchema))));
