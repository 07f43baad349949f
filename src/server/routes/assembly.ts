import { assemblyApi } from '@contract/assembly';
import { Hono } from 'hono';
import type { CatalogueCache } from '../catalogue-cache';
import { query } from '../http';
import type { AssemblyService } from '../services/assembly';

export const assemblyRoutes = (assembly: AssemblyService, cache: CatalogueCache) =>
  new Hono()
    .get(assemblyApi.list.path, (c) => cache.portal(c, async () => ({ ls: await assembly.list() })))
    .get(assemblyApi.detail.path, (c) =>
      cache.portal(c, (at) => {
        const { hoeYear, hoeName } = query(c, assemblyApi.detail.request);
        return assembly.detail(hoeYear, hoeName, at);
      }),
    )
    .get(assemblyApi.meritItems.path, (c) =>
      cache.portal(c, () => assembly.meritItems(query(c, assemblyApi.meritItems.request))),
    )
    .get(assemblyApi.preview.path, (c) =>
      cache.portal(c, () => assembly.preview(query(c, assemblyApi.preview.request))),
    );
