import { assemblyApi } from '@contract/assembly';
import { Hono } from 'hono';
import { portalOk, query } from '../http';
import type { AssemblyService } from '../services/assembly';

export const assemblyRoutes = (assembly: AssemblyService) =>
  new Hono()
    .get(assemblyApi.list.path, async (c) => portalOk(c, { ls: await assembly.list() }))
    .get(assemblyApi.detail.path, async (c) => {
      const { hoeYear, hoeName } = query(c, assemblyApi.detail.request);
      return portalOk(c, await assembly.detail(hoeYear, hoeName));
    })
    .get(assemblyApi.meritItems.path, async (c) =>
      portalOk(c, await assembly.meritItems(query(c, assemblyApi.meritItems.request))),
    )
    .get(assemblyApi.preview.path, async (c) =>
      portalOk(c, await assembly.preview(query(c, assemblyApi.preview.request))),
    );
