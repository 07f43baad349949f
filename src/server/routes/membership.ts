import { membershipApi } from '@contract/membership';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { type AddressOf, clientAddress } from '../client-address';
import { portalOk, query } from '../http';
import type { AuthService } from '../services/auth';
import type { MembershipService } from '../services/membership';
import { requireUser } from './require-user';

/** The charity society's reads: dictionaries (public), my membership and the proxy lookup (logged in). */
export const membershipRoutes = (
  auth: AuthService,
  membership: MembershipService,
  addressOf: AddressOf = clientAddress,
) =>
  new Hono<AppEnv>()
    .get(membershipApi.dict.path, async (c) => {
      const { dictKey } = query(c, membershipApi.dict.request);
      return portalOk(c, { [dictKey]: await membership.dictItems(dictKey) });
    })
    .get(membershipApi.dictValues.path, async (c) => {
      const { dictKey } = query(c, membershipApi.dictValues.request);
      return portalOk(c, await membership.dictItems(dictKey));
    })
    .get(membershipApi.mine.path, requireUser(auth), async (c) =>
      portalOk(c, await membership.mine(c.get('user'))),
    )
    .get(membershipApi.lookup.path, requireUser(auth), async (c) => {
      const lookup = query(c, membershipApi.lookup.request);
      return portalOk(c, await membership.lookup(c.get('user'), addressOf(c), lookup));
    });
