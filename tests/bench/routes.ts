import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { assemblyApi } from '@contract/assembly';
import { meritApi } from '@contract/merit';
import { newsApi } from '@contract/news';
import { statueApi } from '@contract/statue';
import * as v from 'valibot';
import { ROOT } from './server-process';

const read = async <S extends v.GenericSchema>(origin: string, endpoint: { path: string; response: S }) => {
  const res = await fetch(`${origin}${endpoint.path}`);
  if (res.status !== 200) throw new Error(`${endpoint.path} answered ${res.status}`);
  return v.parse(endpoint.response, await res.json());
};

/**
 * The hash URL of every route file in src/web/routes, detail routes with the first seeded item
 * as the site links it (its list page's links), read from the API. A route added later gets
 * `/#/<name>` until it needs parameters here.
 */
export const routeUrls = async (origin: string): Promise<{ route: string; url: string }[]> => {
  const assembly = (await read(origin, assemblyApi.list)).data.ls[0];
  const merit = (await read(origin, meritApi.list)).data[0];
  const news = (await read(origin, newsApi.list)).data.content[0];
  const statue = (await read(origin, statueApi.list)).data.ls.find((l) => l.LOCATION === '2');
  if (!assembly || !merit || !news || !statue)
    throw new Error('the seeded catalogue has no assembly, merit, news or statue');
  const search = (params: Record<string, string | number>) =>
    `?${new URLSearchParams(Object.entries(params).map(([k, value]) => [k, String(value)]))}`;
  const special: Record<string, string> = {
    index: '/',
    '[index]': '/index',
    homeDetail: `/homeDetail${search({ year: assembly.HOE_YEAR, name: assembly.HOE_NAME })}`,
    ceremonyDetail: `/ceremonyDetail${search({ id: 1 })}`,
    consecrateDetail: `/consecrateDetail${search({ type: 1 })}`,
    powerdekorDetail: `/powerdekorDetail${search({ id: 2, name: statue.NAME })}`,
    meritDetail: `/meritDetail${search({ id: merit.ID })}`,
    newsDetail: `/newsDetail${search({ id: news.id })}`,
    'listDetail.$id': `/listDetail/${news.id}`,
    'videoDetail.$id': '/videoDetail/1',
  };
  return readdirSync(resolve(ROOT, 'src/web/routes'))
    .filter((f) => f.endsWith('.tsx') && !f.startsWith('__'))
    .map((f) => f.replace(/\.tsx$/, ''))
    .map((name) => ({
      route: special[name] ?? `/${name}`,
      url: `${origin}/#${special[name] ?? `/${name}`}`,
    }));
};
