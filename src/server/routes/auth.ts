import { AUTH_MESSAGES, loginRequest, registerRequest, sendCodeRequest } from '@contract/auth';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { type AddressOf, clientAddress } from '../client-address';
import { body, ok } from '../http';
import type { AuthService } from '../services/auth';
import { bearerToken, requireUser } from './require-user';

/** Login and registration; the send and check calls are limited per phone and per caller's address. */
export const authRoutes = (auth: AuthService, addressOf: AddressOf = clientAddress) =>
  new Hono<AppEnv>()
    .post('/api/register/verify', async (c) => {
      const { phone, type } = await body(c, sendCodeRequest);
      await auth.sendCode(phone, type, addressOf(c));
      return ok(c, null, AUTH_MESSAGES.codeSent);
    })
    .post('/api/login/mobile', async (c) => {
      const { account, captcha } = await body(c, loginRequest);
      return ok(c, await auth.login(account, captcha, addressOf(c)), AUTH_MESSAGES.loggedIn);
    })
    .post('/api/register', async (c) => {
      const { account, captcha, realName } = await body(c, registerRequest);
      return ok(c, await auth.register(account, captcha, realName, addressOf(c)), AUTH_MESSAGES.registered);
    })
    .post('/api/logout', async (c) => {
      const token = bearerToken(c);
      if (token) await auth.logout(token);
      return ok(c, null, AUTH_MESSAGES.loggedOut);
    })
    .get('/api/yxs-app/user/me', requireUser(auth), (c) => {
      const { phone, userType, realName } = c.get('user');
      return ok(c, { phone, userType, realName });
    });
