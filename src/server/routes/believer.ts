import { BELIEVER_MESSAGES, believerApi, profileUpdateSchema } from '@contract/believer';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { body, ok, parseWith, query } from '../http';
import type { AuthService } from '../services/auth';
import type { BelieverService } from '../services/believer';
import { requireUser } from './require-user';

/** The user centre (001 section 2): every call answers the token's believer, and only them. */
export const believerRoutes = (auth: AuthService, believer: BelieverService) =>
  new Hono<AppEnv>()
    .get(believerApi.profile.path, requireUser(auth), async (c) => {
      query(c, believerApi.profile.request);
      return ok(c, await believer.profile(c.get('user')));
    })
    .put(believerApi.update.path, requireUser(auth), async (c) => {
      const input = parseWith(
        profileUpdateSchema(believer.today()),
        await body(c, believerApi.update.request),
      );
      return ok(c, await believer.update(c.get('user'), input), BELIEVER_MESSAGES.updated);
    })
    .get(believerApi.orders.path, requireUser(auth), async (c) =>
      ok(c, await believer.orders(c.get('user'), query(c, believerApi.orders.request))),
    )
    .get(believerApi.activities.path, requireUser(auth), async (c) =>
      ok(c, await believer.activities(c.get('user'), query(c, believerApi.activities.request))),
    )
    .get(believerApi.enshrinements.path, requireUser(auth), async (c) =>
      ok(c, await believer.enshrinements(c.get('user'), query(c, believerApi.enshrinements.request))),
    );
