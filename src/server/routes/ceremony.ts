import { ceremonyApi } from '@contract/ceremony';
import { Hono } from 'hono';
import type { CatalogueCache } from '../catalogue-cache';
import { query } from '../http';
import type { CeremonyService } from '../services/ceremony';

export const ceremonyRoutes = (ceremony: CeremonyService, cache: CatalogueCache) =>
  new Hono()
    .get(ceremonyApi.fsList.path, (c) => cache.portal(c, async () => ({ ls: await ceremony.types() })))
    .get(ceremonyApi.fsByType.path, (c) =>
      cache.portal(c, () => ceremony.typeDetail(query(c, ceremonyApi.fsByType.request).fsType)),
    )
    .get(ceremonyApi.pwList.path, (c) => cache.portal(c, async () => ({ ls: await ceremony.types() })))
    .get(ceremonyApi.pwByType.path, (c) =>
      cache.portal(c, () => ceremony.prices(query(c, ceremonyApi.pwByType.request).pwType)),
    )
    .get(ceremonyApi.calendar.path, (c) =>
      cache.portal(c, (at) => ceremony.calendar(query(c, ceremonyApi.calendar.request), at)),
    )
    .get(ceremonyApi.calendarInterval.path, (c) =>
      cache.portal(c, (at) => ceremony.calendar(query(c, ceremonyApi.calendarInterval.request), at)),
    );
