import { WECHAT_LOGIN_MESSAGES, wechatLoginApi } from '@contract/wechat-login';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { AddressOf } from '../client-address';
import { body, ok } from '../http';
import type { AuthService } from '../services/auth';
import type { WechatLoginService } from '../services/wechat-login';
import { requireUser } from './require-user';

/** WeChat's web login (services/wechat-login.ts): the code exchanged, the binding made and undone. */
export const wechatLoginRoutes = (auth: AuthService, wechatLogin: WechatLoginService, addressOf: AddressOf) =>
  new Hono<AppEnv>()
    .get(wechatLoginApi.config.path, (c) => ok(c, wechatLogin.config()))
    .post(wechatLoginApi.visit.path, async (c) => {
      const { code } = await body(c, wechatLoginApi.visit.request);
      return ok(c, await wechatLogin.visit(code, addressOf(c)));
    })
    .get(wechatLoginApi.binding.path, requireUser(auth), async (c) =>
      ok(c, { bound: await wechatLogin.isBound(c.get('user').id) }),
    )
    .post(wechatLoginApi.bind.path, requireUser(auth), async (c) => {
      const { visit } = await body(c, wechatLoginApi.bind.request);
      await wechatLogin.bind(c.get('user').id, visit);
      return ok(c, { bound: true }, WECHAT_LOGIN_MESSAGES.bound);
    })
    .post(wechatLoginApi.unbind.path, requireUser(auth), async (c) => {
      await wechatLogin.unbind(c.get('user').id);
      return ok(c, { bound: false }, WECHAT_LOGIN_MESSAGES.unbound);
    });
