import type { Db } from '../database';
import { seedActivities } from './activities';
import { seedAssemblies } from './assemblies';
import { seedCeremonies } from './ceremonies';
import { dictionaries } from './dictionaries';
import { seedMeritItems } from './merit';
import { seedNews, seedWishes } from './news';
import { seedPhotos } from './photos';
import { defaultSiteConfig } from './site';
import { seedStatues } from './statues';
import { seedTablets } from './tablets';

/**
 * Realistic sample content for every area of the spec, dated from `today`.
 * Runs once: a database that already has its settings is left alone.
 */
export const seedIfEmpty = async (db: Db, today: Date): Promise<boolean> => {
  const seeded = await db.selectFrom('site_settings').select('key').limit(1).executeTakeFirst();
  if (seeded) return false;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('site_settings')
      .values({ key: 'site', value: JSON.stringify(defaultSiteConfig) })
      .execute();
    await trx
      .insertInto('dictionary_items')
      .values(
        dictionaries.map((item, sort) => ({
          ext_int1: null,
          ext_int2: null,
          ext_text1: null,
          ...item,
          sort,
        })),
      )
      .execute();
    await seedAssemblies(trx, today);
    await seedMeritItems(trx);
    await seedCeremonies(trx, today);
    await seedStatues(trx);
    await seedTablets(trx);
    await seedNews(trx, today);
    await seedWishes(trx, today);
    await seedActivities(trx, today);
    // Last: the photographs are stored, then named by rows seeded above.
    await seedPhotos(trx, today);
  });
  return true;
};
