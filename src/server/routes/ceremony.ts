import { ceremonyApi } from '@contract/ceremony';
import { Hono } from 'hono';
import { portalOk, query } from '../http';
import type { CeremonyService } from '../services/ceremony';

export const ceremonyRoutes = (ceremony: CeremonyService) =>
  new Hono()
    .get(ceremonyApi.fsList.path, async (c) => portalOk(c, { ls: await ceremony.types() }))
    .get(ceremonyApi.fsByType.path, async (c) => {
      const { fsType } = query(c, ceremonyApi.fsByType.request);
      return portalOk(c, await ceremony.typeDetail(fsType));
    })
    .get(ceremonyApi.pwList.path, async (c) => portalOk(c, { ls: await ceremony.types() }))
    .get(ceremonyApi.pwByType.path, async (c) => {
      const { pwType } = query(c, ceremonyApi.pwByType.request);
      return portalOk(c, await ceremony.prices(pwType));
    })
    .get(ceremonyApi.calendar.path, async (c) =>
      portalOk(c, await ceremony.calendar(query(c, ceremonyApi.calendar.request))),
    )
    .get(ceremonyApi.calendarInterval.path, async (c) =>
      portalOk(c, await ceremony.calendar(query(c, ceremonyApi.calendarInterval.request))),
    );
